import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../src/typegen/generate.js';

// Generous bounds: the work is linear and takes a few milliseconds; the bound only catches a blow-up.
const deepArrays = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);
const deepObjects = (levels: number): unknown =>
  JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

describe('deep input', () => {
  it('types 10,000 levels of arrays in under a second, unknown below level 64', () => {
    const value = deepArrays(10_000);
    const warnings: string[] = [];
    const { result, ms } = timed(() =>
      generateTypes(value, { name: 'Deep', onWarning: (m) => warnings.push(m) }),
    );
    expect(result).toBe(`export type Deep = unknown${'[]'.repeat(65)};\n`);
    expect(warnings).toHaveLength(1);
    expect(ms).toBeLessThan(1000);
  });

  it('types 10,000 levels of objects in under a second, unknown below level 64', () => {
    const value = deepObjects(10_000);
    const { result, ms } = timed(() => generateTypes(value, { name: 'Deep' }));
    const opening = Array.from({ length: 64 }, (_, i) => `${'  '.repeat(i + 1)}a: {`);
    const closing = Array.from({ length: 64 }, (_, i) => `${'  '.repeat(64 - i)}};`);
    const expected = [
      'export interface Deep {',
      ...opening,
      `${'  '.repeat(65)}a: unknown;`,
      ...closing,
      '}',
      '',
    ];
    expect(result).toBe(expected.join('\n'));
    expect(ms).toBeLessThan(1000);
  });

  it('does not overflow the stack at the highest maxDepth (1000) on 10,000 levels', () => {
    const arrays = timed(() => generateTypes(deepArrays(10_000), { name: 'Deep', maxDepth: 1000 }));
    expect(arrays.result).toBe(`export type Deep = unknown${'[]'.repeat(1001)};\n`);
    const objects = timed(() => generateTypes(deepObjects(10_000), { name: 'Deep', maxDepth: 1000 }));
    expect(objects.result.split('\n')).toHaveLength(1000 + 1000 + 4);
    expect(objects.result).toContain(`\n${'  '.repeat(1001)}a: unknown;\n`);
    expect(arrays.ms + objects.ms).toBeLessThan(1000);
  });
});

describe('wide input', () => {
  it('types 100,000 records with 10 keys each in under a second', () => {
    const records = Array.from({ length: 100_000 }, (_, i) => ({
      id: i,
      name: `user ${i}`,
      email: i % 3 === 0 ? null : `u${i}@example.com`,
      active: i % 2 === 0,
      score: i / 7,
      tags: i % 5 === 0 ? [] : ['a', 'b'],
      address: { city: 'Oslo', zip: i % 4 === 0 ? undefined : '0150' },
      ...(i % 10 === 0 ? {} : { nickname: 'n' }),
      history: [{ at: i, what: 'login' }],
      meta: {},
    }));
    const parsed: unknown = JSON.parse(JSON.stringify(records));
    const { result, ms } = timed(() => generateTypes(parsed, { name: 'users' }));
    expect(result).toBe(
      [
        'export type Users = {',
        '  id: number;',
        '  name: string;',
        '  email?: string | null;',
        '  active: boolean;',
        '  score: number;',
        '  tags: string[];',
        '  address: {',
        '    city: string;',
        '    zip?: string;',
        '  };',
        '  history: {',
        '    at: number;',
        '    what: string;',
        '  }[];',
        '  meta: Record<string, unknown>;',
        // The first record has no nickname: keys are in order of first appearance.
        '  nickname?: string;',
        '}[];',
        '',
      ].join('\n'),
    );
    expect(ms).toBeLessThan(1000);
  });
});

describe('every format', () => {
  it('handles 10,000 levels (maxDepth 1000) and 100,000 records with formats, named or not, in under a second each', () => {
    const deep = deepObjects(10_000);
    const records: unknown = JSON.parse(
      JSON.stringify(
        Array.from({ length: 100_000 }, (_, i) => ({
          id: i,
          email: `u${i}@example.com`,
          at: '2024-01-31T10:00:00Z',
          address: { city: 'Oslo' },
          byDay: { [`2024-01-${String((i % 28) + 1).padStart(2, '0')}`]: i },
        })),
      ),
    );
    for (const format of ['typescript', 'zod', 'json-schema'] as const) {
      for (const named of [false, true]) {
        const options = { name: 'T', format, named, formats: true };
        const deepRun = timed(() => generateTypes(deep, { ...options, maxDepth: 1000 }));
        const wideRun = timed(() => generateTypes(records, options));
        // Something was written for all thousand levels and for the records' members.
        expect(deepRun.result.split('\n').length).toBeGreaterThan(1000);
        expect(wideRun.result).toContain('email');
        expect({ format, named, deep: deepRun.ms < 1000, wide: wideRun.ms < 1000 }).toEqual({
          format,
          named,
          deep: true,
          wide: true,
        });
      }
    }
  });
});
