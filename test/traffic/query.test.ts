import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/traffic/har.js';
import { emitQueryType, propertyKey, queryParams, querySchema, quote } from '../../src/traffic/query.js';
import { compile, typedCallsModule } from '../helpers/compile.js';
import { harText } from './helpers/har-text.js';
import { outputsOf } from './helpers/outputs.js';

const withQuery = (...query: [string, string][]): Exchange => ({
  method: 'GET',
  origin: 'https://h.test',
  segments: ['search'],
  query,
  status: 200,
  response: {},
});

describe('queryParams', () => {
  it('types each name from every value seen, marks repeats as arrays and absences as optional', () => {
    const params = queryParams([
      withQuery(['page', '1'], ['q', 'shoes'], ['tag', 'a'], ['tag', 'b'], ['min', '1.5'], ['all', 'true']),
      withQuery(['page', '2'], ['q', '42'], ['min', '-2'], ['all', 'false'], ['token', '']),
    ]);
    expect(params).toEqual([
      { name: 'page', type: 'integer', array: false, required: true },
      { name: 'q', type: 'string', array: false, required: true },
      { name: 'tag', type: 'string', array: true, required: false },
      { name: 'min', type: 'number', array: false, required: true },
      { name: 'all', type: 'boolean', array: false, required: true },
      { name: 'token', type: 'string', array: false, required: false },
    ]);
  });

  it('types as a string the numbers a number would send back changed (leading zeros, 19-digit ids, exponents)', () => {
    const params = queryParams([
      withQuery(
        ['zip', '02134'],
        ['after', '1234567890123456789'],
        ['n', '1e3'],
        ['lat', '51.5'],
        ['w', '1.50'],
      ),
      withQuery(['zip', '10001'], ['after', '1'], ['n', '2'], ['lat', '-0.12'], ['w', '2']),
    ]);
    expect(params.map(({ name, type }) => [name, type])).toEqual([
      ['zip', 'string'],
      ['after', 'string'],
      ['n', 'string'],
      ['lat', 'number'],
      ['w', 'string'],
    ]);
    expect(emitQueryType(params, 'Q')).toBe(
      'export interface Q {\n  zip: string;\n  after: string;\n  n: string;\n  lat: number;\n  w: string;\n}\n',
    );
  });

  it('types -0 as a string: a number sends it back as 0', () => {
    const params = queryParams([withQuery(['offset', '-0']), withQuery(['offset', '5'])]);
    expect(params).toEqual([{ name: 'offset', type: 'string', array: false, required: true }]);
    expect(String(-0)).toBe('0');
  });

  it('makes a secret parameter optional even when every request had it (an interceptor adds it)', () => {
    const params = queryParams([
      withQuery(['q', 'a'], ['access_token', '']),
      withQuery(['q', 'b'], ['access_token', '']),
    ]);
    expect(params).toEqual([
      { name: 'q', type: 'string', array: false, required: true },
      { name: 'access_token', type: 'string', array: false, required: false },
    ]);
  });

  it('is empty when no request had a query', () => {
    expect(queryParams([withQuery(), withQuery()])).toEqual([]);
  });
});

describe('emitQueryType and querySchema', () => {
  it('writes an interface, quoting names that are not identifiers', () => {
    const params = queryParams([withQuery(['page', '1'], ['tag', 'a'], ['tag', 'b'], ['sort-by', 'x'])]);
    expect(emitQueryType(params, 'SearchQuery')).toBe(
      "export interface SearchQuery {\n  page: number;\n  tag: string | string[];\n  'sort-by': string;\n}\n",
    );
    expect(params.map(querySchema)).toEqual([
      { type: 'integer' },
      { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      { type: 'string' },
    ]);
  });

  it('lets an optional parameter take undefined, which the client leaves out, under exactOptionalPropertyTypes', () => {
    const params = queryParams([
      withQuery(['page', '1'], ['tag', 'a'], ['tag', 'b']),
      withQuery(['page', '2']),
    ]);
    expect(emitQueryType(params, 'Q')).toBe(
      'export interface Q {\n  page: number;\n  tag?: string | string[] | undefined;\n}\n',
    );
    const { files } = outputsOf(
      harText([
        { url: 'https://h.test/todos?page=1&limit=10', response: [{ id: 1 }] },
        { url: 'https://h.test/todos?page=2', response: [{ id: 2 }] },
      ]),
    );
    const calls = typedCallsModule(
      'declare const limit: number | undefined;',
      "await api.get('/todos', { searchParams: { page: 1, limit } });",
      "await api.get('/todos', { searchParams: { page: undefined } });",
    );
    // The compile helper sets exactOptionalPropertyTypes; a required parameter stays required.
    expect(compile({ ...files, 'use.ts': calls })).toEqual([
      "use.ts:6: Type 'undefined' is not assignable to type 'number'.",
    ]);
  });

  it('quotes keys and strings safely', () => {
    expect([propertyKey('a_b$1'), propertyKey('1a'), propertyKey("it's")]).toEqual([
      'a_b$1',
      "'1a'",
      "'it\\'s'",
    ]);
    expect(quote('a"b\\c\n\u2028')).toBe("'a\"b\\\\c\\n\\u2028'");
  });

  it('escapes bidi overrides, zero-width and C1 characters as the type files do, so no key hides what it says', () => {
    expect(quote('a\u202eb\u200bc\u0085')).toBe("'a\\u202eb\\u200bc\\u0085'");
    expect(propertyKey('page\u2066')).toBe("'page\\u2066'");
  });
});
