import { describe, expect, it } from 'vitest';
import { showValue } from '../../src/shared/show-value.js';

describe('showValue', () => {
  it.each([
    ['text', '"text"'],
    [42, '42'],
    [null, 'null'],
    [undefined, 'undefined'],
    [() => 1, 'a function'],
    [[1, 'secret'], 'an array'],
    [{ Authorization: 'Bearer secret' }, 'an object'],
  ])('%j -> %s, never the contents of an object or array', (value, shown) => {
    expect(showValue(value)).toBe(shown);
  });
});
