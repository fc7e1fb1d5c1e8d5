import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type Resolution = 'node16' | 'nodenext' | 'bundler';

/**
 * A consumer of the public API. The `@ts-expect-error` line proves the package's types are real: if they
 * resolved to `any`, the directive would be unused and the compile would fail.
 */
const CONSUMER = `import { ApiError, type ApiClient, type ApiClientConfig, createApiClient, generateTypes } from 'typefetch';

const config: ApiClientConfig = { baseUrl: 'http://127.0.0.1:1', retryPolicy: { maxRetries: 1 } };
const api: ApiClient = createApiClient(config);
export const user: Promise<{ id: number }> = api.get<{ id: number }>('/users/1');
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
export const text: string = generateTypes({ id: 1 }, { name: 'User' });
// @ts-expect-error 'fr' is not a Locale
createApiClient({ locale: 'fr' });
`;

const SETTINGS: Record<Resolution, Pick<ts.CompilerOptions, 'module' | 'moduleResolution'>> = {
  node16: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
  nodenext: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  bundler: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
};

// Parsed lib files are shared between compiles: parsing lib.dom.d.ts once saves a second per compile.
const sourceCache = new Map<string, ts.SourceFile | undefined>();

/** What a consumer may change: its source, and compiler options over the defaults (DOM lib, strict). */
export interface ConsumerSetup {
  source?: string;
  options?: ts.CompilerOptions;
}

/**
 * Writes the consumer as `<dir>/<file>` and type-checks it, with the package's own declarations checked
 * too (no skipLibCheck). Returns which declaration files of node_modules/typefetch the compiler loaded
 * and every diagnostic as `file:line: message`.
 */
export function compileConsumer(
  dir: string,
  resolution: Resolution,
  file: string,
  setup: ConsumerSetup = {},
): { resolvedTypes: string[]; diagnostics: string[] } {
  const entry = path.join(dir, file);
  writeFileSync(entry, setup.source ?? CONSUMER);
  const options: ts.CompilerOptions = {
    ...SETTINGS[resolution],
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    strict: true,
    noEmit: true,
    skipDefaultLibCheck: true,
    ...setup.options,
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (!fileName.includes(`${path.sep}typescript${path.sep}lib${path.sep}`)) {
      return readSource(fileName, languageVersion, ...rest);
    }
    if (!sourceCache.has(fileName)) sourceCache.set(fileName, readSource(fileName, languageVersion, ...rest));
    return sourceCache.get(fileName);
  };
  const program = ts.createProgram([entry], options, host);
  const packageDir = path.join(dir, 'node_modules', 'typefetch') + path.sep;
  const resolvedTypes = program
    .getSourceFiles()
    .map((source) => path.normalize(source.fileName))
    .filter((fileName) => fileName.startsWith(packageDir));
  const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${path.relative(dir, diagnostic.file.fileName)}:${
          diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1
        }`
      : 'options';
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
  return { resolvedTypes, diagnostics };
}
