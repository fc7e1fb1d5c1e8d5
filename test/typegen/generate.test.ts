import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../src/typegen/generate.js';

/** The expected file text: the lines joined by newlines, plus the final newline. */
const lines = (...text: string[]): string => `${text.join('\n')}\n`;
const gen = (value: unknown, name = 'T'): string => generateTypes(value, { name });
const fromJson = (json: string): string => gen(JSON.parse(json));

describe('documented example', () => {
  it('gives the output shown at the top of docs/type-inference.md', () => {
    const users = [
      { id: 1, name: 'Ada', email: 'ada@example.com', tags: ['admin'], address: { city: 'London' } },
      { id: 2, name: 'Linus', email: null, tags: [], address: { city: 'Helsinki', zip: '00100' } },
    ];
    expect(generateTypes(users, { name: 'users' })).toBe(
      lines(
        'export type Users = {',
        '  id: number;',
        '  name: string;',
        '  email?: string | null;',
        '  tags: string[];',
        '  address: {',
        '    city: string;',
        '    zip?: string;',
        '  };',
        '}[];',
      ),
    );
  });
});

describe('top-level forms', () => {
  it('types a top-level primitive or null as a type alias', () => {
    expect(gen('a')).toBe('export type T = string;\n');
    expect(gen(1.5)).toBe('export type T = number;\n');
    expect(gen(false)).toBe('export type T = boolean;\n');
    expect(gen(null)).toBe('export type T = null;\n');
  });

  it('types a top-level object as an exported interface with members in first-appearance order', () => {
    expect(gen({ name: 'Ada', id: 1, admin: true, tags: ['x'] }, 'users')).toBe(
      lines(
        'export interface Users {',
        '  name: string;',
        '  id: number;',
        '  admin: boolean;',
        '  tags: string[];',
        '}',
      ),
    );
  });

  it('types a top-level array as a type alias of its element type', () => {
    expect(gen([1, 2, 3])).toBe('export type T = number[];\n');
    expect(gen([{ id: 1 }, { id: 2 }])).toBe(lines('export type T = {', '  id: number;', '}[];'));
  });

  it('types a top-level {} as Record<string, unknown> and a top-level [] as unknown[]', () => {
    expect(gen({})).toBe('export type T = Record<string, unknown>;\n');
    expect(gen([])).toBe('export type T = unknown[];\n');
  });
});

describe('arrays and unions', () => {
  it('writes the spec example [1, "a", true] as (number | string | boolean)[]', () => {
    expect(fromJson('[1, "a", true]')).toBe('export type T = (number | string | boolean)[];\n');
  });

  it('lists each kind once, in order of first appearance', () => {
    expect(gen(['a', 1, 'b', 2, false, true])).toBe('export type T = (string | number | boolean)[];\n');
  });

  it('always puts null last', () => {
    expect(gen([null, 'a'])).toBe('export type T = (string | null)[];\n');
    expect(gen([null, null])).toBe('export type T = null[];\n');
    expect(gen({ a: [null, 1, 'x'] })).toBe(
      lines('export interface T {', '  a: (number | string | null)[];', '}'),
    );
  });

  it('keeps arrays of disjoint element kinds apart: [[1], ["a"]] is (number[] | string[])[]', () => {
    expect(fromJson('[[1], ["a"]]')).toBe('export type T = (number[] | string[])[];\n');
    expect(fromJson('[[1], ["a"], 2]')).toBe('export type T = (number[] | string[] | number)[];\n');
  });

  it('merges arrays whose element kinds overlap', () => {
    expect(fromJson('[[1], [2, null]]')).toBe('export type T = (number | null)[][];\n');
    expect(fromJson('[[1], ["a"], [true, 2]]')).toBe(
      'export type T = ((number | boolean)[] | string[])[];\n',
    );
    expect(fromJson('[[1], ["a"], [2, "b"]]')).toBe('export type T = (number | string)[][];\n');
  });

  it('nests array types without parentheses and parenthesizes a union element', () => {
    expect(gen([[[1]]])).toBe('export type T = number[][][];\n');
    expect(gen([[[1, 'a']]])).toBe('export type T = (number | string)[][][];\n');
    expect(gen([[[1], ['a']]])).toBe('export type T = (number[] | string[])[][];\n');
  });

  it('lets a non-empty element type win over an empty array, in either order and at any depth', () => {
    expect(gen([[], [1]])).toBe('export type T = number[][];\n');
    expect(gen([[1], []])).toBe('export type T = number[][];\n');
    expect(gen([[[]], [[1]]])).toBe('export type T = number[][][];\n');
    expect(gen([{ a: [] }, { a: ['x'] }, { a: [] }])).toBe(
      lines('export type T = {', '  a: string[];', '}[];'),
    );
    expect(gen([[], [], []])).toBe('export type T = unknown[][];\n');
    expect(gen({ a: [] })).toBe(lines('export interface T {', '  a: unknown[];', '}'));
  });
});

