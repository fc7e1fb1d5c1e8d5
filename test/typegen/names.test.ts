// Named nested types (`named: true`): one exported declaration per object shape, named from its path.
import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../src/typegen/generate.js';
import { pascalWord } from '../../src/typegen/names.js';
import { generateTypesFromSamples } from '../../src/typegen/samples.js';
import { typecheckSamples } from './helpers/typecheck.js';

const lines = (...text: string[]): string => `${text.join('\n')}\n`;
const named = (value: unknown, name = 'T'): string => generateTypes(value, { name, named: true });

/** The names a text declares, in order. */
const declared = (text: string): string[] =>
  [...text.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1] ?? '');

// The shape of jsonplaceholder's /users.
const users = [
  {
    id: 1,
    name: 'Leanne Graham',
    address: { street: 'Kulas Light', city: 'Gwenborough', geo: { lat: '-37.3159', lng: '81.1496' } },
    company: { name: 'Romaguera-Crona', catchPhrase: 'Multi-layered client-server neural-net' },
  },
];

describe('named nested types', () => {
  it('gives each nested object its own interface named from its path: UsersAddress, UsersAddressGeo', () => {
    expect(named(users, 'users')).toBe(
      lines(
        'export type Users = UsersItem[];',
        '',
        'export interface UsersItem {',
        '  id: number;',
        '  name: string;',
        '  address: UsersAddress;',
        '  company: UsersCompany;',
        '}',
        '',
        'export interface UsersAddress {',
        '  street: string;',
        '  city: string;',
        '  geo: UsersAddressGeo;',
        '}',
        '',
        'export interface UsersAddressGeo {',
        '  lat: string;',
        '  lng: string;',
        '}',
        '',
        'export interface UsersCompany {',
        '  name: string;',
        '  catchPhrase: string;',
        '}',
      ),
    );
  });

  it('names a top-level object after the root and its members from there; keys become PascalCase words', () => {
    expect(named({ home_address: { zip: '1' }, 'billing-info': { card: { last4: '1234' } } }, 'user')).toBe(
      lines(
        'export interface User {',
        '  home_address: UserHomeAddress;',
        '  "billing-info": UserBillingInfo;',
        '}',
        '',
        'export interface UserHomeAddress {',
        '  zip: string;',
        '}',
        '',
        'export interface UserBillingInfo {',
        '  card: UserBillingInfoCard;',
        '}',
        '',
        'export interface UserBillingInfoCard {',
        '  last4: string;',
        '}',
      ),
    );
  });

  it('emits identical shapes once, under the first name (member order does not matter)', () => {
    const value = {
      shipping: { street: 'a', city: 'b' },
      billing: { city: 'c', street: 'd' },
      other: { street: 'e' },
    };
    expect(named(value)).toBe(
      lines(
        'export interface T {',
        '  shipping: TShipping;',
        '  billing: TShipping;',
        '  other: TOther;',
        '}',
        '',
        'export interface TShipping {',
        '  street: string;',
        '  city: string;',
        '}',
        '',
        'export interface TOther {',
        '  street: string;',
        '}',
      ),
    );
  });

  it('shares a TypeScript declaration between integer and fractional numbers with integers on, as without it', () => {
    // TypeScript has no integer type: `integers` leaves the declarations as they are; zod and JSON Schema
    // write z.int() / "integer", so there the two shapes differ.
    const value = { home: { lat: 1, lng: 2 }, work: { lat: 1.5, lng: 2.5 } };
    const expected = lines(
      'export interface T {',
      '  home: THome;',
      '  work: THome;',
      '}',
      '',
      'export interface THome {',
      '  lat: number;',
      '  lng: number;',
      '}',
    );
    expect(named(value)).toBe(expected);
    expect(generateTypes(value, { name: 'T', named: true, integers: true })).toBe(expected);
    const zod = generateTypes(value, { name: 'T', named: true, integers: true, format: 'zod' });
    expect(declared(zod)).toEqual(['THome', 'TWork', 'T']);
    expect(zod).toContain('lat: z.int(),');
    const schema = JSON.parse(
      generateTypes(value, { name: 'T', named: true, integers: true, format: 'json-schema' }),
    ) as { $defs: Record<string, unknown> };
    expect(Object.keys(schema.$defs)).toEqual(['THome', 'TWork']);
  });

  it('names array elements by the array member (no Item) and map values with Value', () => {
    const value = { posts: [{ id: 1, tags: [{ label: 'x' }] }], byId: { '7': { ok: true } } };
    expect(named(value)).toBe(
      lines(
        'export interface T {',
        '  posts: TPosts[];',
        '  byId: Record<string, TByIdValue>;',
        '}',
        '',
        'export interface TPosts {',
        '  id: number;',
        '  tags: TPostsTags[];',
        '}',
        '',
        'export interface TPostsTags {',
        '  label: string;',
        '}',
        '',
        'export interface TByIdValue {',
        '  ok: boolean;',
        '}',
      ),
    );
  });

  it('numbers a name another shape already has, and keeps {} inline as Record<string, unknown>', () => {
    const value = { a_b: { x: 1 }, a: { b: { y: 2 } }, meta: {} };
    expect(named(value)).toBe(
      lines(
        'export interface T {',
        '  a_b: TAB;',
        '  a: TA;',
        '  meta: Record<string, unknown>;',
        '}',
        '',
        'export interface TAB {',
        '  x: number;',
        '}',
        '',
        'export interface TA {',
        '  b: TAB2;',
        '}',
        '',
        'export interface TAB2 {',
        '  y: number;',
        '}',
      ),
    );
  });

  it('names objects in a top-level union <Root>Object and elements of a top-level array <Root>Item', () => {
    expect(generateTypesFromSamples([{ a: 1 }, 'text', [{ b: true }]], { name: 'T', named: true })).toBe(
      lines(
        'export type T = TObject | string | TItem[];',
        '',
        'export interface TObject {',
        '  a: number;',
        '}',
        '',
        'export interface TItem {',
        '  b: boolean;',
        '}',
      ),
    );
  });

  it('keeps every name when the sample grows (new members, new nested objects, new elements)', () => {
    const small = { user: { id: 1, address: { city: 'Oslo' } }, tags: [{ name: 'a' }] };
    const grown = [
      small,
      {
        extra: { flag: true },
        user: { id: 2, address: { city: 'Rome', geo: { lat: 1 } }, company: { name: 'c' } },
        tags: [{ name: 'b', color: 'red' }],
      },
    ];
    const before = declared(named(small));
    const after = declared(generateTypesFromSamples(grown, { name: 'T', named: true }));
    expect(before).toEqual(['T', 'TUser', 'TUserAddress', 'TTags']);
    expect(after).toEqual([
      'T',
      'TUser',
      'TUserAddress',
      'TUserAddressGeo',
      'TUserCompany',
      'TTags',
      'TExtra',
    ]);
  });

  it('writes the same output as inline types would for a value without nested objects', () => {
    const value = { id: 1, tags: ['a'], scores: [1, 2] };
    expect(named(value)).toBe(generateTypes(value, { name: 'T' }));
  });

  it('compiles under strict TypeScript and accepts its sample', () => {
    const value = { a: [{ b: { c: 1 } }, { b: { c: 2, d: null } }], e: { f: 'x' }, g: { f: 'y' } };
    const [result] = typecheckSamples([{ id: 'named', declaration: named(value), typeName: 'T', value }]);
    expect(result?.diagnostics).toEqual([]);
  });
});

describe('pascalWord', () => {
  it('turns a key into one PascalCase word, Field when nothing is left', () => {
    expect(['geo', 'first_name', 'billing-info', 'x2y', '2fa', '', '*/', 'café'].map(pascalWord)).toEqual([
      'Geo',
      'FirstName',
      'BillingInfo',
      'X2y',
      '2fa',
      'Field',
      'Field',
      'Caf',
    ]);
  });
});
