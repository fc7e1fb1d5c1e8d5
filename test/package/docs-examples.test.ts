// Every ```ts block of README.md and docs/*.md is type-checked with the real compiler and the
// repository's tsconfig.json, so that an example cannot go stale when an option is renamed or a type
// changes. The convention (docs/architecture.md, "How the docs' examples are checked"):
// - each block is its own module, named by its markdown file and line; the blocks of one markdown file
//   are one program, with `import ... from 'typefetch'` (and 'typefetch/capture', 'typefetch/undici')
//   resolving to the built package's declarations through its `exports`, as a user's import does;
// - a fragment may use a name it does not declare (`api`, `baseUrl`, a `User` type): PREAMBLES below
//   declares it, globally, for the blocks of that file; a block that declares the name itself shadows it;
// - a relative import of an example (`./api/index.js`) resolves to a file of FIXTURES, beside the blocks;
// - a line that ends in `// compile error: <why>` must fail to compile, with exactly the message that
//   COMPILE_ERRORS gives for it; no other line may have a diagnostic.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureEntryBuilt, ROOT } from '../helpers/build.js';
import { compile, VIRTUAL_FOLDER } from '../helpers/compile.js';

const MARKDOWN = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((file) => `docs/${file}`)]
  .filter((file) => file.endsWith('.md'))
  .sort();

/** The package's exports that fragments use without importing them, as globals. */
const PACKAGE_GLOBALS = `
const createApiClient: typeof import('typefetch').createApiClient;
const ApiError: typeof import('typefetch').ApiError;
const ValidationError: typeof import('typefetch').ValidationError;
const generateTypes: typeof import('typefetch').generateTypes;
const captureTypes: typeof import('typefetch/capture').captureTypes;
const createUndiciFetch: typeof import('typefetch/undici').createUndiciFetch;
`;

/**
 * Names a fragment may take from the package without importing them, but a block with an `import` of its
 * own may not: a reader copies such a block whole, so it must import every one of them it uses
 * (`z` too).
 */
const IMPORTED_NAMES = new Set(
  [...PACKAGE_GLOBALS.matchAll(/^const (\w+):/gm)].map((m) => m[1]!).concat('z'),
);

/**
 * What a block's own text gets wrong for a reader who copies it, as `line: message` (1-based lines of the
 * block): a relative import without its `.js` extension (Node's ESM resolution and TypeScript's `nodenext`
 * need it; bundlers accept it), and, in a block that imports anything, a name of IMPORTED_NAMES used
 * without an import or a declaration of its own.
 */
function readerProblems(code: string): string[] {
  const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.ES2022, true);
  const problems: string[] = [];
  const lineOf = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const declared = new Set<string>();
  let imports = false;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    imports = true;
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (specifier.startsWith('.') && !/\.(?:js|mjs|cjs|json)$/.test(specifier)) {
      problems.push(`${lineOf(statement)}: the relative import '${specifier}' needs its .js extension`);
    }
    const clause = statement.importClause;
    if (clause?.name !== undefined) declared.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings !== undefined && ts.isNamespaceImport(bindings)) declared.add(bindings.name.text);
    if (bindings !== undefined && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) declared.add(element.name.text);
    }
  }
  const visit = (node: ts.Node): void => {
    if (
      (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) &&
      node.name !== undefined &&
      ts.isIdentifier(node.name)
    ) {
      declared.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!imports) return problems;
  const used = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && IMPORTED_NAMES.has(node.text) && !declared.has(node.text)) {
      const parent = node.parent;
      const isName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isPropertySignature(parent) && parent.name === node) ||
        (ts.isMethodDeclaration(parent) && parent.name === node);
      if (!isName) problems.push(`${lineOf(node)}: '${node.text}' is used but not imported`);
    }
    ts.forEachChild(node, used);
  };
  used(source);
  return [...new Set(problems)];
}

/** The client and the `User` most fragments take as given. */
const CLIENT = `
const api: import('typefetch').ApiClient;
const baseUrl: string;
interface User {
  id: number;
  name: string;
}
`;

