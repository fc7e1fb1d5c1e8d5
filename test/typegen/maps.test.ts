// Map detection (`maps`, on by default): dictionary-like objects become `Record<string, T>`.
import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../src/typegen/generate.js';
import { dictionaryRule, MAP_MIN_KEYS, mayBeDictionary } from '../../src/typegen/maps.js';
import { generateTypesFromSamples } from '../../src/typegen/samples.js';
import { ARRAY, BOOLEAN, NUMBER, OBJECT, STRING } from '../../src/typegen/shape.js';
import { createAjv } from './helpers/ajv.js';
import { typesAt } from './helpers/type-at.js';
import { typecheckSamples } from './helpers/typecheck.js';
import { loadZodModule, schemaOf } from './helpers/zod-module.js';

const lines = (...text: string[]): string => `${text.join('\n')}\n`;
const gen = (value: unknown, maps?: boolean): string =>
  generateTypes(value, maps === undefined ? { name: 'T' } : { name: 'T', maps });

/** An object with `count` keys `k0`, `k1`, ... each holding `make(i)`. */
const wide = (count: number, make: (i: number) => unknown): Record<string, unknown> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, make(i)]));

describe('maps by key', () => {
  it('types an object keyed by numeric ids as a Record, merging the values like array elements', () => {
    const value = { users: { '1': { name: 'Ada' }, '2': { name: 'Linus', admin: true } } };
    expect(gen(value)).toBe(
      lines(
        'export interface T {',
        '  users: Record<string, {',
        '    name: string;',
        '    admin?: boolean;',
        '  }>;',
        '}',
      ),
    );
  });

  it('recognizes UUID, object-id, date and date-time keys, and keeps null values in the value type', () => {
    expect(gen({ '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b': 1, '507f1f77bcf86cd799439011': 2 })).toBe(
      'export type T = Record<string, number>;\n',
    );
    expect(gen({ daily: { '2024-01-30': 3, '2024-01-31': null } })).toBe(
      lines('export interface T {', '  daily: Record<string, number | null>;', '}'),
    );
    expect(gen([{ '2024-01-31T10:00:00Z': 'up' }, { '2024-02-01T10:00:00Z': 'down' }])).toBe(
      'export type T = Record<string, string>[];\n',
    );
  });

  it('judges the keys of all objects at one place together: one ordinary key keeps it a record', () => {
    expect(gen([{ '1': 'a' }, { '2': 'b', total: 'c' }])).toBe(
      lines('export type T = {', '  "1"?: string;', '  "2"?: string;', '  total?: string;', '}[];'),
    );
  });

  it('finds maps inside maps and inside arrays', () => {
    const value = { byYear: { '2023': { '1': 5 }, '2024': { '2': 6, '3': 7 } } };
    expect(gen(value)).toBe(
      lines('export interface T {', '  byYear: Record<string, Record<string, number>>;', '}'),
    );
  });

  it('judges the keys of objects merged into a dictionary value together (arrays of id-keyed objects)', () => {
    // The two arrays' elements merge when `1` and `2` fold into one value: `10` and `11` are both ids.
    expect(gen({ '1': [{ '10': 'a' }], '2': [{ '11': 'b' }] })).toBe(
      'export type T = Record<string, Record<string, string>[]>;\n',
    );
  });

  it('merges maps across samples: keys from every sample, values merged', () => {
    expect(generateTypesFromSamples([{ '1': 1 }, { '2': 'x' }], { name: 'T' })).toBe(
      'export type T = Record<string, number | string>;\n',
    );
  });
});

