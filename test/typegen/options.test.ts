// The options added for issue 8 are checked once, at the boundary, with one-line errors.
import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../src/typegen/generate.js';
import { GENERATE_DEFAULTS, resolveGenerateOptions } from '../../src/typegen/options.js';
import { generateTypesFromSamples } from '../../src/typegen/samples.js';

describe('format, named, maps and formats options', () => {
  it('default to typescript, inline, maps on, formats, enums, tagged unions and integers off', () => {
    expect(GENERATE_DEFAULTS).toEqual({
      maxDepth: 64,
      format: 'typescript',
      named: false,
      maps: true,
      formats: false,
      enums: false,
      taggedUnions: false,
      integers: false,
    });
    expect(resolveGenerateOptions({ name: 'x' })).toMatchObject({
      typeName: 'X',
      format: 'typescript',
      named: false,
      maps: true,
      formats: false,
      enums: false,
      taggedUnions: false,
      integers: false,
    });
  });

  it('treat an explicit undefined as not given', () => {
    const value = { a: { b: 1 } };
    const text = generateTypes(value, {
      name: 'T',
      format: undefined,
      named: undefined,
      maps: undefined,
      formats: undefined,
    });
    expect(text).toBe(generateTypes(value, { name: 'T' }));
  });

  it('reject bad values with a one-line error naming the option and the value', () => {
    const bad = (options: Record<string, unknown>) => () =>
      generateTypes(1, { name: 'T', ...options } as unknown as { name: string });
    expect(bad({ format: 'yaml' })).toThrow(
      new TypeError('format must be one of typescript, zod, json-schema, got "yaml"'),
    );
    expect(bad({ format: 'Zod' })).toThrow(
      new TypeError('format must be one of typescript, zod, json-schema, got "Zod"'),
    );
    expect(bad({ named: 'yes' })).toThrow(new TypeError('named must be a boolean, got "yes"'));
    expect(bad({ maps: 0 })).toThrow(new TypeError('maps must be a boolean, got 0'));
    expect(bad({ formats: null })).toThrow(new TypeError('formats must be a boolean, got null'));
    expect(bad({ enums: 'true' })).toThrow(new TypeError('enums must be a boolean, got "true"'));
    expect(bad({ taggedUnions: 1 })).toThrow(new TypeError('taggedUnions must be a boolean, got 1'));
    expect(bad({ integers: {} })).toThrow(new TypeError('integers must be a boolean, got an object'));
  });

  it('refuse a key generateTypes does not have (a typo), rather than ignoring it', () => {
    const options = { name: 'T', enum: true } as unknown as { name: string };
    expect(() => generateTypes({ status: 'open' }, options)).toThrow(
      new TypeError('generateTypes(options): enum is not an option of generateTypes (misspelt?)'),
    );
    // A key given as undefined is no option at all, as for createApiClient.
    expect(generateTypes(1, { name: 'T', extra: undefined } as unknown as { name: string })).toBe(
      'export type T = number;\n',
    );
  });

  it('refuse a key generateTypesFromSamples does not have, as generateTypes does', () => {
    const options = { name: 'T', enum: true } as unknown as { name: string };
    const samples = Array.from({ length: 6 }, (_, i) => ({ status: i % 2 === 0 ? 'open' : 'closed' }));
    expect(() => generateTypesFromSamples(samples, options)).toThrow(
      new TypeError('generateTypes(options): enum is not an option of generateTypes (misspelt?)'),
    );
    expect(
      generateTypesFromSamples([1], { name: 'T', extra: undefined } as unknown as { name: string }),
    ).toBe('export type T = number;\n');
  });

  it('apply to generateTypesFromSamples the same way', () => {
    expect(generateTypesFromSamples([1, 'a'], { name: 'T', format: 'zod' })).toBe(
      "import { z } from 'zod';\n\nexport const tSchema = z.union([z.number(), z.string()]);\nexport type T = z.infer<typeof tSchema>;\n",
    );
    expect(() => generateTypesFromSamples([1], { name: 'T', named: 1 as unknown as boolean })).toThrow(
      new TypeError('named must be a boolean, got 1'),
    );
  });
});