/**
 * The names the fragments of each markdown file take as given: global declarations (the test wraps them
 * in `declare global { }` in a module beside the blocks, so that they are type-checked too). `{src}` is
 * replaced by the path of src/ from there (docs/traffic.md shows internal modules).
 */
const PREAMBLES: Record<string, string> = {
  'README.md': `${PACKAGE_GLOBALS}${CLIENT}
const token: string;
const adminToken: string;
const file: Blob;
const bar: { set(percent: number): void };
interface Tick {
  price: number;
}
function getToken(): Promise<string>;
function refreshToken(): Promise<void>;
const addAuth: import('typefetch').RequestInterceptor;
const addTraceId: import('typefetch').RequestInterceptor;
const z: typeof import('zod').z;
`,
  'docs/capture.md': `${PACKAGE_GLOBALS}
const baseUrl: string;
const outDir: string;
const capture: import('typefetch/capture').TypeCapture;
const ky: typeof import('ky').default;
const createFetch: typeof import('ofetch').createFetch;
`,
  'docs/cli.md': `
const url: string;
`,
  'docs/client.md': `${PACKAGE_GLOBALS}${CLIENT}
const token: string;
const userToken: string;
const adminToken: string;
interface Product {
  id: number;
  title: string;
}
const controller: AbortController;
const id: string;
const file: Blob;
const bar: { set(percent: number): void };
function write(chunk: Uint8Array): void;
function render(price: number): void;
function retryLater(): void;
function showOffline(): void;
function showMissing(): void;
function getToken(): Promise<string>;
function refreshToken(): Promise<void>;
const addAuth: import('typefetch').RequestInterceptor;
const addTraceId: import('typefetch').RequestInterceptor;
const recordRateLimit: import('typefetch').ResponseInterceptor;
`,
  'docs/formats.md': `${CLIENT}
const users: unknown;
const url: string;
const schemaText: string;
const response: Response;
`,
  'docs/logging.md': `${PACKAGE_GLOBALS}
const baseUrl: string;
const logger: import('typefetch').Logger;
`,
  'docs/pagination.md': `${PACKAGE_GLOBALS}${CLIENT}
type ListQuery = import('typefetch').ListQuery;
type SearchParams = import('typefetch').SearchParams;
`,
  'docs/resilience.md': `${PACKAGE_GLOBALS}
const baseUrl: string;
const searchUrl: string;
`,
  'docs/traffic.md': `
type GetUsersId = import('./api/index.js').GetUsersId;
type GetUsersIdQuery = import('./api/index.js').GetUsersIdQuery;
type PostUsersBody = import('./api/index.js').PostUsersBody;
type PostUsers = import('./api/index.js').PostUsers;
const readHar: typeof import('{src}/traffic/index.js').readHar;
const typeEndpoints: typeof import('{src}/traffic/index.js').typeEndpoints;
const emitEndpointMap: typeof import('{src}/traffic/index.js').emitEndpointMap;
const emitOpenApi: typeof import('{src}/traffic/index.js').emitOpenApi;
const text: string;
const named: boolean;
const maps: boolean;
const formats: boolean;
function write(file: string, text: string): void;
`,
  'docs/troubleshooting.md': `${CLIENT}
function showBanner(message: string): void;
`,
  'docs/type-inference.md': `${PACKAGE_GLOBALS}
const value: unknown;
const e:
  | { type: 'PushEvent'; payload: { commits: { sha: string; message: string }[] } }
  | { type: 'WatchEvent'; payload: { action: string } };
`,
  'docs/undici.md': `${CLIENT}${PACKAGE_GLOBALS}`,
  'docs/validation.md': `${PACKAGE_GLOBALS}${CLIENT}`,
};

/** The endpoint map that \`typefetch --type --har\` or capture writes, for the examples that import one. */
const ENDPOINT_MAP = `
export interface GetUsersId {
  id: number;
  name: string;
}
export interface GetUsersIdQuery {
  fields?: string | undefined;
}
export interface PostUsersBody {
  name: string;
}
export interface PostUsers {
  id: number;
  name: string;
}
export type GetPosts = { id: number; userId: number; title: string }[];
export interface Api {
  'GET /users/{id}': {
    params: { id: string | number };
    query: GetUsersIdQuery;
    body: never;
    response: GetUsersId;
  };
  'POST /users': {
    params: never;
    query: never;
    body: PostUsersBody;
    response: PostUsers;
  };
}
`;

