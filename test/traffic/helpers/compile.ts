// Type-checks a set of in-memory TypeScript files with the real compiler (strict, the repository's
// settings). The files sit, in memory, in a folder inside the repository, so that imports of src/ and of
// packages resolve.
import path from 'node:path';
import ts from 'typescript';

export const VIRTUAL_FOLDER = path.join(import.meta.dirname, '.virtual');

const options: ts.CompilerOptions = {
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

/** Every diagnostic of the program made of `files` (name -> text, relative to VIRTUAL_FOLDER), as `file:line: message`. */
export function compile(files: Record<string, string>): string[] {
  const sources = new Map(
    Object.entries(files).map(([name, text]) => [path.join(VIRTUAL_FOLDER, name), text]),
  );
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => sources.has(file) || ts.sys.fileExists(file);
  host.readFile = (file) => sources.get(file) ?? readFile(file);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (folder) =>
    folder === VIRTUAL_FOLDER ||
    (directoryExists === undefined ? ts.sys.directoryExists(folder) : directoryExists(folder));
  host.getSourceFile = (file, version, ...rest) => {
    const text = sources.get(file);
    return text === undefined
      ? getSourceFile(file, version, ...rest)
      : ts.createSourceFile(file, text, version, true);
  };
  const program = ts.createProgram(
    [...sources.keys()].filter((file) => file.endsWith('.ts')),
    options,
    host,
  );
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${path.relative(VIRTUAL_FOLDER, diagnostic.file.fileName)}:${line + 1}: ${message}`;
  });
}
