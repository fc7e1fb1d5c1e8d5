// `format: 'zod'`: a zod 4 module whose schema parses the sample it came from and whose `z.infer` type
// accepts it, for every top-level form (quicktype's zod output drops top-level arrays and primitives,
// its issue #2680).
import { describe, expect, it } from 'vitest';
import { schemaName } from '../../src/typegen/emit-zod.js';
import { type GenerateTypesOptions, generateTypes } from '../../src/typegen/generate.js';
import { typecheckSamples } from './helpers/typecheck.js';
import { loadZodModule, schemaOf } from './helpers/zod-module.js';

const lines = (...text: string[]): string => `${text.join('\n')}\n`;
const zod = (value: unknown, extra: Omit<GenerateTypesOptions, 'name'> = {}, name = 'T'): string =>
  generateTypes(value, { name, format: 'zod', ...extra });
const parse = (text: string, typeName: string, value: unknown) =>
  schemaOf(loadZodModule(text), schemaName(typeName)).safeParse(value);

describe('zod output', () => {
  it('writes the schema and its z.infer type, optional and nullable members included', () => {
    const users = [
      { id: 1, name: 'Ada', email: 'ada@example.com', tags: ['admin'], address: { city: 'London' } },
      { id: 2, name: 'Linus', email: null, tags: [], address: { city: 'Helsinki', zip: '00100' } },
    ];
    expect(zod(users, {}, 'users')).toBe(
      lines(
        "import { z } from 'zod';",
        '',
        'export const usersSchema = z.array(z.object({',
        '  id: z.number(),',
        '  name: z.string(),',
        '  email: z.string().nullable().optional(),',
        '  tags: z.array(z.string()),',
        '  address: z.object({',
        '    city: z.string(),',
        '    zip: z.string().optional(),',
        '  }),',
        '}));',
        'export type Users = z.infer<typeof usersSchema>;',
      ),
    );
  });

  it('handles top-level arrays and primitives (quicktype #2680) and every kind', () => {
    expect(zod([1, 2])).toContain('export const tSchema = z.array(z.number());\n');
    expect(zod('x')).toContain('export const tSchema = z.string();\n');
    expect(zod(null)).toContain('export const tSchema = z.null();\n');
    expect(zod(true)).toContain('export const tSchema = z.boolean();\n');
    expect(zod([])).toContain('export const tSchema = z.array(z.unknown());\n');
    expect(zod({})).toContain('export const tSchema = z.record(z.string(), z.unknown());\n');
    expect(zod([1, 'a', null, [1], ['a']])).toContain(
      'export const tSchema = z.array(z.union([z.number(), z.string(), z.array(z.number()), z.array(z.string())]).nullable());\n',
    );
    expect(zod({ a: undefined, b: [1, undefined] })).toContain(
      lines('  a: z.undefined(),', '  b: z.array(z.number().optional()),'),
    );
    expect(zod({ a: { b: 1 } }, { maxDepth: 1 })).toContain('  a: z.object({\n    b: z.unknown(),\n  }),\n');
  });

  it('quotes keys that are not identifiers and defines __proto__ as a key, not a prototype', () => {
    const value = JSON.parse('{"a-b": 1, "": 2, "__proto__": 3, "class": 4}');
    const text = zod(value);
    expect(text).toContain(
      lines('  "a-b": z.number(),', '  "": z.number(),', '  ["__proto__"]: z.number(),'),
    );
    expect(parse(text, 'T', value).success).toBe(true);
    expect(parse(text, 'T', { 'a-b': 'x', '': 2, class: 4 }).success).toBe(false);
  });

  it('parses an absent optional toString as absent (a prototype-free copy), and still checks a present one', () => {
    const value: unknown = JSON.parse('[{"toString": 1}, {}]');
    const text = zod(value);
    expect(text).toContain(
      lines(
        'const ownProperties = (value: unknown): unknown =>',
        '  typeof value === "object" && value !== null && !Array.isArray(value)',
        '    ? Object.assign(Object.create(null), value)',
        '    : value;',
      ),
    );
    expect(text).toContain('export const tSchema = z.array(z.preprocess(ownProperties, z.object({\n');
    expect(parse(text, 'T', value).success).toBe(true);
    expect(parse(text, 'T', [{ toString: 'one' }]).success).toBe(false);
    expect(zod({ toString: 1 })).not.toContain('ownProperties');
  });

  it('declares named schemas before the schemas that use them, shared shapes once', () => {
    const value = { home: { geo: { lat: 1 } }, work: { geo: { lat: 2 } }, list: [{ geo: { lat: 3 } }] };
    expect(zod(value, { named: true })).toBe(
      lines(
        "import { z } from 'zod';",
        '',
        'export const tHomeGeoSchema = z.object({',
        '  lat: z.number(),',
        '});',
        'export type THomeGeo = z.infer<typeof tHomeGeoSchema>;',
        '',
        'export const tHomeSchema = z.object({',
        '  geo: tHomeGeoSchema,',
        '});',
        'export type THome = z.infer<typeof tHomeSchema>;',
        '',
        'export const tSchema = z.object({',
        '  home: tHomeSchema,',
        '  work: tHomeSchema,',
        '  list: z.array(tHomeSchema),',
        '});',
        'export type T = z.infer<typeof tSchema>;',
      ),
    );
  });

  it('documents formats in JSDoc and validates nothing more than a string', () => {
    const text = zod({ email: 'ada@example.com' }, { formats: true });
    expect(text).toContain(lines('  /** @format email */', '  email: z.string(),'));
    expect(parse(text, 'T', { email: 'not an address' }).success).toBe(true);
  });

  it('runs: the schema parses its sample and rejects a value of another shape', () => {
    const value = {
      id: 1,
      items: [
        { sku: 'a', qty: 2 },
        { sku: 'b', qty: 1, note: null },
      ],
    };
    const text = zod(value, { named: true });
    expect(parse(text, 'T', value)).toEqual({ success: true, data: value });
    const wrong = parse(text, 'T', { id: '1', items: [] });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues).toMatchObject([{ path: ['id'], expected: 'number', code: 'invalid_type' }]);
  });

  it('compiles: z.infer accepts the sample, and rejects a wrong one, under strict TypeScript', () => {
    const value = { id: 1, email: null, tags: ['a'], nested: [{ x: 1 }, { y: 'q' }], byId: { '1': true } };
    const [good, bad] = typecheckSamples(
      [
        { id: 'zod-good', declaration: zod(value, { named: true }), typeName: 'T', value },
        { id: 'zod-bad', declaration: zod(value), typeName: 'T', value: { ...value, id: 'one' } },
      ],
      'modules',
    );
    expect(good?.diagnostics).toEqual([]);
    expect(good?.anyCount).toBe(0);
    expect(bad?.diagnostics).toHaveLength(1);
    expect(bad?.diagnostics[0]).toContain("TS2322: Type 'string' is not assignable to type 'number'.");
  });

  it('compiles a dictionary with named members: z.infer accepts the member beside the catchall keys', () => {
    // MDN's shape: `__compat` stays a member, the sub-features go to the catchall. z.infer gives the
    // catchall an index signature that the member must fit too, as in TypeScript's own output.
    const compat = (chrome: string) => ({ support: { chrome }, experimental: false });
    const value = Object.fromEntries([
      ['__compat', compat('1')],
      ...Array.from({ length: 20 }, (_, i) => [`sub${i}`, { __compat: compat(String(i)) }]),
    ]);
    const wrong = { ...value, sub3: { __compat: 7 } };
    for (const named of [false, true]) {
      const text = zod(value, { named });
      expect(parse(text, 'T', value).success).toBe(true);
      expect(parse(text, 'T', wrong).success).toBe(false);
      const [good, bad] = typecheckSamples(
        [
          { id: `catchall-good-${named}`, declaration: text, typeName: 'T', value },
          { id: `catchall-bad-${named}`, declaration: text, typeName: 'T', value: wrong },
        ],
        'modules',
      );
      expect(good?.diagnostics).toEqual([]);
      expect(good?.anyCount).toBe(0);
      expect(bad?.diagnostics).toHaveLength(1);
    }
  });
});

describe('schemaName', () => {
  it('lower-cases the first letter and appends Schema', () => {
    expect(['Users', 'UserProfiles', '_2faCodes', '_Record'].map(schemaName)).toEqual([
      'usersSchema',
      'userProfilesSchema',
      '_2faCodesSchema',
      '_RecordSchema',
    ]);
  });
});
