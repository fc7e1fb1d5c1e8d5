import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../src/index.js';
import { createUndiciFetch } from '../../src/undici/index.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

// The client's own semantics with the undici transport: the same results and ApiErrors as with fetch.
let server: TestServer;
let flaky = 0;
const fetchImpl = createUndiciFetch();

beforeAll(async () => {
  server = await createTestServer((req, res) => {
    switch (req.url) {
      case '/users/1':
        return sendJson(res, 200, { id: 1, name: 'Ann' });
      case '/posts':
        return sendJson(res, 201, { received: JSON.parse(req.body), type: req.headers['content-type'] });
      case '/upload':
        return sendJson(res, 200, { bytes: req.body.length, text: req.body });
      case '/missing':
        res.writeHead(404, 'Nothing Here', { 'content-type': 'application/json' });
        res.end('{"error":"missing"}');
        return;
      case '/flaky':
        flaky++;
        if (flaky === 1) return sendJson(res, 503, { busy: true });
        return sendJson(res, 200, { attempt: flaky });
      case '/never':
        return; // never answers; the socket is destroyed when the server closes
      case '/stall-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
        return;
      case '/reset-before-headers':
        req.socket.destroy();
        return;
      case '/reset-mid-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"items":[1,2,3', () => setTimeout(() => req.socket.destroy(), 20));
        return;
      default:
        res.writeHead(500);
        res.end();
    }
  });
});
afterAll(async () => {
  await fetchImpl.close();
  await server.close();
});

const api = (timeoutMs = 5000) => createApiClient({ baseUrl: server.url, fetchImpl, timeoutMs });
const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw error;
  return error;
};

describe('createApiClient with createUndiciFetch', () => {
  it('gets and parses JSON', async () => {
    expect(await api().get('/users/1')).toEqual({ id: 1, name: 'Ann' });
  });

  it('posts a plain object as JSON', async () => {
    expect(await api().post('/posts', { title: 'a' })).toEqual({
      received: { title: 'a' },
      type: 'application/json',
    });
  });

  it('sends a streaming request body in full', async () => {
    const parts = ['alpha-', 'beta-', 'gamma'];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    expect(await api().post('/upload', body)).toEqual({ bytes: 16, text: 'alpha-beta-gamma' });
  });

  it("turns an error status into ApiError with the server's status text and parsed body", async () => {
    const error = await failure(api().get('/missing'));
    expect(error.details).toEqual({
      status: 404,
      statusText: 'Nothing Here',
      message: 'Resource not found.',
      body: { error: 'missing' },
      isTimeout: false,
    });
  });

  it('retries a 503 through the transport', async () => {
    const client = createApiClient({
      baseUrl: server.url,
      fetchImpl,
      retryPolicy: { maxRetries: 2, initialDelayMs: 1 },
    });
    expect(await client.get('/flaky')).toEqual({ attempt: 2 });
    expect(flaky).toBe(2);
  });

  it('times out (ApiError 408) when the headers never arrive', async () => {
    const started = Date.now();
    const error = await failure(api(100).get('/never'));
    expect(error.details).toEqual({
      status: 408,
      statusText: 'Request Timeout',
      message: 'The request timed out.',
      body: undefined,
      isTimeout: true,
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('times out (ApiError 408) when the body stalls after a 200', async () => {
    const error = await failure(api(100).get('/stall-body'));
    expect(error.status).toBe(408);
    expect(error.isTimeout).toBe(true);
  });

  it("rejects with the caller's reason when the caller aborts in flight", async () => {
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    setTimeout(() => controller.abort(reason), 50);
    await expect(api().get('/never', { signal: controller.signal })).rejects.toBe(reason);
  });

  it('maps a refused connection to the network ApiError (status 0) with fetch failed as cause', async () => {
    const closed = await createTestServer(() => {});
    await closed.close();
    const error = await failure(createApiClient({ baseUrl: closed.url, fetchImpl }).get('/x'));
    expect(error.status).toBe(0);
    expect(error.statusText).toBe('Network Error');
    expect(error.isTimeout).toBe(false);
    expect((error.cause as TypeError).message).toBe('fetch failed');
  });

  it('maps a connection reset before the headers to status 0', async () => {
    const error = await failure(api().get('/reset-before-headers'));
    expect(error.status).toBe(0);
    expect(error.statusText).toBe('Network Error');
  });

  it('maps a connection reset mid-body (after a 200) to status 0', async () => {
    const error = await failure(api().get('/reset-mid-body'));
    expect(error.status).toBe(0);
    expect(error.statusText).toBe('Network Error');
    expect((error.cause as TypeError).message).toBe('terminated');
  });
});
