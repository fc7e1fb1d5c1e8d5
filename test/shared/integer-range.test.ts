import { describe, expect, it } from 'vitest';
import { isIntegerIn } from '../../src/shared/integer-range.js';

describe('isIntegerIn', () => {
  it('accepts integers from min to max, both included', () => {
    expect([0, 1, 5].map((value) => isIntegerIn(value, 0, 5))).toEqual([true, true, true]);
  });

  it.each([-1, 6, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', null, undefined])('rejects %j', (value) => {
    expect(isIntegerIn(value, 0, 5)).toBe(false);
  });
});
