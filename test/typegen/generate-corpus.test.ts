// Real JSON (quicktype's test inputs, Apache-2.0, see test/fixtures/corpus/README.md), in every output
// format, each checked by the real tool: TypeScript declarations (inline and named) compile under
// strict TypeScript, accept the file's own JSON and hold no `any`; the zod module runs, its schema
// parses the file, and `z.infer` accepts the file in the compiler; the JSON Schema compiles in ajv
// (2020-12, strict) and the file validates.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaName } from '../../src/typegen/emit-zod.js';
import { type GenerateTypesOptions, generateTypes } from '../../src/typegen/generate.js';
import { toTypeName } from '../../src/typegen/identifiers.js';
import { infer } from '../../src/typegen/infer.js';
import { detectMaps } from '../../src/typegen/maps.js';
import { createAjv } from './helpers/ajv.js';
import {
  type CheckMode,
  type CheckSample,
  optionalPrototypeMembers,
  typecheckSamples,
} from './helpers/typecheck.js';
import { loadZodModule, schemaOf } from './helpers/zod-module.js';

const corpus = join(import.meta.dirname, '../fixtures/corpus');
const jsonFiles = readdirSync(corpus, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.json'))
  .sort();
const values = jsonFiles.map((file) => ({
  file,
  name: basename(file, '.json'),
  value: JSON.parse(readFileSync(join(corpus, file), 'utf8')) as unknown,
}));

type Extra = Omit<GenerateTypesOptions, 'name' | 'onWarning'>;

/** Generates every file's text with `extra`, asserting that no file warns. */
function generateAll(extra: Extra): Array<{ file: string; text: string; typeName: string; value: unknown }> {
  return values.map(({ file, name, value }) => {
    const warnings: string[] = [];
    const text = generateTypes(value, { name, ...extra, onWarning: (m) => warnings.push(m) });
    expect([file, warnings]).toEqual([file, []]);
    return { file, text, typeName: toTypeName(name), value };
  });
}

/** Type-checks every file's text with its checker line; returns the failures (empty when all pass). */
function compileFailures(generated: ReturnType<typeof generateAll>, mode: CheckMode): string[] {
  const samples: CheckSample[] = generated.map(({ text, typeName, value }, index) => ({
    id: `f${index}`,
    declaration: text,
    typeName,
    value,
  }));
  const results = typecheckSamples(samples, mode);
  expect(results).toHaveLength(generated.length);
  return results
    .filter((result) => result.diagnostics.length > 0 || result.anyCount > 0)
    .map(
      (result) =>
        `${generated[Number(result.id.slice(1))]?.file}: ${result.diagnostics.join('\n')} any=${result.anyCount}`,
    );
}

describe('corpus of real JSON', () => {
  it('has its files and the README carrying their licence', () => {
    expect(jsonFiles.length).toBeGreaterThanOrEqual(38);
    expect(readFileSync(join(corpus, 'README.md'), 'utf8')).toContain('Apache License 2.0');
  });

  it('hits no Object.prototype-member exception, so no file is skipped in any format', () => {
    const exceptions = values
      .filter(({ value }) => optionalPrototypeMembers(detectMaps(infer(value, 64).model)).size > 0)
      .map(({ file }) => file);
    expect(exceptions).toEqual([]);
  });

  it('typescript (inline, and named with formats): every file compiles, is accepted and holds no any', () => {
    // Both variants in one program: one lib load.
    const generated = [...generateAll({}), ...generateAll({ named: true, formats: true })];
    expect(compileFailures(generated, 'declarations')).toEqual([]);
    console.info(
      `typegen corpus typescript: ${jsonFiles.length} of ${jsonFiles.length} files pass (inline and named)`,
    );
  });

  it('zod (inline, and named with formats): each schema parses its file and z.infer accepts it', () => {
    const failures: string[] = [];
    const inline = generateAll({ format: 'zod' });
    const named = generateAll({ format: 'zod', named: true, formats: true });
    for (const { file, text, typeName, value } of [...inline, ...named]) {
      const result = schemaOf(loadZodModule(text), schemaName(typeName)).safeParse(value);
      if (!result.success) failures.push(`${file}: ${JSON.stringify(result.error?.issues).slice(0, 500)}`);
    }
    // z.infer is checked on the named variant, whose flat declarations the compiler infers several times
    // faster than deeply nested inline schemas; the property test compiles both variants.
    failures.push(...compileFailures(named, 'modules'));
    expect(failures).toEqual([]);
    console.info(
      `typegen corpus zod: ${jsonFiles.length} of ${jsonFiles.length} files pass (inline and named)`,
    );
  });

  it('json-schema (inline, and named with formats): ajv 2020 compiles each schema and the file validates', () => {
    const failures: string[] = [];
    for (const extra of [{}, { named: true, formats: true }] as const) {
      const ajv = createAjv();
      for (const { file, text, value } of generateAll({ format: 'json-schema', ...extra })) {
        const validate = ajv.compile(JSON.parse(text));
        if (!validate(value)) failures.push(`${file}: ${JSON.stringify(validate.errors).slice(0, 500)}`);
      }
    }
    expect(failures).toEqual([]);
    console.info(
      `typegen corpus json-schema: ${jsonFiles.length} of ${jsonFiles.length} files pass (inline and named)`,
    );
  });
});
