// The reader behind --check: generated declarations back into a tree.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseError, parseDeclarations, type TsType } from '../../../src/cli/check/parse.js';
import { renderMember, renderType } from '../../../src/cli/check/render.js';
import { generateTypes } from '../../../src/typegen/generate.js';
import { infer } from '../../../src/typegen/infer.js';
import { detectMaps } from '../../../src/typegen/maps.js';
import type { TypeNode } from '../../../src/typegen/model.js';

const ref = (name: string, args: TsType[] = []): TsType => ({ kind: 'ref', name, args });

/** The tree the reader should give for a generator model. */
function expected(node: TypeNode): TsType {
  switch (node.kind) {
    case 'array':
      return { kind: 'array', element: node.element === undefined ? ref('unknown') : expected(node.element) };
    case 'object':
      if (node.fields.size === 0) return ref('Record', [ref('string'), ref('unknown')]);
      return {
        kind: 'object',
        members: [...node.fields].map(([key, field]) => ({
          key,
          optional: field.optional,
          readonly: false,
          type: expected(field.type),
        })),
      };
    case 'map':
      return ref('Record', [ref('string'), expected(node.value)]);
    case 'union':
      return { kind: 'union', members: node.members.map(expected) };
    default:
      return ref(node.kind);
  }
}

describe('parseDeclarations', () => {
  it('reads an interface with nested objects, arrays, unions and quoted keys', () => {
    const text = generateTypes(
      { id: 1, 'first-name': 'a', tags: ['x', 1], address: { geo: [{ lat: 1 }] }, note: null },
      { name: 'users' },
    );
    expect(parseDeclarations(text)).toEqual([
      {
        name: 'Users',
        form: 'interface',
        type: {
          kind: 'object',
          members: [
            { key: 'id', optional: false, readonly: false, type: ref('number') },
            { key: 'first-name', optional: false, readonly: false, type: ref('string') },
            {
              key: 'tags',
              optional: false,
              readonly: false,
              type: { kind: 'array', element: { kind: 'union', members: [ref('string'), ref('number')] } },
            },
            {
              key: 'address',
              optional: false,
              readonly: false,
              type: {
                kind: 'object',
                members: [
                  {
                    key: 'geo',
                    optional: false,
                    readonly: false,
                    type: {
                      kind: 'array',
                      element: {
                        kind: 'object',
                        members: [{ key: 'lat', optional: false, readonly: false, type: ref('number') }],
                      },
                    },
                  },
                ],
              },
            },
            { key: 'note', optional: true, readonly: false, type: ref('null') },
          ],
        },
      },
    ]);
  });

  it('reads what a formatter or a hand may add: readonly, commas, single quotes, comments, no export', () => {
    const text = [
      '/** Users. */',
      'interface Users {',
      "  readonly 'a\\'b': string, // a comment",
      '  readonly: boolean;',
      '  /* block */ "\\u00e9"?: 1 | "x" | -2.5e3;',
      '}',
      'export type Ids = ReadonlyArray<number>',
    ].join('\n');
    const [users, ids] = parseDeclarations(text);
    expect(users?.type.kind === 'object' && users.type.members.map(renderMember)).toEqual([
      `readonly "a'b": string;`,
      'readonly: boolean;',
      '"é"?: 1 | "x" | -2.5e3;',
    ]);
    expect(ids).toEqual({ name: 'Ids', form: 'type', type: ref('ReadonlyArray', [ref('number')]) });
  });

  it.each([
    ['export interface A { a: string', 'expected ";" after member "a"'],
    ['export interface A {', 'expected a member name, found the end'],
    ['export const a = 1;', 'expected "type", found "const"'],
    ['export type A = ;', 'expected a type, found ";"'],
    ['export interface A { a: string b: number }', 'expected ";" after member "a"'],
    ['export type A = "open', 'unterminated string'],
    ['export type A = string & number;', 'unexpected "&" at offset 23'],
  ])('throws a ParseError for %j', (text, message) => {
    expect(() => parseDeclarations(text)).toThrow(new ParseError(message));
  });
});

describe('parseDeclarations on generated output (property, 300 random values)', () => {
  const key = fc.constantFrom(
    'id',
    'a-b',
    '',
    '"',
    "'",
    '\\',
    '\n',
    '\u2028',
    '\u202e',
    '*/',
    'readonly',
    '1x',
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { maxDepth: 4, depthIdentifier: 'v' },
      fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null)),
      fc.array(tie('value'), { maxLength: 3, depthIdentifier: 'v' }),
      fc
        .array(fc.tuple(key, tie('value')), { maxLength: 4, depthIdentifier: 'v' })
        .map((entries) => Object.fromEntries(entries)),
    ),
  }));

  it('gives back exactly the model the generator printed, with and without dictionaries', () => {
    fc.assert(
      fc.property(value, fc.boolean(), (sample, maps) => {
        const inferred = infer(sample, 64).model;
        const model = maps ? detectMaps(inferred) : inferred;
        const [declaration] = parseDeclarations(generateTypes(sample, { name: 'Sample', maps }));
        const tree = expected(model);
        expect(declaration?.type).toEqual(tree);
        expect(declaration?.form).toBe(
          model.kind === 'object' && model.fields.size > 0 ? 'interface' : 'type',
        );
        // One-line rendering keeps the member text of the generator for non-object types.
        if (tree.kind !== 'object') expect(renderType(tree)).not.toContain('\n');
      }),
      { numRuns: 300 },
    );
  });
});
