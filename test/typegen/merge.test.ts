import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emit } from '../../src/typegen/emit-typescript.js';
import { generateTypes } from '../../src/typegen/generate.js';
import { infer, inferSamples } from '../../src/typegen/infer.js';
import { merge } from '../../src/typegen/merge.js';
import { createAjv } from './helpers/ajv.js';
import { typecheckSamples } from './helpers/typecheck.js';
import { loadZodModule, schemaOf } from './helpers/zod-module.js';

const lines = (...text: string[]): string => `${text.join('\n')}\n`;
const model = (value: unknown) => infer(value, 64).model;

describe('infer', () => {
  it('builds the tagged model: fields in a Map with optional flags and counts, arrays, unions with null last', () => {
    expect(
      model([
        { id: 1, tags: [] },
        { id: null, name: 'a' },
      ]),
    ).toEqual({
      kind: 'array',
      element: {
        kind: 'object',
        fields: new Map([
          [
            'id',
            {
              type: { kind: 'union', members: [{ kind: 'number' }, { kind: 'null' }] },
              optional: true,
              present: 2,
            },
          ],
          ['tags', { type: { kind: 'array', element: undefined }, optional: true, present: 1 }],
          ['name', { type: { kind: 'string' }, optional: true, present: 1 }],
        ]),
        samples: 2,
      },
    });
  });

  it('keeps JSON keys such as __proto__ and constructor as plain Map keys', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": "x"}');
    const node = model(parsed);
    expect(node.kind === 'object' && [...node.fields.keys()]).toEqual(['__proto__', 'constructor']);
  });

  it('reports whether the depth limit was hit', () => {
    expect(infer([[1]], 1)).toEqual({
      model: { kind: 'array', element: { kind: 'array', element: { kind: 'unknown' } } },
      depthLimitHit: true,
    });
    expect(infer([[1]], 2).depthLimitHit).toBe(false);
  });
});

describe('inferSamples', () => {
  it('merges several samples into one model like the elements of an array', () => {
    const result = inferSamples(
      [
        { a: 1, b: { c: 'x' } },
        { a: 'y', b: { d: true } },
        { a: null, e: [] },
      ],
      64,
    );
    expect(emit(result.model, 'Sample')).toBe(
      lines(
        'export interface Sample {',
        '  a?: number | string | null;',
        '  b?: {',
        '    c?: string;',
        '    d?: boolean;',
        '  };',
        '  e?: unknown[];',
        '}',
      ),
    );
    expect(result.depthLimitHit).toBe(false);
  });

  it('gives unknown for no samples at all', () => {
    expect(inferSamples([], 64).model).toEqual({ kind: 'unknown' });
  });
});

describe('merge', () => {
  it('merges object models key by key, making keys missing on one side optional', () => {
    expect(emit(merge(model({ a: 1, b: 'x' }), model({ b: null, c: true })), 'M')).toBe(
      lines('export interface M {', '  a?: number;', '  b?: string | null;', '  c?: boolean;', '}'),
    );
  });

  it('keeps disjoint arrays apart and lets a non-empty array win over an empty one', () => {
    expect(emit(merge(model([1]), model(['a'])), 'M')).toBe('export type M = number[] | string[];\n');
    expect(emit(merge(model([]), model([{ a: 1 }])), 'M')).toBe(
      lines('export type M = {', '  a: number;', '}[];'),
    );
    expect(emit(merge(model([1, null]), model([2])), 'M')).toBe('export type M = (number | null)[];\n');
  });

  it('lets unknown absorb everything', () => {
    const deep = infer([[1]], 0).model;
    expect(emit(merge(model({ a: 1 }), { kind: 'unknown' }), 'M')).toBe('export type M = unknown;\n');
    expect(emit(merge(deep, model(['x'])), 'M')).toBe('export type M = unknown[] | string[];\n');
  });

  const json = fc.jsonValue({ maxDepth: 4 });

  it('equals inferring both values as samples (property, 300 runs)', () => {
    fc.assert(
      fc.property(json, json, (x, y) => {
        expect(emit(merge(model(x), model(y)), 'M')).toBe(emit(inferSamples([x, y], 64).model, 'M'));
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent: merging a model with itself changes nothing (property, 300 runs)', () => {
    fc.assert(
      fc.property(json, (x) => {
        const m = model(x);
        expect(emit(merge(m, m), 'M')).toBe(emit(m, 'M'));
      }),
      { numRuns: 300 },
    );
  });
});

describe('merging dictionaries (through generateTypes)', () => {
  // Twenty users and a `meta` that lacks their `id`: a dictionary with the named member `meta`.
  const users = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`u${i}`, { id: i }]));
  const withMeta = { meta: { v: 1 }, ...users };
  // The same place elsewhere, with `meta: null`: a plain dictionary, its `meta` folded into the value.
  const withNullMeta = { ...users, meta: null };
  // A dictionary of arrays (twenty keys and more): its values are inferred apart, then merged.
  const value = {
    a: [withMeta],
    b: [withNullMeta],
    ...Object.fromEntries(Object.keys(users).map((key) => [key, []])),
  };

  it('folds a named member into the value when the other dictionary has no such member, so every format accepts both', () => {
    expect(generateTypes(value, { name: 'T' })).toBe(
      lines(
        'export type T = Record<string, Record<string, {',
        '  id?: number;',
        '  v?: number;',
        '} | null>[]>;',
      ),
    );
    const [result] = typecheckSamples([
      { id: 'merged', declaration: generateTypes(value, { name: 'T' }), typeName: 'T', value },
    ]);
    expect(result!.diagnostics).toEqual([]);
    const zod = schemaOf(loadZodModule(generateTypes(value, { name: 'T', format: 'zod' })), 'tSchema');
    expect(zod.safeParse(value).success).toBe(true);
    const validate = createAjv().compile(
      JSON.parse(generateTypes(value, { name: 'T', format: 'json-schema' })),
    );
    expect(validate(value)).toBe(true);
  });
});
