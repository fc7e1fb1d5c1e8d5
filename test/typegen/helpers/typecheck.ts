// Type-checks many generated files in ONE TypeScript program (in-memory host, strict), each file its
// own module: the generated declaration plus a checker line assigning the sample's JSON to the type.
// In 'modules' mode the files may import packages (zod): they sit, in memory, inside the repository so
// that module resolution finds its node_modules, and the program gets a modern lib.
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import type { TypeNode } from '../../../src/typegen/model.js';

export interface CheckSample {
  /** Unique, used as the file name. */
  readonly id: string;
  /** What generateTypes returned. */
  readonly declaration: string;
  readonly typeName: string;
  /** The parsed JSON the declaration was generated from. */
  readonly value: unknown;
}

export interface CheckResult {
  readonly id: string;
  readonly source: string;
  /** Flattened messages, each with its line: col. */
  readonly diagnostics: readonly string[];
  /** Occurrences of the `any` keyword in the file. */
  readonly anyCount: number;
}

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleDetection: ts.ModuleDetectionKind.Force,
  // es5 declares everything the output and the checker lines use (Record, Infinity, NaN).
  lib: ['lib.es5.d.ts'],
  types: [],
};

const moduleOptions: ts.CompilerOptions = {
  ...options,
  lib: ['lib.es2022.d.ts'],
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  exactOptionalPropertyTypes: true,
};

// Not a real folder: the files exist only in the host, but resolution walks up from here.
const MODULE_FOLDER = path.join(import.meta.dirname, '../../../.typecheck-virtual');

/** `declarations`: the generated text declares types only (es5 lib); `modules`: it may import zod. */
export type CheckMode = 'declarations' | 'modules';

const libDirectory = createRequire(import.meta.url)
  .resolve('typescript/lib/lib.es5.d.ts')
  .replace(/lib\.es5\.d\.ts$/, '');
const libCache = new Map<string, ts.SourceFile | undefined>();

/** Builds the program and reports every file's diagnostics and `any` count. */
export function typecheckSamples(
  samples: readonly CheckSample[],
  mode: CheckMode = 'declarations',
): CheckResult[] {
  const folder = mode === 'modules' ? MODULE_FOLDER : '/samples';
  const compilerOptions = mode === 'modules' ? moduleOptions : options;
  const fileOf = (sample: CheckSample) =>
    path.posix.join(folder.split(path.sep).join('/'), `${sample.id}.ts`);
  const sources = new Map<string, string>();
  for (const sample of samples) {
    const file = fileOf(sample);
    if (sources.has(file)) throw new Error(`duplicate sample id ${sample.id}`);
    sources.set(
      file,
      `${sample.declaration}\nconst sample: ${sample.typeName} = ${toTsExpression(sample.value)};\n`,
    );
  }
  const host = ts.createCompilerHost(compilerOptions, true);
  const readFile = host.readFile.bind(host);
  host.fileExists = (file) => sources.has(file) || ts.sys.fileExists(file);
  host.readFile = (file) => sources.get(file) ?? readFile(file);
  host.getSourceFile = (file, languageVersion) => {
    const text = sources.get(file);
    if (text !== undefined) return ts.createSourceFile(file, text, languageVersion, true);
    if (!libCache.has(file)) {
      const libText = ts.sys.readFile(file);
      libCache.set(
        file,
        libText === undefined ? undefined : ts.createSourceFile(file, libText, languageVersion),
      );
    }
    return libCache.get(file);
  };
  host.getDefaultLibLocation = () => libDirectory;
  const program = ts.createProgram([...sources.keys()], compilerOptions, host);
  const global = program
    .getGlobalDiagnostics()
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (global.length > 0) throw new Error(`program has global diagnostics: ${global.join('; ')}`);
  return samples.map((sample) => {
    const file = fileOf(sample);
    const sourceFile = program.getSourceFile(file)!;
    const diagnostics = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ].map((d) => {
      const where = d.start === undefined ? '' : lineAndColumn(sourceFile, d.start);
      return `${where}TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    return { id: sample.id, source: sources.get(file)!, diagnostics, anyCount: countAny(sourceFile) };
  });
}

function lineAndColumn(sourceFile: ts.SourceFile, position: number): string {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(position);
  return `${line + 1}:${character + 1} `;
}

function countAny(sourceFile: ts.SourceFile): number {
  // Iterative walk: generated types may be deep.
  let count = 0;
  const stack: ts.Node[] = [sourceFile];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === ts.SyntaxKind.AnyKeyword) count++;
    ts.forEachChild(node, (child) => {
      stack.push(child);
    });
  }
  return count;
}

/**
 * The value as a TypeScript expression with JSON.parse semantics: a `__proto__` key is written as the
 * computed key `["__proto__"]`, which (unlike `"__proto__": x`) makes an own property, as JSON.parse does.
 */
export function toTsExpression(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      // JSON.parse turns 1e400 into Infinity, which JSON.stringify would print as null.
      return Number.isFinite(value) ? JSON.stringify(value) : String(value);
    case 'string':
      return tsString(value);
    case 'boolean':
      return String(value);
    case 'object':
      if (Array.isArray(value)) return `[${value.map(toTsExpression).join(', ')}]`;
      {
        const members = Object.keys(value).map((key) => {
          const name = key === '__proto__' ? `[${tsString(key)}]` : tsString(key);
          return `${name}: ${toTsExpression((value as Record<string, unknown>)[key])}`;
        });
        return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
      }
    default:
      throw new Error(`not a JSON value: ${typeof value}`);
  }
}

function tsString(text: string): string {
  return JSON.stringify(text).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

const OBJECT_PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Names of optional members, at any depth, named like an Object.prototype member: decisions.md's one
 * exception (TypeScript compares a literal lacking `toString` with `Object.prototype.toString`).
 */
export function optionalPrototypeMembers(node: TypeNode, found = new Set<string>()): Set<string> {
  switch (node.kind) {
    case 'array':
      if (node.element) optionalPrototypeMembers(node.element, found);
      break;
    case 'union':
      for (const member of node.members) optionalPrototypeMembers(member, found);
      break;
    case 'map':
      optionalPrototypeMembers(node.value, found);
      break;
    case 'object':
      for (const [key, field] of node.fields) {
        if (field.optional && OBJECT_PROTOTYPE_NAMES.has(key)) found.add(key);
        optionalPrototypeMembers(field.type, found);
      }
      break;
    default:
  }
  return found;
}
