import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/client/create-client.js';
import { ApiError } from '../../../src/client/errors.js';
import { createLogger } from '../../../src/client/logging/logger.js';
import { DEFAULT_REDACT_HEADER_KEYS } from '../../../src/client/logging/redact.js';
import type { ApiClientConfig, Clock, LogData, Logger } from '../../../src/client/types.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';

/** A clock that stands still (durationMs is always 0) and whose sleep returns at once. */
const stillClock: Clock = { now: () => 1_000, sleep: async () => {} };

let server: TestServer;
/** Per path: how many times it was hit, so a path can fail first and succeed later. */
const hits = new Map<string, number>();

beforeAll(async () => {
  server = await createTestServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const hit = (hits.get(path) ?? 0) + 1;
    hits.set(path, hit);
    if (path === '/fail' || path.startsWith('/fail/')) return sendJson(res, 500, { error: 'boom' });
    if (path === '/flaky' && hit === 1) return sendJson(res, 503, { error: 'busy' });
    if (path === '/echo-headers') return sendJson(res, 200, req.headers);
    if (path === '/never') return; // no answer at all: the client's timeout ends it
    sendJson(res, 200, { ok: true, path });
  });
});
afterAll(() => server.close());
afterEach(() => {
  hits.clear();
  vi.restoreAllMocks();
});

function captured(config: ApiClientConfig = {}) {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => lines.push(line) });
  const api = createApiClient({ baseUrl: server.url, clock: stillClock, logger, ...config });
  return { api, lines };
}

describe('request and response lines', () => {
  it('logs one debug line per request and per response, exactly', async () => {
    const { api, lines } = captured();
    await api.get('/users', { searchParams: { page: 2 } });
    const url = `${server.url}/users?page=2`;
    expect(lines).toEqual([
      `[typefetch] DEBUG request {"method":"GET","url":"${url}","attempt":1}`,
      `[typefetch] DEBUG response {"method":"GET","url":"${url}","attempt":1,"status":200,"durationMs":0}`,
    ]);
  });

  it('logs a warn line for a failed request with its status and localized message', async () => {
    const { api, lines } = captured();
    await expect(api.post('/fail', { a: 1 })).rejects.toBeInstanceOf(ApiError);
    const url = `${server.url}/fail`;
    expect(lines).toEqual([
      `[typefetch] DEBUG request {"method":"POST","url":"${url}","attempt":1}`,
      `[typefetch] DEBUG response {"method":"POST","url":"${url}","attempt":1,"status":500,"durationMs":0}`,
      `[typefetch] WARN request failed {"method":"POST","url":"${url}","attempt":1,"status":500,"statusText":"Internal Server Error","isTimeout":false,"error":"ApiError","message":"Internal server error."}`,
    ]);
  });

  it('logs a warn line per retry, then the retried attempt', async () => {
    const { api, lines } = captured({ retryPolicy: { maxRetries: 2, initialDelayMs: 300 } });
    expect(await api.get('/flaky')).toEqual({ ok: true, path: '/flaky' });
    const url = `${server.url}/flaky`;
    expect(lines).toEqual([
      `[typefetch] DEBUG request {"method":"GET","url":"${url}","attempt":1}`,
      `[typefetch] DEBUG response {"method":"GET","url":"${url}","attempt":1,"status":503,"durationMs":0}`,
      `[typefetch] WARN request failed {"method":"GET","url":"${url}","attempt":1,"status":503,"statusText":"Service Unavailable","isTimeout":false,"error":"ApiError","message":"The service is unavailable. Please try again later."}`,
      `[typefetch] WARN retrying request {"method":"GET","url":"${url}","attempt":1,"delayMs":300}`,
      `[typefetch] DEBUG request {"method":"GET","url":"${url}","attempt":2}`,
      `[typefetch] DEBUG response {"method":"GET","url":"${url}","attempt":2,"status":200,"durationMs":0}`,
    ]);
  });

  it('logs a network failure (status 0) and a timeout (408) as warn lines', async () => {
    const closed = await createTestServer(() => {});
    const deadUrl = `${closed.url}/gone`;
    await closed.close();
    const { api, lines } = captured();
    // The same logger on a client whose base is a port nobody listens on any more.
    const dead = captured({ baseUrl: closed.url });
    await expect(dead.api.get('/gone')).rejects.toMatchObject({ status: 0 });
    lines.push(...dead.lines);
    await expect(api.get('/never', { timeoutMs: 50 })).rejects.toMatchObject({
      status: 408,
      isTimeout: true,
    });
    expect(lines.filter((line) => line.includes(' WARN '))).toEqual([
      `[typefetch] WARN request failed {"method":"GET","url":"${deadUrl}","attempt":1,"status":0,"statusText":"Network Error","isTimeout":false,"error":"ApiError","message":"Network error. The server could not be reached."}`,
      `[typefetch] WARN request failed {"method":"GET","url":"${server.url}/never","attempt":1,"status":408,"statusText":"Request Timeout","isTimeout":true,"error":"ApiError","message":"The request timed out."}`,
    ]);
  });

  it("at createLogger's default level (info) request lines are dropped and failures kept", async () => {
    const lines: string[] = [];
    const api = createApiClient({
      baseUrl: server.url,
      clock: stillClock,
      logger: createLogger({ namespace: 'shop', write: (line) => lines.push(line) }),
    });
    await api.get('/ok');
    await expect(api.get('/fail')).rejects.toBeInstanceOf(ApiError);
    expect(lines).toEqual([
      `[shop] WARN request failed {"method":"GET","url":"${server.url}/fail","attempt":1,"status":500,"statusText":"Internal Server Error","isTimeout":false,"error":"ApiError","message":"Internal server error."}`,
    ]);
  });

  it('logs nothing without a logger (console untouched)', async () => {
    const spies = (['error', 'warn', 'log', 'info', 'debug'] as const).map((name) =>
      vi.spyOn(console, name).mockImplementation(() => {}),
    );
    const api = createApiClient({ baseUrl: server.url, logHeaders: true });
    await api.get('/ok');
    await expect(api.get('/fail')).rejects.toBeInstanceOf(ApiError);
    expect(spies.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0, 0]);
  });
});

