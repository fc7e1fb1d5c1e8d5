import { describe, expect, it } from 'vitest';
import { checkHeadersQuoted, checkHeaderValue, parseHeader } from '../../../src/cli/args/headers.js';

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

describe('parseHeader', () => {
  it('a name that is not a token: only the header-name characters it starts with are shown', () => {
    const messages = ['Authorization=Bearer abc:def', 'X-Key abc:def', '"abc def":x', '(abc:def'].map(
      (raw) => {
        try {
          parseHeader(raw, 3);
          return 'accepted';
        } catch (error) {
          return (error as Error).message;
        }
      },
    );
    expect(messages).toEqual([
      '--header #3 must look like "Name: value": the name "Authorization" is followed by a character a header name cannot hold',
      '--header #3 must look like "Name: value": the name "X-Key" is followed by a character a header name cannot hold',
      '--header #3 must look like "Name: value": the text before the first colon is not a header name',
      '--header #3 must look like "Name: value": the text before the first colon is not a header name',
    ]);
  });
});

describe('checkHeadersQuoted', () => {
  it('refuses an empty or scheme-only value when more than one positional follows, naming only the header', () => {
    expect(() => checkHeadersQuoted(['Accept: json', 'Authorization: bearer'], 2)).toThrow(
      '--header #2 "Authorization: bearer ..." looks cut off by the shell: quote the whole header, as in --header "Name: value with spaces"',
    );
    expect(() => checkHeadersQuoted(['X-Key:'], 3)).toThrow('--header #1 "X-Key: ..." looks cut off');
    // A name that is no header name is not shown (it may hold a value).
    expect(() => checkHeadersQuoted(['Auth x:'], 2)).toThrow(/^--header #1 looks cut off by the shell/);
  });

  it('accepts an empty value with one positional, and any full value', () => {
    expect(() => checkHeadersQuoted(['X-Empty:'], 1)).not.toThrow();
    expect(() => checkHeadersQuoted(['Authorization: Bearer abc'], 3)).not.toThrow();
  });
});