/** Modules that examples import by relative path, per markdown file (paths relative to its blocks). */
const FIXTURES: Record<string, Record<string, string>> = {
  'README.md': {
    'api/index.ts': ENDPOINT_MAP,
    'src/types/users.ts': 'export type Users = { id: number; name: string }[];',
  },
  'docs/capture.md': {
    'get-users-id.ts': 'export type { GetUsersId } from "./types/captured/index.js";',
    'get-posts.ts': 'export type { GetPosts } from "./types/captured/index.js";',
    'types/captured/index.ts': ENDPOINT_MAP,
  },
  'docs/cli.md': {
    'types/users.ts':
      'import { z } from "zod";\nexport const usersSchema = z.array(z.object({ id: z.number() }));',
    'user.ts': 'export interface User { id: number }',
    'orders.ts': 'export type Orders = { id: number }[];',
  },
  'docs/formats.md': {
    'types/users.ts':
      'import { z } from "zod";\nexport const usersSchema = z.array(z.object({ id: z.number() }));',
  },
  'docs/traffic.md': { 'api/index.ts': ENDPOINT_MAP },
  'docs/client.md': { 'api/index.ts': ENDPOINT_MAP },
};

/** The compiler's message for each `// compile error:` line, by markdown file and the line's text. */
const COMPILE_ERRORS: Record<string, Record<string, string>> = {
  'docs/client.md': {
    // A wrapper typed as the method it wraps names a misspelt path as the method does.
    "await load('/usres'); // compile error: not a path of Api": `Argument of type '"/usres"' is not assignable to parameter of type '"/users/{id}"'.`,
  },
  'docs/traffic.md': {
    "await api.get('/users/{id}'); // compile error: params is missing": 'Expected 2 arguments, but got 1.',
    "await api.get('/users/{id}', { params: { userId: 1 } }); // compile error: no parameter userId":
      "Object literal may only specify known properties, and 'userId' does not exist in type '{ id: string | number; }'.",
    // The map has one GET path: the error names it, as it names the paths of a map with many.
    "await api.get('/usres'); // compile error: not a path of Api": `Argument of type '"/usres"' is not assignable to parameter of type '"/users/{id}"'.`,
  },
};

interface Block {
  /** Line of the opening fence in the markdown file (1-based); the code starts on the next line. */
  line: number;
  code: string;
}

/** The ```ts blocks of a markdown file, fences indented or not. */
function tsBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,})(\S*)/.exec(lines[index] ?? '');
    if (open === null) continue;
    const [, indent = '', fence = '', language] = open;
    const end = lines.findIndex(
      (text, at) => at > index && text.trimEnd() === `${indent}${fence}`.trimEnd() && text.startsWith(indent),
    );
    if (end === -1) throw new Error(`unclosed fence at line ${index + 1}`);
    if (language === 'ts') {
      const code = lines.slice(index + 1, end).map((text) => text.slice(indent.length));
      blocks.push({ line: index + 1, code: code.join('\n') });
    }
    index = end;
  }
  return blocks;
}

const blockFile = (markdown: string, block: Block): string => `${markdown}/line-${block.line}.ts`;

/** The repository's compiler options (tsconfig.json), each block a module, nothing written. */
function repositoryOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  if (config.error !== undefined)
    throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const { options, errors } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  if (errors.length > 0)
    throw new Error(errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('\n'));
  return { ...options, noEmit: true, moduleDetection: ts.ModuleDetectionKind.Force };
}

interface DocsCheck {
  /** Every diagnostic, as `markdown:line: message`. */
  actual: string[];
  /** What the `// compile error:` lines must give, as `markdown:line: message`. */
  expected: string[];
  blocks: number;
}