describe('maps by value type', () => {
  it(`types ${MAP_MIN_KEYS} or more keys holding objects of one shape as a Record`, () => {
    const pairs = wide(MAP_MIN_KEYS, (i) => ({ min: i, max: i + 1 }));
    expect(gen({ pairs })).toBe(
      lines(
        'export interface T {',
        '  pairs: Record<string, {',
        '    min: number;',
        '    max: number;',
        '  }>;',
        '}',
      ),
    );
    expect(gen(wide(MAP_MIN_KEYS, () => [1]))).toBe('export type T = Record<string, number[]>;\n');
  });

  it(`keeps a record with ${MAP_MIN_KEYS - 1} such keys, or with one value of another kind`, () => {
    const fewer = gen(wide(MAP_MIN_KEYS - 1, (i) => ({ min: i })));
    expect(fewer.startsWith('export interface T {\n  k0: {\n')).toBe(true);
    const odd = wide(MAP_MIN_KEYS, (i) => (i === 7 ? 'seven' : { min: i }));
    expect(gen(odd).startsWith('export interface T {\n  k0: {\n')).toBe(true);
  });

  it('takes objects whose key sets overlap (one key in at least half of them) as one value type', () => {
    const overlapping = wide(MAP_MIN_KEYS, (i) => (i % 2 === 0 ? { min: i } : { min: i, max: i }));
    expect(gen(overlapping)).toBe(
      lines('export type T = Record<string, {', '  min: number;', '  max?: number;', '}>;'),
    );
    // Half the values share one key, the other half another: no key in half of them plus one.
    const apart = wide(MAP_MIN_KEYS + 1, (i) => (i % 3 === 0 ? { a: i } : i % 3 === 1 ? { b: i } : { c: i }));
    expect(gen(apart).startsWith('export interface T {\n  k0: {\n')).toBe(true);
  });

  it('keeps a record whose many members are all strings (like GitHub’s *_url fields)', () => {
    const urls = wide(30, (i) => `https://api.example.com/${i}`);
    const text = gen(urls);
    expect(text.split('\n')).toHaveLength(33);
    expect(text).toContain('  k29: string;\n');
  });
});

describe('maps: false', () => {
  it('keeps one member per key', () => {
    expect(gen({ '1': { a: 1 }, '2': { a: 2 } }, false)).toBe(
      lines(
        'export interface T {',
        '  "1": {',
        '    a: number;',
        '  };',
        '  "2": {',
        '    a: number;',
        '  };',
        '}',
      ),
    );
  });

  it('is what makes the spec output hold for id-keyed objects; ordinary objects are the same either way', () => {
    const value = { id: 1, tags: ['a'], address: { city: 'Oslo' } };
    expect(gen(value, true)).toBe(gen(value, false));
  });
});

describe('maps in the other formats', () => {
  it('is z.record(z.string(), ...) in zod and additionalProperties in JSON Schema', () => {
    const value = { '1': { a: 1 } };
    expect(generateTypes(value, { name: 'T', format: 'zod' })).toBe(
      lines(
        "import { z } from 'zod';",
        '',
        'export const tSchema = z.record(z.string(), z.object({',
        '  a: z.number(),',
        '}));',
        'export type T = z.infer<typeof tSchema>;',
      ),
    );
    expect(JSON.parse(generateTypes(value, { name: 'T', format: 'json-schema' }))).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'T',
      type: 'object',
      additionalProperties: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
    });
  });
});

describe('values waiting until their place is judged', () => {
  it('infers a waiting value before the second value of its key, in the order they came', () => {
    expect(gen([{ a: { x: 1 } }, { a: { x: 'two', y: true } }])).toBe(
      lines('export type T = {', '  a: {', '    x: number | string;', '    y?: boolean;', '  };', '}[];'),
    );
  });

  it('infers the waiting values of a place judged a dictionary into its value, in the order of the keys', () => {
    const value = wide(MAP_MIN_KEYS, (i) =>
      i === 0 ? { v: 1 } : i === 1 ? { v: 'a', w: { z: null } } : { v: true },
    );
    expect(gen(value)).toBe(
      lines(
        'export type T = Record<string, {',
        '  v: number | string | boolean;',
        '  w?: {',
        '    z?: null;',
        '  };',
        '}>;',
      ),
    );
  });

  it('infers at once a value that is itself a dictionary, beside waiting values of one key', () => {
    const versions = Object.fromEntries(Array.from({ length: 9 }, (_, j) => [`1.${j}`, j]));
    const value = wide(MAP_MIN_KEYS, (i) => ({ d: i === 3 ? versions : { [`1.${i}`]: 'x' } }));
    expect(gen(value)).toBe(
      lines('export type T = Record<string, {', '  d: Record<string, string | number>;', '}>;'),
    );
  });
});

