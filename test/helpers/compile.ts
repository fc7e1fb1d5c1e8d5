// Type-checks a set of in-memory TypeScript files with the real compiler (strict, the repository's
// settings). The files sit, in memory, in a folder inside the repository, so that imports of src/, of
// packages and of the package itself by name (`typefetch`, through its `exports`) resolve.
import path from 'node:path';
import ts from 'typescript';

export const VIRTUAL_FOLDER = path.join(import.meta.dirname, '.virtual');

const defaults: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  skipLibCheck: true,
};

// Declaration files (lib.dom.d.ts, packages' types, dist/) are parsed once and shared between compiles:
// parsing lib.dom.d.ts alone takes about a second.
const declarationCache = new Map<string, ts.SourceFile | undefined>();
const DECLARATION = /\.d\.[cm]?ts$/;

/**
 * Every diagnostic of the program made of `files` (name -> text, relative to VIRTUAL_FOLDER; names may
 * hold folders), as `file:line: message`. `options` are added to the defaults above.
 */
export function compile(files: Record<string, string>, options: ts.CompilerOptions = {}): string[] {
  const program = virtualProgram(files, options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${path.relative(VIRTUAL_FOLDER, diagnostic.file.fileName)}:${line + 1}: ${message}`;
  });
}

/**
 * The program made of `files` (as for {@link compile}), for a test that asks its type checker about them
 * ({@link sourceOf} finds one of them in it).
 */
export function virtualProgram(files: Record<string, string>, options: ts.CompilerOptions = {}): ts.Program {
  const settings = { ...defaults, ...options };
  const sources = new Map(
    Object.entries(files).map(([name, text]) => [path.join(VIRTUAL_FOLDER, name), text]),
  );
  const folders = new Set<string>();
  for (const file of sources.keys()) {
    for (let folder = path.dirname(file); folder.startsWith(VIRTUAL_FOLDER); folder = path.dirname(folder)) {
      folders.add(folder);
    }
  }
  const host = ts.createCompilerHost(settings, true);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => sources.has(file) || ts.sys.fileExists(file);
  host.readFile = (file) => sources.get(file) ?? readFile(file);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (folder) =>
    folders.has(folder) ||
    (directoryExists === undefined ? ts.sys.directoryExists(folder) : directoryExists(folder));
  host.getSourceFile = (file, version, ...rest) => {
    const text = sources.get(file);
    if (text !== undefined) return ts.createSourceFile(file, text, version, true);
    if (!DECLARATION.test(file)) return getSourceFile(file, version, ...rest);
    const key =
      typeof version === 'object'
        ? `${file}|${version.languageVersion}|${version.impliedNodeFormat}`
        : `${file}|${version}`;
    if (!declarationCache.has(key)) declarationCache.set(key, getSourceFile(file, version, ...rest));
    return declarationCache.get(key);
  };
  return ts.createProgram(
    [...sources.keys()].filter((file) => file.endsWith('.ts')),
    settings,
    host,
  );
}

/** The source file `name` (relative to VIRTUAL_FOLDER) of a {@link virtualProgram}. */
export function sourceOf(program: ts.Program, name: string): ts.SourceFile {
  const source = program.getSourceFile(path.join(VIRTUAL_FOLDER, name));
  if (source === undefined) throw new Error(`${name} is not a file of this program`);
  return source;
}

/** The three lines that open a {@link typedCallsModule}: the typed client over `./index.js`'s `Api`. */
export const TYPED_CLIENT_PREAMBLE = [
  "import type { TypedApiClient } from '../../../src/client/endpoint-map.js';",
  "import type { Api } from './index.js';",
  'declare const api: TypedApiClient<Api>;',
] as const;

/**
 * A module (to compile beside an endpoint map's `index.ts`) that calls the map through the typed client:
 * `lines` from line 4 on, in a module's async context, so `await api.get(...)` compiles.
 */
export function typedCallsModule(...lines: string[]): string {
  return [...TYPED_CLIENT_PREAMBLE, ...lines, 'export {};'].join('\n');
}
