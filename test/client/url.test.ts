import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUrl, parseBaseUrl } from '../../src/client/url.js';
import { createApiClient } from '../../src/index.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

const join = (base: string, path: string, allow = false): string =>
  buildUrl(parseBaseUrl('baseUrl', base), path, allow, undefined);

describe('URL joining', () => {
  it.each([
    ['https://h.test', '/users', 'https://h.test/users'],
    ['https://h.test', 'users', 'https://h.test/users'],
    ['https://h.test/', '/users', 'https://h.test/users'],
    ['https://h.test/', 'users', 'https://h.test/users'],
    ['https://h.test/api', '/users', 'https://h.test/api/users'],
    ['https://h.test/api', 'users', 'https://h.test/api/users'],
    ['https://h.test/api/', '/users', 'https://h.test/api/users'],
    ['https://h.test/api/', 'users', 'https://h.test/api/users'],
    ['https://h.test/api//', '//users', 'https://h.test/api/users'],
    ['https://h.test/api/v1', '/users/1/posts', 'https://h.test/api/v1/users/1/posts'],
    ['https://h.test/api', '/users?active=true', 'https://h.test/api/users?active=true'],
    ['https://h.test/api', '', 'https://h.test/api'],
    ['https://h.test/api', '/', 'https://h.test/api/'],
    ['https://h.test/api', '?q=1', 'https://h.test/api?q=1'],
    ['https://h.test/api?v=2', '/users?q=1', 'https://h.test/api/users?v=2&q=1'],
    ['https://h.test:8443/api', 'x', 'https://h.test:8443/api/x'],
    ['https://h.test/api/v1', '/users/../admin', 'https://h.test/api/v1/admin'],
    ['https://h.test/api/v1', '../admin', 'https://h.test/api/admin'],
  ])('%s + %s -> %s', (base, path, expected) => {
    expect(join(base, path)).toBe(expected);
  });

  it('joins a path to each base of its own, again and past a thousand distinct paths (each joined once)', () => {
    const api = parseBaseUrl('baseUrl', 'https://h.test/api');
    const other = parseBaseUrl('baseUrl', 'https://other.test/v2?k=1');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 1200; i++) {
        expect(buildUrl(api, `/users/${i}`, false, undefined)).toBe(`https://h.test/api/users/${i}`);
        expect(buildUrl(other, `/users/${i}`, false, undefined)).toBe(`https://other.test/v2/users/${i}?k=1`);
      }
    }
  });

  it('keeps a protocol-relative path under the base instead of switching host', () => {
    expect(join('https://h.test/api', '//evil.test/steal')).toBe('https://h.test/api/evil.test/steal');
  });

  it('uses an absolute URL of the same origin as it is', () => {
    expect(join('https://h.test/api', 'https://h.test/other/path?x=1')).toBe('https://h.test/other/path?x=1');
  });

  it('refuses an absolute URL of another origin, naming both origins', () => {
    expect(() => join('https://h.test/api', 'https://evil.test/steal')).toThrow(
      new TypeError(
        'Refusing to send a request to https://evil.test: it is not the origin of baseUrl (https://h.test). ' +
          'Set allowAbsoluteUrls: true to allow other origins.',
      ),
    );
  });

  it('says a path like documents:batchGet reads as a URL of another scheme, instead of refusing "null"', () => {
    expect(() => join('https://h.test/v1', 'documents:batchGet?key=s3cr3t')).toThrow(
      new TypeError(
        'Refusing to send a request to "documents:batchGet?key=[REDACTED]": it reads as a URL of scheme ' +
          '"documents:", not as a path under baseUrl. Write the path as /documents:batchGet?key=[REDACTED] ' +
          '(or set allowAbsoluteUrls: true to send it as a URL).',
      ),
    );
    expect(join('https://h.test/v1', '/documents:batchGet')).toBe('https://h.test/v1/documents:batchGet');
  });

  it('treats another port or scheme as another origin', () => {
    expect(() => join('https://h.test', 'https://h.test:444/x')).toThrow(TypeError);
    expect(() => join('https://h.test', 'http://h.test/x')).toThrow(TypeError);
  });

  it('accepts another origin with allowAbsoluteUrls', () => {
    expect(join('https://h.test/api', 'https://other.test/x', true)).toBe('https://other.test/x');
  });

  it('accepts an absolute URL when there is no base', () => {
    expect(buildUrl(undefined, 'https://h.test/a', false, undefined)).toBe('https://h.test/a');
  });

  it('refuses a relative path when there is no base', () => {
    expect(() => buildUrl(undefined, '/users', false, undefined)).toThrow(
      new TypeError(
        'Cannot resolve the relative path "/users": no baseUrl is configured. Set baseUrl or pass an absolute URL.',
      ),
    );
  });

  it('never shows a secret query value or credentials of the URL it refuses', () => {
    expect(() => buildUrl(undefined, '/users?token=s3cr3t&page=2', false, undefined)).toThrow(
      new TypeError(
        'Cannot resolve the relative path "/users?token=[REDACTED]&page=2": no baseUrl is configured. Set baseUrl or pass an absolute URL.',
      ),
    );
    expect(() => buildUrl(undefined, 'https://h.test:99999/x?access_token=s3cr3t', false, undefined)).toThrow(
      new TypeError('path is not a valid URL: "https://h.test:99999/x?access_token=[REDACTED]"'),
    );
    expect(() => parseBaseUrl('baseUrl', 'ftp://bob:pw@h.test/?api_key=s3cr3t')).toThrow(
      new TypeError(
        'baseUrl must be an absolute http(s) URL, got "ftp://[REDACTED]@h.test/?api_key=[REDACTED]"',
      ),
    );
  });

  it('never shows a path segment that reads as a token (a share link) of the URL it refuses', () => {
    expect(() => buildUrl(undefined, '/share/AbCdEf123456GhIjKl7890mnOp', false, undefined)).toThrow(
      new TypeError(
        'Cannot resolve the relative path "/share/[REDACTED]": no baseUrl is configured. Set baseUrl or pass an absolute URL.',
      ),
    );
  });

  it.each([
    ['baseUrl', 'not a url'],
    ['baseUrl', '/relative'],
    ['baseURL', 'ftp://h.test'],
    ['baseUrl', 42],
  ] as const)('rejects %s %j with a TypeError naming the option and value', (option, value) => {
    expect(() => parseBaseUrl(option, value)).toThrow(
      new TypeError(`${option} must be an absolute http(s) URL, got ${JSON.stringify(value)}`),
    );
  });
});

