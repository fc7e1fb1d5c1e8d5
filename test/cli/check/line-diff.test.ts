import { describe, expect, it } from 'vitest';
import { diffLines } from '../../../src/cli/check/line-diff.js';

describe('diffLines', () => {
  it('finds the smallest set of changed lines between a common head and tail', () => {
    expect(diffLines(['a', 'b', 'c', 'd', 'e'], ['a', 'x', 'c', 'd', 'y', 'e'])).toEqual([
      { beforeLine: 2, removed: ['b'], added: ['x'] },
      { beforeLine: 5, removed: [], added: ['y'] },
    ]);
    expect(diffLines(['a'], ['a'])).toEqual([]);
    expect(diffLines([], ['a', 'b'])).toEqual([{ beforeLine: 1, removed: [], added: ['a', 'b'] }]);
  });

  it('shows a huge middle as one replacement instead of building a huge table', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`);
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`);
    const [hunk, ...rest] = diffLines(['same', ...before], ['same', ...after]);
    expect(rest).toEqual([]);
    expect([hunk?.beforeLine, hunk?.removed.length, hunk?.added.length]).toEqual([2, 3000, 3000]);
  });
});
