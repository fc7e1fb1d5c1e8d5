// Inference (`infer.ts`): cases of its two passes (taggedUnions) that the output in every format shows.
import { describe, expect, it } from 'vitest';
import { schemaName } from '../../src/typegen/emit-zod.js';
import { type GenerateTypesOptions, generateTypes } from '../../src/typegen/generate.js';
import { createAjv } from './helpers/ajv.js';
import { typecheckSamples } from './helpers/typecheck.js';
import { loadZodModule, schemaOf } from './helpers/zod-module.js';

const ACCEPTED = { typescript: [], zod: true, jsonSchema: true };

/** Whether the output in each format accepts `value`: TypeScript's diagnostics, zod's and ajv's verdicts. */
function acceptance(value: unknown, options: GenerateTypesOptions) {
  const [typescript] = typecheckSamples([
    { id: 'value', declaration: generateTypes(value, options), typeName: options.name, value },
  ]);
  const zod = loadZodModule(generateTypes(value, { ...options, format: 'zod' }));
  const validate = createAjv().compile(
    JSON.parse(generateTypes(value, { ...options, format: 'json-schema' })),
  );
  return {
    typescript: typescript!.diagnostics,
    zod: schemaOf(zod, schemaName(options.name)).safeParse(value).success,
    jsonSchema: validate(value),
  };
}

describe('enums with tagged unions', () => {
  it('keeps every string of a variant that becomes a dictionary only in the second pass', () => {
    // The first pass sees one record (word keys beside id keys); the second pass splits it by `type`,
    // and the `a` variant alone (id keys only) becomes a dictionary, whose value gathers the strings
    // of keys that each had their own first-pass counts.
    const value = [
      ...Array.from({ length: 3 }, () => ({ type: 'b', name: 'x', title: 'y' })),
      ...Array.from({ length: 6 }, (_, j) => ({
        type: 'a',
        ...Object.fromEntries(
          Array.from({ length: 8 }, (_, i) => [String(i + 1), `${j % 2 ? 'p' : 'q'}${i}`]),
        ),
      })),
    ];
    expect(acceptance(value, { name: 'T', enums: true, taggedUnions: true })).toEqual(ACCEPTED);
  });
});

describe('tagged unions', () => {
  it('does not mix the variants of two tags, or lose untagged objects, in a dictionary of the second pass only', () => {
    // The first pass sees one record, whose date keys hold objects tagged by `type`, by `kind`, and
    // not tagged; the second pass splits it by `cat`, and the `a` variant alone (id keys first)
    // becomes a dictionary whose one value receives the objects of every date key.
    const value = [
      ...Array.from({ length: 3 }, () => ({
        cat: 'b',
        ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`w${i}`, i])),
      })),
      ...Array.from({ length: 4 }, (_, j) => ({
        cat: 'a',
        ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [String(i + 1), 's'])),
        '2024-01-01': j % 2 ? { type: 't1', x: 1 } : { type: 't2', y: 's' },
        '2024-01-02': j % 2 ? { kind: 'k1', z: true } : { kind: 'k2', w: [1] },
        '2024-01-03': j % 2 ? { u: 1 } : { v: 'q' },
      })),
    ];
    expect(acceptance(value, { name: 'T', taggedUnions: true })).toEqual(ACCEPTED);
  });

  it('writes variants that merge back as without the option: members and kinds in order of first appearance', () => {
    // `type` does not explain the shapes (as many optional members split as merged), so the variants
    // merge back; `q` and the string in `v` first appear in a `b` object, before `r` and the number.
    const value = [
      { type: 'a', p: 1, o: { p: 1 }, v: true },
      { type: 'b', q: 1, o: { q: 1 }, v: 's' },
      { type: 'b', r: 1, o: { r: 1 } },
      { type: 'a', r: 1, o: { r: 1 }, v: 1 },
      { type: 'a', q: 1, o: { q: 1 } },
    ];
    for (const format of ['typescript', 'zod', 'json-schema'] as const) {
      expect(generateTypes(value, { name: 'T', format, taggedUnions: true })).toBe(
        generateTypes(value, { name: 'T', format }),
      );
    }
  });
});
