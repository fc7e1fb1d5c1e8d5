import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REDACT_HEADER_KEYS,
  isSecretName,
  looksLikeSecret,
  redactHeaders,
  redactUrl,
  SECRET_QUERY_NAMES,
} from '../../../src/client/logging/redact.js';

describe('redactHeaders', () => {
  it('returns lower-case names and redacts the default keys in any letter case', () => {
    const headers = new Headers({
      AUTHORIZATION: 'Bearer secret-1',
      'Proxy-Authorization': 'Basic secret-2',
      cookie: 'sid=secret-3',
      'X-API-KEY': 'secret-4',
      Accept: 'application/json',
    });
    expect(redactHeaders(headers, DEFAULT_REDACT_HEADER_KEYS)).toEqual({
      accept: 'application/json',
      authorization: '[REDACTED]',
      cookie: '[REDACTED]',
      'proxy-authorization': '[REDACTED]',
      'x-api-key': '[REDACTED]',
    });
  });

  it('matches the keys list case-insensitively, and a given list replaces the default', () => {
    const headers = new Headers({ Authorization: 'Bearer t', 'X-Session': 's1' });
    expect(redactHeaders(headers, ['X-SESSION'])).toEqual({
      authorization: 'Bearer t',
      'x-session': '[REDACTED]',
    });
  });

  it('redacts every set-cookie value into one entry', () => {
    const headers = new Headers();
    headers.append('set-cookie', 'a=secret-a');
    headers.append('set-cookie', 'b=secret-b');
    headers.append('x-trace', '1');
    expect(redactHeaders(headers, DEFAULT_REDACT_HEADER_KEYS)).toEqual({
      'set-cookie': '[REDACTED]',
      'x-trace': '1',
    });
  });

  it('redacts headers whose names say they hold a secret, whatever the list; keeps look-alikes', () => {
    const headers = new Headers({
      'X-Auth-Token': 'secret-1',
      'Private-Token': 'secret-2',
      'X-Goog-Api-Key': 'secret-3',
      'X-Amz-Security-Token': 'secret-4',
      'X-Client-Secret': 'secret-5',
      'X-Password': 'secret-6',
      Api_Key: 'secret-7',
      'X-Signature': 'secret-8',
      'X-Tokens-Left': '12',
      'Idempotency-Key': 'idem-1',
      'X-Keyword': 'shoes',
      Authorization: 'Bearer shown',
    });
    expect(redactHeaders(headers, [])).toEqual({
      api_key: '[REDACTED]',
      authorization: 'Bearer shown',
      'idempotency-key': 'idem-1',
      'private-token': '[REDACTED]',
      'x-amz-security-token': '[REDACTED]',
      'x-auth-token': '[REDACTED]',
      'x-client-secret': '[REDACTED]',
      'x-goog-api-key': '[REDACTED]',
      'x-keyword': 'shoes',
      'x-password': '[REDACTED]',
      'x-signature': '[REDACTED]',
      'x-tokens-left': '12',
    });
  });

  it('accepts a plain HeadersInit too', () => {
    expect(redactHeaders({ 'X-Api-Key': 'k', A: 'b' }, DEFAULT_REDACT_HEADER_KEYS)).toEqual({
      a: 'b',
      'x-api-key': '[REDACTED]',
    });
  });

  it('exports the documented default list, frozen', () => {
    expect(DEFAULT_REDACT_HEADER_KEYS).toEqual([
      'authorization',
      'proxy-authorization',
      'cookie',
      'set-cookie',
      'x-api-key',
    ]);
    expect(Object.isFrozen(DEFAULT_REDACT_HEADER_KEYS)).toBe(true);
  });
});