describe('objects', () => {
  it('marks a key whose value is null optional and types it null', () => {
    expect(gen({ a: null, b: 1 })).toBe(lines('export interface T {', '  a?: null;', '  b: number;', '}'));
  });

  it('writes nested objects inline, two more spaces per level, closed by };', () => {
    const value = { user: { id: 1, address: { city: 'Oslo', geo: { lat: 1.5 } } }, ok: true };
    expect(gen(value)).toBe(
      lines(
        'export interface T {',
        '  user: {',
        '    id: number;',
        '    address: {',
        '      city: string;',
        '      geo: {',
        '        lat: number;',
        '      };',
        '    };',
        '  };',
        '  ok: boolean;',
        '}',
      ),
    );
  });

  it('closes an array of objects with }[]; and a union in an array with })[]', () => {
    expect(gen({ list: [{ id: 1 }], items: ['a', { a: 1 }] })).toBe(
      lines(
        'export interface T {',
        '  list: {',
        '    id: number;',
        '  }[];',
        '  items: (string | {',
        '    a: number;',
        '  })[];',
        '}',
      ),
    );
  });

  it('merges the objects of an array into one type: missing or null keys optional, union of what was seen', () => {
    const value = [
      { id: 1, name: 'a', email: 'x@y' },
      { id: 2, name: null, extra: true },
      { id: 3, name: 'c', email: 'z@y', extra: 1 },
    ];
    expect(gen(value)).toBe(
      lines(
        'export type T = {',
        '  id: number;',
        '  name?: string | null;',
        '  email?: string;',
        '  extra?: boolean | number;',
        '}[];',
      ),
    );
  });

  it('merges arrays of objects at every depth', () => {
    const value = [{ a: [{ x: 1, deep: [{ p: 1 }] }] }, { a: [{ y: 'q', deep: [{ q: null }] }] }];
    expect(gen(value)).toBe(
      lines(
        'export type T = {',
        '  a: {',
        '    x?: number;',
        '    deep: {',
        '      p?: number;',
        '      q?: null;',
        '    }[];',
        '    y?: string;',
        '  }[];',
        '}[];',
      ),
    );
    expect(gen([[{ a: 1 }], [{ b: 2 }]])).toBe(
      lines('export type T = {', '  a?: number;', '  b?: number;', '}[][];'),
    );
  });

  it('writes a union of a primitive and an object as a member type', () => {
    expect(gen([{ a: 1 }, { a: { b: 'x' } }])).toBe(
      lines('export type T = {', '  a: number | {', '    b: string;', '  };', '}[];'),
    );
  });

  it('writes a union of an array of objects and an object inside an array', () => {
    expect(gen([[{ a: 1 }], { b: 2 }])).toBe(
      lines('export type T = ({', '  a: number;', '}[] | {', '  b: number;', '})[];'),
    );
  });

  it('types {} as Record<string, unknown>, and an {} among objects only makes their keys optional', () => {
    expect(gen({ meta: {} })).toBe(lines('export interface T {', '  meta: Record<string, unknown>;', '}'));
    expect(gen([{}, {}])).toBe('export type T = Record<string, unknown>[];\n');
    expect(gen([{}, { a: 1 }])).toBe(lines('export type T = {', '  a?: number;', '}[];'));
  });

  it('reads own keys only: not those a prototype inherits, nor one added to Object.prototype', () => {
    const inherits = Object.create({ inherited: 1 }, { own: { value: 'a', enumerable: true } });
    expect(gen({ item: inherits })).toBe(
      lines('export interface T {', '  item: {', '    own: string;', '  };', '}'),
    );
    expect(gen(Object.assign(Object.create(null), { a: 1 }))).toBe(
      lines('export interface T {', '  a: number;', '}'),
    );
    // Only generateTypes runs while Object.prototype has the extra key; the assertion runs after.
    let output: string;
    Object.defineProperty(Object.prototype, 'polluted', { value: 1, enumerable: true, configurable: true });
    try {
      output = gen({ a: 1, b: { c: 'x' } });
    } finally {
      delete (Object.prototype as { polluted?: unknown }).polluted;
    }
    expect(output).toBe(
      lines('export interface T {', '  a: number;', '  b: {', '    c: string;', '  };', '}'),
    );
  });

  it('treats an undefined member like null (optional) and types it undefined', () => {
    expect(gen({ a: undefined })).toBe(lines('export interface T {', '  a?: undefined;', '}'));
    expect(gen([{ a: 1 }, { a: undefined }, { a: null }])).toBe(
      lines('export type T = {', '  a?: number | null | undefined;', '}[];'),
    );
  });
});