describe('dictionaries with named members', () => {
  // MDN's browser-compat-data in small: a feature holds its `__compat` data beside sub-features, each of
  // which has a `__compat` of its own.
  const compat = (chrome: string) => ({ support: { chrome }, experimental: false });
  const feature = Object.fromEntries([
    ['__compat', compat('1')],
    ...Array.from({ length: MAP_MIN_KEYS }, (_, i) => [`sub${i}`, { __compat: compat(String(i)) }]),
  ]);

  it('keeps the key whose value lacks the key the other values share as a member, the rest a dictionary', () => {
    expect(gen({ feature })).toBe(
      lines(
        'export interface T {',
        '  feature: {',
        '    __compat: {',
        '      support: {',
        '        chrome: string;',
        '      };',
        '      experimental: boolean;',
        '    };',
        '    [key: string]: {',
        '      __compat: {',
        '        support: {',
        '          chrome: string;',
        '        };',
        '        experimental: boolean;',
        '      };',
        '    } | {',
        '      support: {',
        '        chrome: string;',
        '      };',
        '      experimental: boolean;',
        '    };',
        '  };',
        '}',
      ),
    );
    const [type] = typesAt(gen({ feature }), 'T', [['feature']]);
    expect(type!.index).toBe(true);
    expect(type!.members).toEqual(['__compat']);
  });

  it("writes each alternative of the index signature once: the members' types joined with the values'", () => {
    const page = (meta: unknown) => ({
      meta,
      ...Object.fromEntries(
        Array.from({ length: MAP_MIN_KEYS }, (_, i) => [`u${i}`, i === 3 ? null : { id: i }]),
      ),
    });
    expect(generateTypesFromSamples([page({ v: 1 }), page(null), page({ v: 2 })], { name: 'T' })).toBe(
      lines(
        'export interface T {',
        '  meta?: {',
        '    v: number;',
        '  } | null;',
        '  [key: string]: {',
        '    id: number;',
        '  } | {',
        '    v: number;',
        '  } | null | undefined;',
        '}',
      ),
    );
  });

  it('stays a plain dictionary when more than a fifth of the values lack the shared key', () => {
    const mixed = { ...wide(5, () => ({ other: 1 })), ...feature };
    const [type] = typesAt(gen({ mixed }), 'T', [['mixed']]);
    expect(type!.index).toBe(true);
    expect(type!.members).toEqual([]);
  });

  it('accepts the object and rejects a wrong sub-feature in TypeScript, zod (catchall) and JSON Schema (additionalProperties)', () => {
    const wrong = { ...feature, sub3: { __compat: 7 } };
    const declaration = generateTypes(feature, { name: 'T', named: true });
    const [good, bad] = typecheckSamples([
      { id: 'good', declaration, typeName: 'T', value: feature },
      { id: 'bad', declaration, typeName: 'T', value: wrong },
    ]);
    expect(good!.diagnostics).toEqual([]);
    expect(bad!.diagnostics.length).toBeGreaterThan(0);
    for (const named of [false, true]) {
      const zod = generateTypes(feature, { name: 'T', format: 'zod', named });
      expect(zod).toContain('.catchall(');
      const schema = schemaOf(loadZodModule(zod), 'tSchema');
      expect(schema.safeParse(feature).success).toBe(true);
      expect(schema.safeParse(wrong).success).toBe(false);
      const validate = createAjv().compile(
        JSON.parse(generateTypes(feature, { name: 'T', format: 'json-schema', named })),
      );
      expect(validate(feature)).toBe(true);
      expect(validate(wrong)).toBe(false);
    }
  });
});

describe('mayBeDictionary', () => {
  it('is false only where no rule holds, whatever the values (every count up to 24 keys and 3 samples)', () => {
    const kindSets = [0, STRING, NUMBER, BOOLEAN, ARRAY, OBJECT, STRING | NUMBER, OBJECT | ARRAY];
    let ruledOut = 0;
    for (let keys = 0; keys <= 24; keys++) {
      for (let samples = 1; samples <= 3; samples++) {
        for (let idKeys = 0; idKeys <= keys; idKeys++) {
          for (let dataKeys = idKeys; dataKeys <= keys; dataKeys++) {
            if (mayBeDictionary(keys, samples, idKeys, dataKeys)) continue;
            ruledOut++;
            for (const valueKinds of kindSets) {
              for (const presentTotal of [keys, keys * samples]) {
                for (const overlap of [true, false]) {
                  const evidence = {
                    keys,
                    samples,
                    presentTotal,
                    idKeys,
                    dataKeys,
                    valueKinds,
                    overlap: () => overlap,
                    valueObjects: () => [],
                  };
                  expect(dictionaryRule(evidence)).toBe(0);
                }
              }
            }
          }
        }
      }
    }
    // Most small positions are ruled out before their evidence is gathered.
    expect(ruledOut).toBeGreaterThan(100);
  });
});