/** The `headers` of the first request line, or undefined when it has none. */
function loggedHeaders(lines: string[]): unknown {
  const first = lines[0] ?? '';
  return JSON.parse(first.slice(first.indexOf('{'))).headers;
}

describe('logHeaders', () => {
  it('logs no headers by default', async () => {
    const { api, lines } = captured({ defaultHeaders: { 'X-Trace': 't1' } });
    await api.get('/ok');
    expect(loggedHeaders(lines)).toBeUndefined();
  });

  it('logs the request headers with logHeaders on the client', async () => {
    const { api, lines } = captured({ logHeaders: true, defaultHeaders: { 'X-Trace': 't1' } });
    await api.get('/ok', { headers: { Accept: 'application/json' } });
    expect(loggedHeaders(lines)).toEqual({ accept: 'application/json', 'x-trace': 't1' });
  });

  it('lets the request turn header logging on, and off, over the client setting', async () => {
    const off = captured({ logHeaders: false, defaultHeaders: { 'X-Trace': 't1' } });
    await off.api.get('/ok', { logHeaders: true });
    expect(loggedHeaders(off.lines)).toEqual({ 'x-trace': 't1' });

    const on = captured({ logHeaders: true, defaultHeaders: { 'X-Trace': 't1' } });
    await on.api.get('/ok', { logHeaders: false });
    expect(loggedHeaders(on.lines)).toBeUndefined();
  });
});

