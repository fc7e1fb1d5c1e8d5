// Inference (`infer.ts`): cases of its two passes (taggedUnions) that the output in every format shows.
import { describe, expect, it } from 'vitest';
import { schemaName } from '../../src/typegen/emit-zod.js';
import { type GenerateTypesOptions, generateTypes } from '../../src/typegen/generate.js';
import { createAjv } from './helpers/ajv.js';
import { typecheckSamples } from './helpers/typecheck.js';
import { loadZodModule, schemaOf } from './helpers/zod-module.js';

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
    const options: GenerateTypesOptions = { name: 'T', enums: true, taggedUnions: true };
    const [typescript] = typecheckSamples([
      { id: 'guided-enums', declaration: generateTypes(value, options), typeName: 'T', value },
    ]);
    expect(typescript!.diagnostics).toEqual([]);
    const zod = loadZodModule(generateTypes(value, { ...options, format: 'zod' }));
    expect(schemaOf(zod, schemaName('T')).safeParse(value).success).toBe(true);
    const validate = createAjv().compile(
      JSON.parse(generateTypes(value, { ...options, format: 'json-schema' })),
    );
    expect(validate(value)).toBe(true);
  });
});