describe('searchParams', () => {
  const query = (path: string, params: Record<string, unknown>): string =>
    buildUrl(parseBaseUrl('baseUrl', 'https://h.test'), path, false, params as never).replace(
      'https://h.test',
      '',
    );

  it.each([
    [{ q: 'shoes', page: 2 }, '/s?q=shoes&page=2'],
    [{ active: true, off: false }, '/s?active=true&off=false'],
    [{ tag: ['a', 'b', 3] }, '/s?tag=a&tag=b&tag=3'],
    [{ a: undefined, b: null, c: 'x' }, '/s?c=x'],
    [{ a: undefined, b: null }, '/s'],
    [{ empty: '' }, '/s?empty='],
    [{ tags: [] }, '/s'],
    [{ 'a b': 'c&d=e', ü: 'ß' }, '/s?a+b=c%26d%3De&%C3%BC=%C3%9F'],
    [{ n: 0, f: 1.5, neg: -1 }, '/s?n=0&f=1.5&neg=-1'],
  ])('%j -> %s', (params, expected) => {
    expect(query('/s', params)).toBe(expected);
  });

  it('appends after the query the path already has, without re-encoding it', () => {
    expect(query('/s?x=a%20b&y', { z: 1 })).toBe('/s?x=a%20b&y&z=1');
  });

  it('rejects an object value with a TypeError naming the key', () => {
    expect(() => query('/s', { filter: { a: 1 } })).toThrow(
      new TypeError('searchParams.filter must be a string, number, boolean or an array of those, got object'),
    );
  });
});