/** Type-checks the ```ts blocks of one markdown file (relative to the root) as one program. */
function checkMarkdown(markdown: string, text: string, options: ts.CompilerOptions): DocsCheck {
  const blocks = tsBlocks(text);
  const src = path
    .relative(path.join(VIRTUAL_FOLDER, markdown), path.join(ROOT, 'src'))
    .split(path.sep)
    .join('/');
  const preamble = (PREAMBLES[markdown] ?? '').replaceAll('{src}', src);
  const files: Record<string, string> = {
    [`${markdown}/preamble.ts`]: `export {};\ndeclare global {${preamble}}\n`,
  };
  for (const [name, fixture] of Object.entries(FIXTURES[markdown] ?? {}))
    files[`${markdown}/${name}`] = fixture;
  const expected: string[] = [];
  for (const block of blocks) {
    files[blockFile(markdown, block)] = block.code;
    block.code.split('\n').forEach((code, at) => {
      if (!/\/\/ compile error: /.test(code)) return;
      const message =
        COMPILE_ERRORS[markdown]?.[code.trim()] ?? '(a compile error, whose message COMPILE_ERRORS lacks)';
      expected.push(`${markdown}:${block.line + 1 + at}: ${message}`);
    });
  }
  const reader = blocks.flatMap((block) =>
    readerProblems(block.code).map((problem) => {
      const [at, message] = problem.split(/: (.*)/s);
      return `${markdown}:${block.line + Number(at)}: ${message}`;
    }),
  );
  const lineOf = new Map(blocks.map((block) => [blockFile(markdown, block), block.line]));
  const actual = compile(files, options).map((diagnostic) => {
    const where = /^(.*?):(\d+): ([\s\S]*)$/.exec(diagnostic);
    const start = where === null ? undefined : lineOf.get(where[1] ?? '');
    if (where === null || start === undefined) return diagnostic;
    return `${markdown}:${start + Number(where[2])}: ${where[3]}`;
  });
  actual.push(...reader);
  const line = (diagnostic: string): number => Number(/^[^:]*:(\d+):/.exec(diagnostic)?.[1] ?? 0);
  actual.sort((a, b) => line(a) - line(b));
  return { actual, expected, blocks: blocks.length };
}

describe('the ```ts examples of README.md and docs/*.md', () => {
  let options: ts.CompilerOptions;
  beforeAll(async () => {
    // The examples import the package by name: its declarations in dist/ must be there and current.
    const sources = ['src', 'package.json', 'tsup.config.ts'];
    await ensureEntryBuilt({ entry: 'index', outputs: ['dist/index.d.ts'], sources });
    await ensureEntryBuilt({ entry: 'capture', outputs: ['dist/capture.d.ts', 'dist/undici.d.ts'], sources });
    options = repositoryOptions();
  }, 120_000);

  it.each(MARKDOWN)('%s: every block compiles', (markdown) => {
    const text = readFileSync(path.join(ROOT, markdown), 'utf8');
    const { actual, expected, blocks } = checkMarkdown(markdown, text, options);
    expect(blocks, 'every ```ts fence is read as a block').toBe(text.match(/^\s*```ts\s*$/gm)?.length ?? 0);
    expect(actual).toEqual(expected);
  });

  it('names, in its tables, only markdown files and compile-error lines that exist', () => {
    const tables = { PREAMBLES, FIXTURES, COMPILE_ERRORS };
    const unknown = Object.entries(tables).flatMap(([table, byFile]) =>
      Object.keys(byFile)
        .filter((markdown) => !MARKDOWN.includes(markdown))
        .map((markdown) => `${table}: ${markdown}`),
    );
    const missing = Object.entries(COMPILE_ERRORS).flatMap(([markdown, lines]) => {
      const text = MARKDOWN.includes(markdown) ? readFileSync(path.join(ROOT, markdown), 'utf8') : '';
      const present = new Set(text.split('\n').map((line) => line.trim()));
      return Object.keys(lines)
        .filter((line) => !present.has(line))
        .map((line) => `COMPILE_ERRORS: ${markdown}: ${line}`);
    });
    expect([...unknown, ...missing]).toEqual([]);
  });
});
