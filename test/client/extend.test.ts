import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircuitOpenError, createApiClient, type RequestInterceptor } from '../../src/index.js';
import { createFakeClock } from '../helpers/fake-clock.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    if (req.url?.endsWith('/down')) return sendJson(res, 500, { error: 'down' });
    sendJson(res, 200, { headers: req.headers });
  });
});
afterAll(() => server.close());

const seenHeaders = async (promise: Promise<unknown>): Promise<Record<string, string>> =>
  ((await promise) as { headers: Record<string, string> }).headers;

describe('client.extend', () => {
  it('merges defaultHeaders by case-insensitive name, the new value winning, and leaves the parent unchanged', async () => {
    const parent = createApiClient({
      baseUrl: server.url,
      defaultHeaders: { Authorization: 'Bearer parent', 'X-Team': 'web' },
    });
    const child = parent.extend({ defaultHeaders: { authorization: 'Bearer child', 'x-extra': '1' } });
    const fromChild = await seenHeaders(child.get('/'));
    expect([fromChild['authorization'], fromChild['x-team'], fromChild['x-extra']]).toEqual([
      'Bearer child',
      'web',
      '1',
    ]);
    const fromParent = await seenHeaders(parent.get('/'));
    expect([fromParent['authorization'], fromParent['x-team'], fromParent['x-extra']]).toEqual([
      'Bearer parent',
      'web',
      undefined,
    ]);
  });

  it("starts from the parent's headers as they were when it was made, not as its object is now", async () => {
    const headers: Record<string, string> = { 'x-version': '1' };
    const parent = createApiClient({ baseUrl: server.url, defaultHeaders: headers });
    headers['x-version'] = '2';
    const child = parent.extend({});
    expect((await seenHeaders(parent.get('/')))['x-version']).toBe('1');
    expect((await seenHeaders(child.get('/')))['x-version']).toBe('1');
  });

  it("runs the parent's interceptors, then the new ones, in order", async () => {
    const order: string[] = [];
    const tag =
      (name: string): RequestInterceptor =>
      (url, init) => {
        order.push(name);
        return [url, init];
      };
    const parent = createApiClient({
      baseUrl: server.url,
      interceptors: { request: [tag('p1'), tag('p2')] },
    });
    const child = parent.extend({ interceptors: { request: tag('c1') } });
    await child.get('/');
    expect(order).toEqual(['p1', 'p2', 'c1']);
    order.length = 0;
    await parent.get('/');
    expect(order).toEqual(['p1', 'p2']);
  });

  it('merges errorMessages per locale and status', async () => {
    const parent = createApiClient({
      baseUrl: server.url,
      errorMessages: { en: { 500: 'parent 500', 404: 'parent 404' }, es: { 500: 'padre 500' } },
    });
    const child = parent.extend({ errorMessages: { en: { 500: 'child 500' } } });
    await expect(child.get('/down')).rejects.toMatchObject({ message: 'child 500' });
    await expect(child.get('/down', { errorLocale: 'es' })).rejects.toMatchObject({ message: 'padre 500' });
    await expect(parent.get('/down')).rejects.toMatchObject({ message: 'parent 500' });
  });

  it('replaces every other field given, and keeps the rest', async () => {
    const parent = createApiClient({ baseUrl: `${server.url}/v1`, timeoutMs: 1000, locale: 'es' });
    const child = parent.extend({ baseURL: `${server.url}/v2`, timeoutMs: undefined });
    await child.get('/x');
    expect(server.requests.at(-1)?.url).toBe('/v2/x');
    await expect(child.get('/down')).rejects.toMatchObject({
      message: 'Ocurrió un error interno en el servidor.',
    });
  });

  it("shares the parent's circuit breaker when it has none of its own", async () => {
    const clock = createFakeClock();
    const parent = createApiClient({ baseUrl: server.url, clock, circuitBreaker: { threshold: 2 } });
    const child = parent.extend({ defaultHeaders: { 'x-child': '1' } });
    await expect(parent.get('/down')).rejects.toMatchObject({ status: 500 });
    await expect(child.get('/down')).rejects.toMatchObject({ status: 500 });
    expect([parent.circuitState, child.circuitState]).toEqual(['open', 'open']);
    const sent = server.requests.length;
    await expect(child.get('/')).rejects.toBeInstanceOf(CircuitOpenError);
    expect(server.requests.length).toBe(sent);
  });

  it('gets a breaker of its own when it gives circuitBreaker', async () => {
    const clock = createFakeClock();
    const parent = createApiClient({ baseUrl: server.url, clock, circuitBreaker: { threshold: 1 } });
    const child = parent.extend({ circuitBreaker: { threshold: 1 } });
    await expect(parent.get('/down')).rejects.toMatchObject({ status: 500 });
    expect([parent.circuitState, child.circuitState]).toEqual(['open', 'closed']);
    await expect(child.get('/')).resolves.toBeDefined();
  });

  it('rejects a bad value in the new config, naming it', () => {
    const parent = createApiClient({ baseUrl: server.url });
    expect(() => parent.extend({ timeoutMs: 0 })).toThrow(
      'timeoutMs must be a positive number of ms (at most 2147483647, or Infinity), got 0',
    );
    expect(() => parent.extend({ errorMessages: { en: 'oops' as never } })).toThrow(
      'errorMessages.en must be an object, got "oops"',
    );
  });

  it('rejects interceptors that are not an object on one line, as createApiClient does', () => {
    const parent = createApiClient({
      baseUrl: server.url,
      interceptors: { request: (url, init) => [url, init] },
    });
    for (const [value, shown] of [
      [null, 'null'],
      [5, '5'],
      ['x', '"x"'],
      [() => {}, 'a function'],
    ] as const) {
      const error = new TypeError(`interceptors must be an object, got ${shown}`);
      expect(() => parent.extend({ interceptors: value as never })).toThrow(error);
      expect(() => createApiClient({ baseUrl: server.url, interceptors: value as never })).toThrow(error);
    }
  });

  it('rejects a config that is not an object on one line, naming it', () => {
    const parent = createApiClient({ baseUrl: server.url });
    for (const [value, shown] of [
      [undefined, 'undefined'],
      [null, 'null'],
      ['x', '"x"'],
    ] as const) {
      expect(() => parent.extend(value as never)).toThrow(
        new TypeError(`extend(config): config must be an object, got ${shown}`),
      );
    }
  });
});