describe('member names', () => {
  it('keeps identifier names bare, reserved words included', () => {
    const value = {
      id: 1,
      _x: 1,
      $y: 1,
      class: 1,
      new: 1,
      get: 1,
      readonly: 1,
      constructor: 1,
      __proto__x: 1,
    };
    expect(gen(value)).toBe(
      lines(
        'export interface T {',
        '  id: number;',
        '  _x: number;',
        '  $y: number;',
        '  class: number;',
        '  new: number;',
        '  get: number;',
        '  readonly: number;',
        '  constructor: number;',
        '  __proto__x: number;',
        '}',
      ),
    );
  });

  it('writes every other key as an escaped JSON string', () => {
    const json =
      '{"a-b": 1, "1x": 2, "": 3, "a b": 4, "say \\"hi\\"": 5, "back\\\\slash": 6, "*/": 7, "line\\nbreak": 8,' +
      ' "ls\\u2028ps\\u2029": 9, "caf\\u00e9": 10, "tab\\t": 11, "\\ud800": 12, "__proto__": 13}';
    expect(fromJson(json)).toBe(
      lines(
        'export interface T {',
        '  "a-b": number;',
        '  "1x": number;',
        '  "": number;',
        '  "a b": number;',
        '  "say \\"hi\\"": number;',
        '  "back\\\\slash": number;',
        '  "*/": number;',
        '  "line\\nbreak": number;',
        '  "ls\\u2028ps\\u2029": number;',
        '  "café": number;',
        '  "tab\\t": number;',
        '  "\\ud800": number;',
        '  __proto__: number;',
        '}',
      ),
    );
  });
});

describe('type name', () => {
  it('PascalCases the name option and prefixes names that would not be usable', () => {
    expect(gen(1, 'users')).toBe('export type Users = number;\n');
    expect(gen(1, 'user-profiles')).toBe('export type UserProfiles = number;\n');
    expect(gen(1, 'user_profiles')).toBe('export type UserProfiles = number;\n');
    expect(gen(1, '2fa-codes')).toBe('export type _2faCodes = number;\n');
    expect(gen({}, 'record')).toBe('export type _Record = Record<string, unknown>;\n');
  });
});

