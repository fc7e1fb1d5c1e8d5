import { describe, expect, it } from 'vitest';
import { CLIENT_DEFAULTS, resolveClientConfig } from '../../src/client/options.js';
import { realClock } from '../../src/client/timeout.js';
import { type ApiClientConfig, createApiClient, DEFAULT_REDACT_HEADER_KEYS } from '../../src/index.js';

describe('resolveClientConfig defaults', () => {
  it('fills in every default for an empty config', () => {
    const resolved = resolveClientConfig({});
    expect(resolved.baseUrl).toBeUndefined();
    expect(resolved.allowAbsoluteUrls).toBe(false);
    expect(resolved.defaultHeaders).toEqual([]);
    expect(typeof resolved.fetch).toBe('function');
    expect(resolved.locale).toBe('en');
    expect(resolved.errorMessages).toBeUndefined();
    expect(resolved.timeoutMs).toBe(15_000);
    expect(resolved.interceptors).toBeUndefined();
    expect(resolved.logHeaders).toBe(false);
    expect(resolved.redactHeaderKeys).toBe(DEFAULT_REDACT_HEADER_KEYS);
    expect(resolved.logger).toBeUndefined();
    expect(resolved.retryPolicy).toBeUndefined();
    expect(resolved.circuitBreaker).toBeUndefined();
    expect(resolved.clock).toBe(realClock);
    expect(CLIENT_DEFAULTS).toEqual({
      timeoutMs: 15_000,
      locale: 'en',
      allowAbsoluteUrls: false,
      disableInterceptors: false,
      logHeaders: false,
    });
  });

  it('keeps given values', () => {
    const fetchImpl = (() => Promise.reject(new Error('unused'))) as typeof fetch;
    const resolved = resolveClientConfig({
      baseURL: 'https://h.test/api',
      defaultHeaders: { 'X-A': '1' },
      fetchImpl,
      locale: 'es',
      timeoutMs: 500,
      logHeaders: true,
      redactHeaderKeys: ['x-secret'],
    });
    expect(resolved.baseUrl?.href).toBe('https://h.test/api');
    expect(resolved.defaultHeaders).toEqual([['x-a', '1']]);
    expect(resolved.fetch).toBe(fetchImpl);
    expect([resolved.locale, resolved.timeoutMs, resolved.logHeaders]).toEqual(['es', 500, true]);
    expect(resolved.redactHeaderKeys).toEqual(['x-secret']);
  });

  it('prefers baseUrl over baseURL when both are given', () => {
    expect(
      resolveClientConfig({ baseUrl: 'https://a.test', baseURL: 'https://b.test' }).baseUrl?.origin,
    ).toBe('https://a.test');
  });

  it('drops interceptors when disableInterceptors is set', () => {
    const interceptors = {
      request: (url: string, init: RequestInit) => [url, init] as [string, RequestInit],
    };
    expect(resolveClientConfig({ interceptors }).interceptors?.request).toBe(interceptors.request);
    expect(resolveClientConfig({ interceptors, disableInterceptors: true }).interceptors).toBeUndefined();
  });
});

