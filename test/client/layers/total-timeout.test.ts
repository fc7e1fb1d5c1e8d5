import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, TimeoutError } from '../../../src/index.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';
import { buildChildClient, runChild } from '../fixtures/child-client.js';

let server: TestServer;
let child: Awaited<ReturnType<typeof buildChildClient>>;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    if (req.url === '/busy') return sendJson(res, 503, { error: 'busy' });
    if (req.url === '/stall') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '50' });
      return void res.write('{');
    }
    sendJson(res, 200, { ok: true });
  });
  child = await buildChildClient();
}, 120_000);
afterAll(async () => {
  await server.close();
  await child.cleanup();
});

const busyHits = () => server.requests.filter((request) => request.url === '/busy').length;

describe('totalTimeoutMs', () => {
  it('cuts a retry sequence short with a TimeoutError saying the total time ran out', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      retryPolicy: { maxRetries: 20, initialDelayMs: 100, factor: 1 },
      totalTimeoutMs: 250,
    });
    const before = busyHits();
    const started = Date.now();
    const error = await api.get('/busy').catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      status: 408,
      isTimeout: true,
      message: 'The request did not finish within its total time limit.',
    });
    // 20 retries would take 2 s; the deadline ends it after about 250 ms, three attempts at most.
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(1500);
    expect(busyHits() - before).toBeLessThanOrEqual(3);
  });

  it('ends the call at the deadline even while a shouldRetry that never settles is awaited', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      retryPolicy: { maxRetries: 3, shouldRetry: () => new Promise<boolean>(() => {}) },
      totalTimeoutMs: 200,
    });
    const started = Date.now();
    const error = await api.get('/busy').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('The request did not finish within its total time limit.');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('is a request option too, which wins over the client one', async () => {
    const api = createApiClient({ baseUrl: server.url, totalTimeoutMs: 60_000 });
    const error = await api
      .get('/stall', { totalTimeoutMs: 100, errorLocale: 'es' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('La solicitud no terminó dentro de su tiempo total.');
  });

  it('lets a call that ends in time resolve as usual', async () => {
    const api = createApiClient({ baseUrl: server.url, totalTimeoutMs: 5000 });
    expect(await api.get('/ok')).toEqual({ ok: true });
  });

  it("keeps the caller's abort reason when the caller aborts first", async () => {
    const api = createApiClient({ baseUrl: server.url, totalTimeoutMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('caller left')), 30);
    await expect(api.get('/stall', { signal: controller.signal })).rejects.toThrow('caller left');
  });

  it('rejects a bad value, naming it', async () => {
    expect(() => createApiClient({ totalTimeoutMs: -1 })).toThrow(
      'totalTimeoutMs must be a positive number of ms (at most 2147483647, or Infinity), got -1',
    );
    await expect(createApiClient({ baseUrl: server.url }).get('/ok', { totalTimeoutMs: 0 })).rejects.toThrow(
      'options.totalTimeoutMs must be a positive number of ms',
    );
  });

  it('leaves no timer behind: the process exits at once after the call settles, either way', async () => {
    const source = `
const { createApiClient } = await import(${JSON.stringify(child.bundle)});
const api = createApiClient({ baseUrl: process.argv[1], totalTimeoutMs: 60_000, timeoutMs: 60_000 });
const ok = await api.get('/ok');
const failed = await api.get('/busy').catch((e) => e.status);
console.log('settled ' + JSON.stringify(ok) + ' ' + failed);
`;
    const run = await runChild(source, server.url);
    expect(run.stdout.trim()).toBe('settled {"ok":true} 503');
    expect(run.code).toBe(0);
    // A timer left behind would hold the child for 60 s.
    expect(run.exitAfterSettleMs).toBeLessThan(2000);
  });
});