describe('depth limit', () => {
  it('types values deeper than maxDepth unknown and warns once with one line', () => {
    const warnings: string[] = [];
    const value = { a: { b: { c: 1 } }, d: [[1]], e: { f: { g: 2 } } };
    const text = generateTypes(value, { name: 'T', maxDepth: 2, onWarning: (m) => warnings.push(m) });
    expect(text).toBe(
      lines(
        'export interface T {',
        '  a: {',
        '    b: {',
        '      c: unknown;',
        '    };',
        '  };',
        '  d: unknown[][];',
        '  e: {',
        '    f: {',
        '      g: unknown;',
        '    };',
        '  };',
        '}',
      ),
    );
    expect(warnings).toEqual(['JSON nested deeper than 2 levels: the deeper values are typed unknown']);
  });

  it('types the members of the top-level value unknown with maxDepth 0', () => {
    const warnings: string[] = [];
    expect(
      generateTypes({ a: 1, b: [] }, { name: 'T', maxDepth: 0, onWarning: (m) => warnings.push(m) }),
    ).toBe(lines('export interface T {', '  a: unknown;', '  b: unknown;', '}'));
    expect(generateTypes([1], { name: 'T', maxDepth: 0 })).toBe('export type T = unknown[];\n');
    expect(warnings).toEqual(['JSON nested deeper than 0 levels: the deeper values are typed unknown']);
  });

  it('does not warn when nothing is deeper than the limit', () => {
    const warnings: string[] = [];
    generateTypes({ a: { b: 1 } }, { name: 'T', maxDepth: 2, onWarning: (m) => warnings.push(m) });
    expect(warnings).toEqual([]);
  });

  it('stops at 64 levels by default', () => {
    const warnings: string[] = [];
    const text = generateTypes(JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`), {
      name: 'T',
      onWarning: (m) => warnings.push(m),
    });
    expect(text).toBe(`export type T = unknown${'[]'.repeat(65)};\n`);
    expect(generateTypes(JSON.parse(`${'['.repeat(65)}${']'.repeat(65)}`), { name: 'T' })).toBe(
      `export type T = unknown${'[]'.repeat(65)};\n`,
    );
    expect(warnings).toEqual(['JSON nested deeper than 64 levels: the deeper values are typed unknown']);
  });
});

describe('bad input', () => {
  it('rejects bad options with one-line errors naming the option and the value', () => {
    expect(() => generateTypes(1, { name: 'T', maxDepth: -1 })).toThrow(
      new RangeError('maxDepth must be an integer from 0 to 1000, got -1'),
    );
    expect(() => generateTypes(1, { name: 'T', maxDepth: 1.5 })).toThrow(
      new RangeError('maxDepth must be an integer from 0 to 1000, got 1.5'),
    );
    expect(() => generateTypes(1, { name: 'T', maxDepth: 1001 })).toThrow(
      new RangeError('maxDepth must be an integer from 0 to 1000, got 1001'),
    );
    expect(() => generateTypes(1, { name: 'T', maxDepth: '3' as unknown as number })).toThrow(
      new RangeError('maxDepth must be an integer from 0 to 1000, got "3"'),
    );
    expect(() => generateTypes(1, { name: 42 as unknown as string })).toThrow(
      new TypeError('name must be a string, got 42'),
    );
    expect(() => generateTypes(1, { name: '--' })).toThrow(
      new TypeError('name must contain an ASCII letter or digit, got "--"'),
    );
    expect(() => generateTypes(1, { name: 'T', onWarning: 'x' as unknown as () => void })).toThrow(
      new TypeError('onWarning must be a function, got "x"'),
    );
    expect(() => generateTypes(1, undefined as unknown as { name: string })).toThrow(
      new TypeError('options must be an object with a name, got undefined'),
    );
  });

  it('rejects values JSON cannot hold with a TypeError naming the kind', () => {
    expect(() => gen({ a: 10n })).toThrow(
      new TypeError('generateTypes: a bigint is not a JSON value and has no JSON type'),
    );
    expect(() => gen([() => 1])).toThrow(
      new TypeError('generateTypes: a function is not a JSON value and has no JSON type'),
    );
  });
});