describe('redactUrl', () => {
  it.each([
    ['https://h/x?token=abc&page=2', 'https://h/x?token=[REDACTED]&page=2'],
    [
      'https://h/x?access_token=1&api_key=2&apikey=3&key=4&password=5&secret=6&signature=7&sig=8',
      'https://h/x?access_token=[REDACTED]&api_key=[REDACTED]&apikey=[REDACTED]&key=[REDACTED]&password=[REDACTED]&secret=[REDACTED]&signature=[REDACTED]&sig=[REDACTED]',
    ],
    [
      'https://h/x?TOKEN=a&Api_Key=b&PassWord=c',
      'https://h/x?TOKEN=[REDACTED]&Api_Key=[REDACTED]&PassWord=[REDACTED]',
    ],
    ['https://h/x?api%5Fkey=a&q=token', 'https://h/x?api%5Fkey=[REDACTED]&q=token'],
    ['https://h/x?keyword=a&tokens=b&monkey=c', 'https://h/x?keyword=a&tokens=b&monkey=c'],
    [
      'https://h/x?accessToken=1&apiKey=2&Access-Token=3&clientSecret=4&auth_token=5&sessionToken=6&key_id=7',
      'https://h/x?accessToken=[REDACTED]&apiKey=[REDACTED]&Access-Token=[REDACTED]&clientSecret=[REDACTED]&auth_token=[REDACTED]&sessionToken=[REDACTED]&key_id=7',
    ],
    [
      'https://gitlab.example/api/v4/projects?private_token=1&api_token=2&apiToken=3&private_key=4&secretKey=5',
      'https://gitlab.example/api/v4/projects?private_token=[REDACTED]&api_token=[REDACTED]&apiToken=[REDACTED]&private_key=[REDACTED]&secretKey=[REDACTED]',
    ],
    [
      'https://h/x?authorization=Bearer%20a&x-api-key=b&accept=c',
      'https://h/x?authorization=[REDACTED]&x-api-key=[REDACTED]&accept=c',
    ],
    ['https://h/x?token=a&token=b', 'https://h/x?token=[REDACTED]&token=[REDACTED]'],
    ['https://h/x?token', 'https://h/x?token'],
    ['https://h/x?token=', 'https://h/x?token=[REDACTED]'],
    ['https://h/s3?X-Amz-Signature=abc&X-Amz-Date=1', 'https://h/s3?X-Amz-Signature=[REDACTED]&X-Amz-Date=1'],
    ['https://h/cb#access_token=abc&state=1', 'https://h/cb#access_token=[REDACTED]&state=1'],
    [
      'https://h/x?session=1&SID=2&Session-Id=3&code=US',
      'https://h/x?session=[REDACTED]&SID=[REDACTED]&Session-Id=[REDACTED]&code=US',
    ],
  ])('redacts secret query values: %s', (input, output) => {
    expect(redactUrl(input)).toBe(output);
  });

  it.each([
    ['https://user:pass@h.example/x', 'https://[REDACTED]@h.example/x'],
    ['https://ghp_token@github.com/o/r', 'https://[REDACTED]@github.com/o/r'],
    ['http://a:b@c@h:8080/x?ok=1', 'http://[REDACTED]@h:8080/x?ok=1'],
    ['//u:p@h/x', '//[REDACTED]@h/x'],
    ['https://h/path@not-userinfo', 'https://h/path@not-userinfo'],
  ])('redacts userinfo: %s', (input, output) => {
    expect(redactUrl(input)).toBe(output);
  });

  it.each([
    ['/users?token=abc', '/users?token=[REDACTED]'],
    ['users', 'users'],
    ['', ''],
    ['?%E0%A4%A=1&password=x', '?%E0%A4%A=1&password=[REDACTED]'],
    ['http://[::1', 'http://[::1'],
    ['::::?sig=1', '::::?sig=[REDACTED]'],
  ])('handles relative and odd URLs without throwing: %s', (input, output) => {
    expect(redactUrl(input)).toBe(output);
  });

  it.each([
    ['https://h/share/AbCdEf123456GhIjKl7890mnOp', 'https://h/share/[REDACTED]'],
    ['/reset-password/Xk9PqL2mN7rT4vW8yZ1bC3dF?next=/', '/reset-password/[REDACTED]?next=/'],
    ['https://u:p@h/AbCdEf123456GhIjKl7890mnOp/x#y', 'https://[REDACTED]@h/[REDACTED]/x#y'],
    ['https://AbCdEf123456GhIjKl7890mnOp.example/x', 'https://AbCdEf123456GhIjKl7890mnOp.example/x'],
    ['//AbCdEf123456GhIjKl7890mnOp/x', '//[REDACTED]/x'],
    [
      '/i/550e8400-e29b-41d4-a716-446655440000/507f1f77bcf86cd799439011/a-long-slug-with-words-2024/ABCDEFGHIJKLMNOPQRST1234/Short1Ab',
      '/i/550e8400-e29b-41d4-a716-446655440000/507f1f77bcf86cd799439011/a-long-slug-with-words-2024/ABCDEFGHIJKLMNOPQRST1234/Short1Ab',
    ],
  ])(
    'redacts path segments that read as tokens (20+ characters mixing cases and digits), not hosts or ids: %s',
    (input, output) => {
      expect(redactUrl(input)).toBe(output);
    },
  );

  it('does not reformat the URL (no normalization of case, encoding or port)', () => {
    const url = 'HTTP://Example.COM:80/a%20b/../c?x=%41&y=1';
    expect(redactUrl(url)).toBe(url);
  });
});

