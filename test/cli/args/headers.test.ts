import { describe, expect, it } from 'vitest';
import { checkHeaderValue, parseHeader } from '../../../src/cli/args/headers.js';

describe('checkHeaderValue', () => {
  it('refuses every control character fetch refuses (all but tab), naming the header, never the value', () => {
    const refused = [0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1f, 0x7f].map((code) => {
      try {
        checkHeaderValue('X-Key', `key_${String.fromCharCode(code)}_4f9a8b7c`);
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(new Set(refused)).toEqual(
      new Set(['--header "X-Key" has a value with a control character, which HTTP cannot send']),
    );
  });

  it('accepts a tab and the characters from U+0080 to U+00FF, as fetch does', () => {
    expect(parseHeader('X-Key: a\tb\u0080\u00ff', 1)).toEqual({ name: 'X-Key', value: 'a\tb\u0080\u00ff' });
  });
});