describe('URLs through the client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer((_req, res) => sendJson(res, 200, {}));
  });
  afterAll(() => server.close());

  it('sends the joined path and query to the server', async () => {
    const api = createApiClient({ baseUrl: `${server.url}/api/v1/` });
    await api.get('/users', { searchParams: { page: 2, tag: ['a', 'b'], skip: undefined } });
    expect(server.requests.at(-1)?.url).toBe('/api/v1/users?page=2&tag=a&tag=b');
  });

  it('resolves "." and ".." written in the path (%2e included) as URLs do, after the join, even out of the base path', async () => {
    const api = createApiClient({ baseUrl: `${server.url}/api/v1/` });
    const sent: string[] = [];
    for (const path of ['/users/../admin', '/users/%2e%2E/admin', '/users/./x', '../admin', '../../x']) {
      await api.get(path);
      sent.push(server.requests.at(-1)?.url ?? '');
    }
    expect(sent).toEqual(['/api/v1/admin', '/api/v1/admin', '/api/v1/users/x', '/api/admin', '/x']);
  });

  it('accepts baseURL as an alias of baseUrl', async () => {
    const api = createApiClient({ baseURL: `${server.url}/v2` });
    await api.get('items');
    expect(server.requests.at(-1)?.url).toBe('/v2/items');
  });

  it('rejects (does not throw synchronously) for another origin and sends nothing', async () => {
    const api = createApiClient({ baseUrl: server.url, defaultHeaders: { authorization: 'Bearer s3cret' } });
    const before = server.requests.length;
    const promise = api.get('http://localhost:1/steal');
    await expect(promise).rejects.toThrow(TypeError);
    await expect(promise).rejects.toThrow('Refusing to send a request to http://localhost:1');
    expect(server.requests.length).toBe(before);
  });

  it('refuses a baseUrl with credentials at once, instead of sending every request without them', () => {
    const base = server.url.replace('http://', 'http://bob:pa55@');
    expect(() => createApiClient({ baseUrl: `${base}/api?token=s3cr3t` })).toThrow(
      new TypeError(
        `baseUrl must not contain credentials (user:password@), got "${server.url.replace('http://', 'http://[REDACTED]@')}/api?token=[REDACTED]": ` +
          'fetch cannot send them. Send them in an Authorization header (defaultHeaders).',
      ),
    );
  });

  it('refuses a path URL with credentials before sending, with them redacted (the error fetch gives holds them)', async () => {
    const before = server.requests.length;
    const api = createApiClient({ baseUrl: server.url });
    const path = `${server.url.replace('http://', 'http://bob:pa55@')}/x?token=s3cr3t`;
    const error = await api.get(path).catch((e: unknown) => e);
    expect(error).toEqual(
      new TypeError(
        `Refusing to send a request to ${server.url.replace('http://', 'http://[REDACTED]@')}/x?token=[REDACTED]: ` +
          'a URL cannot carry credentials (user:password@). Send them in an Authorization header.',
      ),
    );
    expect((error as Error).cause).toBeUndefined();
    expect(server.requests.length).toBe(before);
  });

  it('refuses searchParams given as a query string (as ky takes them) with its secret values redacted, sending nothing', async () => {
    const before = server.requests.length;
    const api = createApiClient({ baseUrl: server.url });
    const error = await api
      .get('/x', { searchParams: 'page=2&api_key=k_live_5Rt8Wq2Zp' as never })
      .catch((e: unknown) => e);
    expect(error).toEqual(
      new TypeError(
        'options.searchParams must be an object of query parameters, got "page=2&api_key=[REDACTED]"',
      ),
    );
    expect(server.requests.length).toBe(before);
  });

  it('rejects createApiClient with a bad baseUrl at once', () => {
    expect(() => createApiClient({ baseUrl: 'api.example.com' })).toThrow(
      new TypeError('baseUrl must be an absolute http(s) URL, got "api.example.com"'),
    );
  });
});
