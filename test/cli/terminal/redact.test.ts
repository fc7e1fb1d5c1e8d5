import { describe, expect, it } from 'vitest';
import { displayUrl, redactSecrets } from '../../../src/cli/terminal/redact.js';

describe('displayUrl', () => {
  it('replaces userinfo, user and password alike', () => {
    expect(displayUrl(new URL('https://me:hunter22@api.example.com/users'))).toBe(
      'https://[REDACTED]@api.example.com/users',
    );
    expect(displayUrl(new URL('https://token123@api.example.com/'))).toBe(
      'https://[REDACTED]@api.example.com/',
    );
    expect(displayUrl('http://a:b@c@[broken')).toBe('http://[REDACTED]@[broken');
  });

  it('replaces the values of secret query parameters, any case, and leaves the rest as written', () => {
    expect(
      displayUrl(new URL('https://h/p?page=2&API_KEY=abc&Token=t%20x&q=a+b&access_token=z&sig=s#frag')),
    ).toBe(
      'https://h/p?page=2&API_KEY=[REDACTED]&Token=[REDACTED]&q=a+b&access_token=[REDACTED]&sig=[REDACTED]#frag',
    );
  });

  it('replaces path segments that read as tokens (20+ characters, mixed case and digits), not ids', () => {
    expect(
      displayUrl('https://hooks.slack.com/services/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?x=1'),
    ).toBe('https://hooks.slack.com/services/T0AB12CD3/B0CD45EF6/[REDACTED]?x=1');
    expect(
      displayUrl(new URL('https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe')),
    ).toBe('https://api.telegram.org/[REDACTED]/getMe');
    const ids =
      'https://h/items/550e8400-e29b-41d4-a716-446655440000/507f1f77bcf86cd799439011/' +
      'a-very-long-slug-with-words-2024/ABCDEFGHIJKLMNOPQRSTUVWX1234/Short1Ab';
    expect(displayUrl(ids)).toBe(ids);
  });

  it('looks for tokens in the path only, which starts where redactUrl ends the authority; a scheme-less //... is searched whole', () => {
    expect(displayUrl('https://u:p@h\\x/AbcdefGhijk1234567890xyz?token=AbcdefGhijk1234567890xyz')).toBe(
      'https://[REDACTED]@h\\x/[REDACTED]?token=[REDACTED]',
    );
    expect(displayUrl('https://AbcdefGhijk1234567890xyz.example/x#AbcdefGhijk1234567890xyz')).toBe(
      'https://AbcdefGhijk1234567890xyz.example/x#AbcdefGhijk1234567890xyz',
    );
    expect(displayUrl('//AbcdefGhijk1234567890xyz/x')).toBe('//[REDACTED]/x');
  });

  it('leaves an ordinary URL untouched', () => {
    expect(displayUrl(new URL('http://127.0.0.1:8080/api/v1/users?page=1'))).toBe(
      'http://127.0.0.1:8080/api/v1/users?page=1',
    );
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence of each secret', () => {
    expect(redactSecrets('a s3cret b s3cret c tokenX', ['s3cret', 'tokenX'])).toBe(
      'a [REDACTED] b [REDACTED] c [REDACTED]',
    );
  });

  it('ignores values shorter than 4 characters so messages stay readable', () => {
    expect(redactSecrets('HTTP 401: Unauthorized', ['1', '', '401'])).toBe('HTTP 401: Unauthorized');
  });

  // A message may quote a cut piece of text: the 300-character excerpt of a body (`…` at its end), or the
  // JSON parser's `..."<about 20 characters>"...`. A secret cut there no longer matches whole.
  const SECRET = 'sk_test_51HxYz9f3c8d2e1a0b7';

  it('hides the start of a secret cut at the end of an excerpt (`…`, the JSON parser\'s `"...`)', () => {
    expect(redactSecrets('response body: {"error": "bad key sk_test_51Hx…', [SECRET])).toBe(
      'response body: {"error": "bad key [REDACTED]…',
    );
    expect(
      redactSecrets(`Unexpected token 's', ...": 1, "k": sk_test_51"... is not valid JSON`, [SECRET]),
    ).toBe(`Unexpected token 's', ...": 1, "k": [REDACTED]"... is not valid JSON`);
  });

  it('hides the end of a secret cut at the start of a JSON parser excerpt (`..."`), and a middle cut at both', () => {
    expect(redactSecrets(`Unexpected token '}', ..."8d2e1a0b7}}" is not valid JSON`, [SECRET])).toBe(
      `Unexpected token '}', ..."[REDACTED]}}" is not valid JSON`,
    );
    expect(redactSecrets(`Unexpected token 'z', ..."51HxYz9f3c8d"... is not valid JSON`, [SECRET])).toBe(
      `Unexpected token 'z', ..."[REDACTED]"... is not valid JSON`,
    );
  });

  it('leaves the text at a cut alone when it is no part of a secret, or shorter than 4 characters', () => {
    const text = `Unexpected token 'x', ..."ue, "sk_"... is not valid JSON; response body: <p>Loading…`;
    expect(redactSecrets(text, [SECRET])).toBe(text);
  });
});