describe('redaction', () => {
  it('redacts Authorization, Cookie and X-Api-Key in any letter case, while the server gets the values', async () => {
    const { api, lines } = captured({ logHeaders: true, defaultHeaders: { AUTHORIZATION: 'Bearer abc' } });
    const received = (await api.get('/echo-headers', {
      headers: { cookie: 'sid=s3cr3t', 'X-API-KEY': 'k-123', 'x-Trace': 'visible' },
    })) as Record<string, string>;
    expect(loggedHeaders(lines)).toEqual({
      authorization: '[REDACTED]',
      cookie: '[REDACTED]',
      'x-api-key': '[REDACTED]',
      'x-trace': 'visible',
    });
    expect([received['authorization'], received['cookie'], received['x-api-key']]).toEqual([
      'Bearer abc',
      'sid=s3cr3t',
      'k-123',
    ]);
  });

  it('redacts a header set by a request interceptor (the line shows what is sent)', async () => {
    const { api, lines } = captured({
      logHeaders: true,
      interceptors: {
        request: (url, init) => [
          url,
          { ...init, headers: { ...init.headers, authorization: 'Bearer fresh' } },
        ],
      },
    });
    await api.get('/ok');
    expect(loggedHeaders(lines)).toEqual({ authorization: '[REDACTED]' });
  });

  it('a redactHeaderKeys list in the config replaces the default list', async () => {
    const { api, lines } = captured({
      logHeaders: true,
      redactHeaderKeys: ['X-Session'],
      defaultHeaders: { Authorization: 'Bearer shown', 'x-session': 'hidden' },
    });
    await api.get('/ok');
    expect(loggedHeaders(lines)).toEqual({ authorization: 'Bearer shown', 'x-session': '[REDACTED]' });
  });

  it('redacts a header whose name says it holds a secret (X-Auth-Token) even with a list that leaves it out', async () => {
    const { api, lines } = captured({
      logHeaders: true,
      redactHeaderKeys: ['x-session'],
      defaultHeaders: { 'X-Auth-Token': 'tok-1', 'X-Trace': 'trace-1' },
    });
    await api.get('/ok');
    expect(loggedHeaders(lines)).toEqual({ 'x-auth-token': '[REDACTED]', 'x-trace': 'trace-1' });
    expect(server.requests.at(-1)?.headers['x-auth-token']).toBe('tok-1');
  });

  it('the exported default list can be extended', async () => {
    const { api, lines } = captured({
      logHeaders: true,
      redactHeaderKeys: [...DEFAULT_REDACT_HEADER_KEYS, 'x-session'],
      defaultHeaders: { Authorization: 'Bearer a', 'x-session': 'b' },
    });
    await api.get('/ok');
    expect(loggedHeaders(lines)).toEqual({ authorization: '[REDACTED]', 'x-session': '[REDACTED]' });
  });

  it('redacts ?token= and &api_key= in logged URLs, from the path and from searchParams', async () => {
    const { api, lines } = captured();
    await api.get('/items?token=t-1&page=3', { searchParams: { api_key: 'k-2', q: 'shoes' } });
    const url = `${server.url}/items?token=[REDACTED]&page=3&api_key=[REDACTED]&q=shoes`;
    expect(lines).toEqual([
      `[typefetch] DEBUG request {"method":"GET","url":"${url}","attempt":1}`,
      `[typefetch] DEBUG response {"method":"GET","url":"${url}","attempt":1,"status":200,"durationMs":0}`,
    ]);
    expect(server.requests.at(-1)?.url).toBe('/items?token=t-1&page=3&api_key=k-2&q=shoes');
  });

  it('redacts session ids (?session=, &sid=) in logged URLs and keeps ?code= (common data)', async () => {
    const { api, lines } = captured();
    await api.get('/items?session=s-1&code=US', { searchParams: { sid: 's-2' } });
    const url = `${server.url}/items?session=[REDACTED]&code=US&sid=[REDACTED]`;
    expect(lines).toEqual([
      `[typefetch] DEBUG request {"method":"GET","url":"${url}","attempt":1}`,
      `[typefetch] DEBUG response {"method":"GET","url":"${url}","attempt":1,"status":200,"durationMs":0}`,
    ]);
    expect(server.requests.at(-1)?.url).toBe('/items?session=s-1&code=US&sid=s-2');
  });

  it('redacts the value of a query parameter whose name ends in a secret word (github_token, clientSecret), not token_type', async () => {
    const { api, lines } = captured();
    await api.get('/items?github_token=gh-1&token_type=bearer', { searchParams: { clientSecret: 'cs-2' } });
    const url = `${server.url}/items?github_token=[REDACTED]&token_type=bearer&clientSecret=[REDACTED]`;
    expect(lines).toEqual([
      `[typefetch] DEBUG request {"method":"GET","url":"${url}","attempt":1}`,
      `[typefetch] DEBUG response {"method":"GET","url":"${url}","attempt":1,"status":200,"durationMs":0}`,
    ]);
    expect(server.requests.at(-1)?.url).toBe('/items?github_token=gh-1&token_type=bearer&clientSecret=cs-2');
  });

  it('redacts a path segment that reads as a token (20+ characters mixing cases and digits) in logged URLs, not ids or slugs', async () => {
    const { api, lines } = captured();
    await api.get('/share/AbCdEf123456GhIjKl7890mnOp/files?page=2&token=t-1');
    await expect(api.get('/fail/AbCdEf123456GhIjKl7890mnOp')).rejects.toThrow(ApiError);
    const ids =
      '/items/550e8400-e29b-41d4-a716-446655440000/507f1f77bcf86cd799439011/a-long-slug-with-words-2024';
    await api.get(ids);
    const shared = `${server.url}/share/[REDACTED]/files?page=2&token=[REDACTED]`;
    const failed = `${server.url}/fail/[REDACTED]`;
    expect(lines).toEqual([
      `[typefetch] DEBUG request {"method":"GET","url":"${shared}","attempt":1}`,
      `[typefetch] DEBUG response {"method":"GET","url":"${shared}","attempt":1,"status":200,"durationMs":0}`,
      `[typefetch] DEBUG request {"method":"GET","url":"${failed}","attempt":1}`,
      `[typefetch] DEBUG response {"method":"GET","url":"${failed}","attempt":1,"status":500,"durationMs":0}`,
      `[typefetch] WARN request failed {"method":"GET","url":"${failed}","attempt":1,"status":500,"statusText":"Internal Server Error","isTimeout":false,"error":"ApiError","message":"Internal server error."}`,
      `[typefetch] DEBUG request {"method":"GET","url":"${server.url}${ids}","attempt":1}`,
      `[typefetch] DEBUG response {"method":"GET","url":"${server.url}${ids}","attempt":1,"status":200,"durationMs":0}`,
    ]);
    expect(server.requests.at(-3)?.url).toBe('/share/AbCdEf123456GhIjKl7890mnOp/files?page=2&token=t-1');
  });

  it('no secret value appears anywhere in what is logged, across many requests, errors and retries', async () => {
    const secrets = {
      auth: 'Bearer SECRET-auth-71c2',
      cookie: 'sid=SECRET-cookie-9a1e',
      apiKey: 'SECRET-apikey-44d0',
      proxy: 'Basic SECRET-proxy-0b7f',
      fresh: 'Bearer SECRET-fresh-5e53',
      token: 'SECRET-token-2f8d',
      apiKeyQuery: 'SECRET-query-8c1b',
      password: 'SECRET-password-6d21',
      userinfo: 'SECRET-userinfo-3a9c',
    };
    const records: Array<{ level: string; data: LogData; message: string }> = [];
    const lines: string[] = [];
    const text = createLogger({ level: 'debug', write: (line) => lines.push(line) });
    const record =
      (level: keyof Logger) =>
      (data: LogData, message: string): void => {
        records.push({ level, data, message });
        text[level](data, message);
      };
    const recorder: Logger = {
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    };
    const api = createApiClient({
      baseUrl: server.url,
      clock: stillClock,
      logger: recorder,
      logHeaders: true,
      defaultHeaders: { Authorization: secrets.auth, 'Proxy-Authorization': secrets.proxy },
      retryPolicy: { maxRetries: 2, initialDelayMs: 1 },
      interceptors: {
        request: (url, init) => [
          url,
          { ...init, headers: { ...init.headers, 'x-refreshed': 'yes', authorization: secrets.fresh } },
        ],
      },
    });
    const query = `?token=${secrets.token}&API_KEY=${secrets.apiKeyQuery}&Password=${secrets.password}`;
    const headers = { Cookie: secrets.cookie, 'x-api-key': secrets.apiKey };
    const settle = (promise: Promise<unknown>) =>
      promise.then(
        () => 'ok',
        (error: unknown) =>
          error instanceof ApiError ? `${error.name} ${error.status}` : (error as Error).constructor.name,
      );
    const outcomes = [
      await settle(api.get(`/ok${query}`, { headers })),
      await settle(api.get(`/flaky${query}`, { headers })), // 503, retried, then 200
      await settle(api.get(`/fail${query}`, { headers })), // 500 on every attempt
      await settle(api.post(`/fail${query}`, { password: secrets.password }, { headers })),
      await settle(api.get(`/never${query}`, { headers, timeoutMs: 30 })),
      await settle(api.get(`/ok${query}`, { headers, validateResponse: { missing: { required: true } } })),
      await settle(api.get(`http://u:${secrets.userinfo}@127.0.0.1:${server.port}/ok${query}`, { headers })),
    ];
    expect(outcomes).toEqual([
      'ok',
      'ok',
      'ApiError 500',
      'ApiError 500',
      'ApiError 408',
      'ValidationError 200',
      'TypeError', // a URL with credentials is refused before sending (fetch would refuse it too)
    ]);
    // Every level, message and data object, and every formatted line, as one text.
    const everything = JSON.stringify(records) + lines.join('\n');
    expect(records.length).toBeGreaterThan(20);
    // Every secret above holds "SECRET-": not one may show up.
    expect(everything.match(/SECRET-[a-z]+-[0-9a-f]+/g)).toBeNull();
    // The values did reach the server: redaction is for logs only.
    const sent = server.requests.filter((request) => request.url.startsWith('/ok')).at(-1);
    expect(sent?.headers['authorization']).toBe(secrets.fresh);
    expect(sent?.url).toContain(secrets.token);
  });
});