describe('isSecretName', () => {
  it.each(['Authorization', 'proxy_authorization', 'Cookie', 'Set-Cookie', 'X-Api-Key', 'xApiKey'])(
    'holds the header names whose values the logs redact (a JSON member echoing headers): %s',
    (name) => {
      expect(isSecretName(name)).toBe(true);
    },
  );

  it.each([
    'api_token',
    'apiToken',
    'private_token',
    'PRIVATE-TOKEN',
    'private_key',
    'privateKey',
    'secret_key',
    'secretKey',
  ])('holds the names of API tokens and private and secret keys: %s', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    'passwd',
    'jwt',
    'JWT',
    'oauth_token',
    'oauthToken',
    'csrf_token',
    'xsrfToken',
    'sessionid',
    'session_id',
    'session',
    'Session',
    'sid',
    'SID',
  ])('holds passwd, jwt, OAuth 1.0 tokens, CSRF tokens and session ids: %s', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    'github_token',
    'clientToken',
    'X-Gitlab-Token',
    'webhook_secret',
    'apiSecret',
    'userPassword',
    'request_signature',
    'stripe_api_key',
    'slackApiKey',
    'github%5Ftoken',
  ])('holds a name whose last word is a secret word: %s', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each(['token_type', 'tokenType', 'password_changed_at', 'secretsManager', 'tokenizer', 'page_tokens'])(
    'keeps a name whose secret word is not the last: %s',
    (name) => {
      expect(isSecretName(name)).toBe(false);
    },
  );

  it.each(['code', 'country_code', 'sessions', 'side', 'id', 'token_type', 'jwt_issuer', 'csrf'])(
    'keeps names that are not secrets themselves: %s',
    (name) => {
      expect(isSecretName(name)).toBe(false);
    },
  );
});

describe('docs/logging.md', () => {
  it('names exactly the query names SECRET_QUERY_NAMES holds, as names are compared, and says `code` is kept', async () => {
    const text = await readFile(new URL('../../../docs/logging.md', import.meta.url), 'utf8');
    const lead = 'become `[REDACTED]`:';
    const start = text.indexOf(lead, text.indexOf('- **Query values**')) + lead.length;
    const bullet = text.slice(start, text.indexOf('the names of the default redacted', start));
    const named = [...bullet.matchAll(/`([^`]+)`/g)].map((match) =>
      match[1]!.toLowerCase().replace(/[-_]/g, ''),
    );
    expect(new Set(named)).toEqual(new Set(SECRET_QUERY_NAMES));
    expect(text).toContain('`code` is not in the list, on purpose');
    expect(isSecretName('code')).toBe(false);
  });
});

describe('looksLikeSecret', () => {
  it.each([
    'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8',
    'sk_live_51HaBcDeFgHiJkLmNoPqRsTuV',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
    '0123456789abcdef0123456789abcdef',
    'key 9f86d081884c7d65',
    'Bearer abc',
    'bearer x',
    'xoxb-1234567890-abcdefghij',
    'xapp-1-a0b1c2d3e4',
    'AKIAIOSFODNN7EXAMPLE',
    'key ASIAY34FZKBOKMUTVV7A',
  ])('is true for a value that reads as a credential: %s', (value) => {
    expect(looksLikeSecret(value)).toBe(true);
  });

  it.each([
    'PENDING',
    'gpt-4o-mini-2024-07-18',
    'ORDER_STATUS_PENDING_2',
    'deadbeefcafebabe',
    '550e8400-e29b-41d4-a716-446655440000',
    'AbC123xYz987QwE456r',
    'Bearer',
    'Basic plan',
    'xoxo-hugs',
    'AKIA',
    'BAKIAIOSFODNN7EXAMPLE',
  ])('is false for words, codes, UUIDs and short mixed strings: %s', (value) => {
    expect(looksLikeSecret(value)).toBe(false);
  });
});
