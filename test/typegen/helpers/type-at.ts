// Reads a generated declaration through the TypeScript compiler: what the type at a path is (an index
// signature, named members, string literals), so tests assert outcomes rather than text.
import ts from 'typescript';

/** What the type at one path is, null and undefined left aside. */
export interface TypeAt {
  /** It has a string index signature (`Record<string, T>`). */
  readonly index: boolean;
  /** Its named members (properties), in declaration order. */
  readonly members: readonly string[];
  /** The string literals when it is a union of string literals (or one literal), else undefined. */
  readonly literals: readonly string[] | undefined;
  /** It is the plain `string` type. */
  readonly string: boolean;
  /** It is an array type. */
  readonly array: boolean;
}

/**
 * Compiles `declaration` (strict, es5 lib) and, for each path, describes the type of `typeName` at it.
 * A path step is a member name, `[]` for an array's element or `{}` for an index signature's value.
 * Throws if the declaration has any diagnostic or a step does not exist.
 */
export function typesAt(
  declaration: string,
  typeName: string,
  paths: ReadonlyArray<readonly string[]>,
): TypeAt[] {
  const file = '/generated.ts';
  const options: ts.CompilerOptions = { strict: true, noEmit: true, lib: ['lib.es5.d.ts'], types: [] };
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) =>
    name === file ? ts.createSourceFile(file, declaration, version, true) : getSourceFile(name, version);
  host.fileExists = (name) => name === file || ts.sys.fileExists(name);
  const program = ts.createProgram([file], options, host);
  const source = program.getSourceFile(file)!;
  const diagnostics = ts.getPreEmitDiagnostics(program, source);
  if (diagnostics.length > 0) {
    throw new Error(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
  }
  const checker = program.getTypeChecker();
  const declared = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      statement.name.text === typeName,
  );
  if (declared === undefined) throw new Error(`no type ${typeName}`);
  const root = checker.getTypeAtLocation(declared.name);
  return paths.map((path) => describe(checker, walk(checker, root, path), path));
}

function walk(checker: ts.TypeChecker, start: ts.Type, path: readonly string[]): ts.Type {
  let type = checker.getNonNullableType(start);
  for (const step of path) {
    let next: ts.Type | undefined;
    if (step === '[]') {
      next = checker.isArrayType(type) ? checker.getTypeArguments(type as ts.TypeReference)[0] : undefined;
    } else if (step === '{}') {
      next = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String)?.type;
    } else {
      const property = checker.getPropertyOfType(type, step);
      next = property === undefined ? undefined : checker.getTypeOfSymbol(property);
    }
    if (next === undefined)
      throw new Error(`no ${step} in ${checker.typeToString(type)} (path ${path.join('.')})`);
    type = checker.getNonNullableType(next);
  }
  return type;
}

function describe(checker: ts.TypeChecker, type: ts.Type, path: readonly string[]): TypeAt {
  const parts = type.isUnion() ? type.types : [type];
  const literals = parts.every((part) => part.isStringLiteral())
    ? parts.map((part) => (part as ts.StringLiteralType).value)
    : undefined;
  const index = checker.getIndexInfosOfType(type).some((info) => info.keyType.flags & ts.TypeFlags.String);
  const isArray = checker.isArrayType(type);
  if (path.length > 64) throw new Error('path too long');
  return {
    index,
    members: isArray || literals ? [] : checker.getPropertiesOfType(type).map((property) => property.name),
    literals,
    string: (type.flags & ts.TypeFlags.String) !== 0,
    array: isArray,
  };
}