describe('a pino logger', () => {
  it('works as `logger` as it is, at level debug, with the same redaction', async () => {
    const chunks: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    const logger = pino({ level: 'debug', base: null, timestamp: false }, destination);
    const api = createApiClient({
      baseUrl: server.url,
      clock: stillClock,
      logger,
      logHeaders: true,
      defaultHeaders: { Authorization: 'Bearer pino-secret' },
    });
    await api.get('/ok?token=pino-token');
    await expect(api.get('/fail')).rejects.toBeInstanceOf(ApiError);
    const entries = chunks
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const url = `${server.url}/ok?token=[REDACTED]`;
    expect(entries).toEqual([
      { level: 20, method: 'GET', url, attempt: 1, headers: { authorization: '[REDACTED]' }, msg: 'request' },
      { level: 20, method: 'GET', url, attempt: 1, status: 200, durationMs: 0, msg: 'response' },
      {
        level: 20,
        method: 'GET',
        url: `${server.url}/fail`,
        attempt: 1,
        headers: { authorization: '[REDACTED]' },
        msg: 'request',
      },
      {
        level: 20,
        method: 'GET',
        url: `${server.url}/fail`,
        attempt: 1,
        status: 500,
        durationMs: 0,
        msg: 'response',
      },
      {
        level: 40,
        method: 'GET',
        url: `${server.url}/fail`,
        attempt: 1,
        status: 500,
        statusText: 'Internal Server Error',
        isTimeout: false,
        error: 'ApiError',
        message: 'Internal server error.',
        msg: 'request failed',
      },
    ]);
  });
});

describe('a logger that throws', () => {
  // Every line a logger can be asked for, each thrown from once: the call rejects with that very error
  // (as with an interceptor that throws), and a request line that throws sends nothing and is not retried.
  it.each([
    ['request', 'debug', 0],
    ['response', 'debug', 1],
    ['request failed', 'warn', 1],
    ['retrying request', 'warn', 1],
  ] as const)(
    'rejects with its own error, unchanged and not retried, when its %s line throws',
    async (message, level, sent) => {
      const mine = new Error(`logger broke on ${message}`);
      const write = (line: 'debug' | 'warn') => (_data: LogData, text?: string) => {
        if (line === level && text === message) throw mine;
      };
      const logger: Logger = { debug: write('debug'), info: () => {}, warn: write('warn'), error: () => {} };
      const api = createApiClient({
        baseUrl: server.url,
        clock: stillClock,
        logger,
        retryPolicy: { maxRetries: 2 },
      });
      const path = message === 'request' || message === 'response' ? '/users' : '/fail';
      await expect(api.get(path)).rejects.toBe(mine);
      expect(hits.get(path) ?? 0).toBe(sent);
    },
  );
});
