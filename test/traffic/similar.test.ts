import { describe, expect, it } from 'vitest';
import { outlineOf, similar } from '../../src/traffic/similar.js';

describe('outlineOf', () => {
  it('gives the kind and the keys of objects and arrays of objects', () => {
    expect(outlineOf([{ a: 1 }, { b: 2 }])).toEqual({ kind: 'object', keys: new Set(['a', 'b']) });
    expect(outlineOf([[{ a: 1 }, { c: 1 }]])).toEqual({ kind: 'array of object', keys: new Set(['a', 'c']) });
    expect(outlineOf(['x'])).toEqual({ kind: 'string', keys: new Set() });
  });

  it('says nothing for no body, an empty array, or bodies of different kinds', () => {
    expect(outlineOf([])).toBeUndefined();
    expect(outlineOf([[]])).toBeUndefined();
    expect(outlineOf([{ a: 1 }, [1]])).toBeUndefined();
  });
});

describe('similar', () => {
  const of = (...bodies: unknown[]) => outlineOf(bodies);

  it('is true for the same kind sharing at least half the keys', () => {
    expect(similar(of({ id: 1, name: 'a', email: 'e' }), of({ id: 2, name: 'b', bio: 'x' }))).toBe(true);
    expect(similar(of(1), of(2))).toBe(true);
  });

  it('is false for different kinds, few shared keys, or no evidence', () => {
    expect(similar(of({ id: 1, name: 'a' }), of({ id: 1, title: 't', body: 'b' }))).toBe(false);
    expect(similar(of({ id: 1 }), of([{ id: 1 }]))).toBe(false);
    expect(similar(of([]), of([]))).toBe(false);
    expect(similar(undefined, of({ id: 1 }))).toBe(false);
  });
});
