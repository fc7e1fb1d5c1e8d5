// Runs a generated zod module for real: TypeScript's own transpiler turns it into CommonJS, which is
// evaluated with a `require` that serves the installed zod, so the test exercises the exact text
// generateTypes returned (imports, helper, every `export const`).
import ts from 'typescript';
import * as zod from 'zod';

export type ZodModule = Readonly<Record<string, unknown>>;

/** A schema as far as the tests use it. */
export interface ParsingSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } };
}

export function loadZodModule(source: string): ZodModule {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    reportDiagnostics: false,
  });
  const exports: Record<string, unknown> = {};
  const require = (id: string): unknown => {
    if (id === 'zod') return zod;
    throw new Error(`generated zod module imports ${id}`);
  };
  // The module's own code, evaluated once; it sees only `require` and `exports`.
  new Function('require', 'exports', outputText)(require, exports);
  return exports;
}

/** The exported schema `name` of a loaded module; throws when it is missing. */
export function schemaOf(module: ZodModule, name: string): ParsingSchema {
  const schema = module[name] as ParsingSchema | undefined;
  if (typeof schema?.safeParse !== 'function') throw new Error(`module has no schema ${name}`);
  return schema;
}