describe('bad config values: one clear error naming the option and the value', () => {
  it.each<[string, ApiClientConfig, Error]>([
    [
      'timeoutMs',
      { timeoutMs: 0 },
      new RangeError('timeoutMs must be a positive number of ms (at most 2147483647, or Infinity), got 0'),
    ],
    ['locale', { locale: 'de' as never }, new RangeError(`locale must be 'en' or 'es', got "de"`)],
    [
      'fetchImpl',
      { fetchImpl: 'fetch' as never },
      new TypeError('fetchImpl must be a function (no global fetch is available), got "fetch"'),
    ],
    ['logHeaders', { logHeaders: 'yes' as never }, new TypeError('logHeaders must be a boolean, got "yes"')],
    [
      'allowAbsoluteUrls',
      { allowAbsoluteUrls: 1 as never },
      new TypeError('allowAbsoluteUrls must be a boolean, got 1'),
    ],
    [
      'disableInterceptors',
      { disableInterceptors: null as never },
      new TypeError('disableInterceptors must be a boolean, got null'),
    ],
    [
      'redactHeaderKeys',
      { redactHeaderKeys: 'authorization' as never },
      new TypeError('redactHeaderKeys must be an array of header names, got "authorization"'),
    ],
    [
      'redactHeaderKeys',
      { redactHeaderKeys: [1] as never },
      new TypeError('redactHeaderKeys must be an array of header names, got an array'),
    ],
    [
      'logger',
      { logger: { debug() {} } as never },
      new TypeError('logger must have debug, info, warn and error methods, got an object'),
    ],
    [
      'clock',
      { clock: { now: () => 0 } as never },
      new TypeError('clock must have now() and sleep(ms, signal) methods, got an object'),
    ],
    [
      'errorMessages',
      { errorMessages: { en: { abc: 'x' } } as never },
      new RangeError('errorMessages.en keys must be HTTP status codes, got "abc"'),
    ],
    [
      'pagination.request',
      { pagination: { request: 1 as never } },
      new TypeError('pagination.request must be a function, got 1'),
    ],
    [
      'baseUrl',
      { baseUrl: 'localhost:3000' },
      new TypeError('baseUrl must be an absolute http(s) URL, got "localhost:3000"'),
    ],
  ])('%s', (_name, config, expected) => {
    expect(() => createApiClient(config)).toThrow(expected);
    try {
      createApiClient(config);
    } catch (error) {
      expect((error as Error).constructor).toBe(expected.constructor);
    }
  });

  it('rejects a config that is not an object', () => {
    expect(() => createApiClient('https://h.test' as never)).toThrow(
      new TypeError('createApiClient(config): config must be an object, got "https://h.test"'),
    );
  });

  it.each([
    ['retry', 'typefetch calls it retryPolicy'],
    ['timeout', 'typefetch calls it timeoutMs'],
    ['headers', 'typefetch calls it defaultHeaders'],
    ['prefixUrl', 'typefetch calls it baseUrl'],
    ['hooks', 'typefetch calls it interceptors'],
    ['fetch', 'typefetch calls it fetchImpl'],
    ['timeoutMS', 'misspelt?'],
    ['__proto__', 'misspelt?'],
  ])('refuses an option it does not have (%s) instead of ignoring it', (key, hint) => {
    // JSON.parse makes __proto__ an own key, as a config read from a file would have it.
    const config = JSON.parse(`{"baseUrl": "https://h.test", ${JSON.stringify(key)}: 1}`) as object;
    expect(() => createApiClient(config as never)).toThrow(
      new TypeError(`createApiClient(config): ${key} is not a client option (${hint})`),
    );
  });

  it.each([
    ['retryPolicy', { limit: 3 }, 'limit'],
    ['retryPolicy', { maxRetries: 3, retries: 3 }, 'retries'],
    ['circuitBreaker', { threshold: 3, resetTimeoutMs: 1000 }, 'resetTimeoutMs'],
    ['interceptors', { onRequest: () => {} }, 'onRequest'],
    ['pagination', { getItems: () => [] }, 'getItems'],
  ])('refuses a key %s does not have (%j) instead of ignoring it', (option, value, key) => {
    expect(() => createApiClient({ baseUrl: 'https://h.test', [option]: value })).toThrow(
      new TypeError(`${option}.${key} is not an option of ${option} (misspelt?)`),
    );
    // The same through extend().
    expect(() => createApiClient({ baseUrl: 'https://h.test' }).extend({ [option]: value })).toThrow(
      new TypeError(`${option}.${key} is not an option of ${option} (misspelt?)`),
    );
  });

  it('takes every documented key of retryPolicy, circuitBreaker, interceptors and pagination', () => {
    const noop = () => {};
    expect(() =>
      createApiClient({
        baseUrl: 'https://h.test',
        retryPolicy: {
          maxRetries: 1,
          initialDelayMs: 1,
          maxDelayMs: 1,
          factor: 2,
          jitter: true,
          shouldRetry: () => false,
        },
        circuitBreaker: { threshold: 1, timeout: 1, resetTimeout: 1, onStateChange: noop },
        interceptors: { request: (url, init) => [url, init], response: (response) => response },
        pagination: { request: () => ({}), response: () => ({ data: [], total: 0 }) },
      }),
    ).not.toThrow();
  });

  it.each([
    ['a bad value', { authorization: 'Bearer s3cret\nInjected: 1' }, 'authorization'],
    ['a bad name', { 'bad name': 'Bearer s3cret' }, 'bad name'],
  ])('names the header but never shows its value (%s)', (_case, defaultHeaders, name) => {
    let thrown: unknown;
    try {
      createApiClient({ defaultHeaders });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toEqual(
      new TypeError(`defaultHeaders: header "${name}" has an invalid name or value (value not shown)`),
    );
    expect(String(thrown)).not.toContain('s3cret');
  });

  it('never shows a bad request header value either', async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(api.get('/x', { headers: { 'x-api-key': 'k3y\r\nX-Injected: 1' } })).rejects.toThrow(
      new TypeError('options.headers: header "x-api-key" has an invalid name or value (value not shown)'),
    );
  });

  it('never shows a bad header value an interceptor returned', async () => {
    const api = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      interceptors: { request: (url, init) => [url, { ...init, headers: { authorization: 'tok\u0000en' } }] },
    });
    await expect(api.get('/x')).rejects.toThrow(
      new TypeError(
        'interceptors.request headers: header "authorization" has an invalid name or value (value not shown)',
      ),
    );
  });
});
