import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import {
  type ApiClientConfig,
  ApiError,
  createApiClient,
  type HttpMethod,
  ValidationError,
} from '../../../src/index.js';
import { createFakeClock } from '../../helpers/fake-clock.js';
import { type Handler, sendJson, serveEach, type TestServer } from '../../helpers/server.js';

const serve = serveEach();

/** A server answering its n-th request (1-based) with `statuses[n-1]`, the last one repeating. */
function statuses(list: number[], headers: Record<string, string> = {}): Handler {
  let n = 0;
  return (_req, res) => {
    const status = list[Math.min(n, list.length - 1)] ?? 500;
    n += 1;
    sendJson(res, status, { n }, headers);
  };
}

/** A client on a fake clock whose sleeps return at once and are recorded. */
function setup(server: TestServer, config: Partial<ApiClientConfig> = {}) {
  const clock = createFakeClock({ autoAdvance: true });
  const api = createApiClient({ baseUrl: server.url, retryPolicy: {}, clock, ...config });
  return { api, clock };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('retry: counts and delays', () => {
  it('sends once without a retryPolicy', async () => {
    const server = await serve(statuses([503]));
    const api = createApiClient({ baseUrl: server.url });
    expect((await failure(api.get('/x'))).status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });

  it('with the defaults makes 3 attempts, waiting 300 then 600 ms, and rejects with the last error', async () => {
    const server = await serve(statuses([503]));
    const { api, clock } = setup(server);
    const error = await failure(api.get('/x'));
    expect(error.status).toBe(503);
    expect(error.body).toEqual({ n: 3 });
    expect(server.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([300, 600]);
  });

  it('caps the delay at maxDelayMs', async () => {
    const server = await serve(statuses([500]));
    const { api, clock } = setup(server, {
      retryPolicy: { maxRetries: 4, initialDelayMs: 3000, maxDelayMs: 5000 },
    });
    await failure(api.get('/x'));
    expect(clock.sleeps).toEqual([3000, 5000, 5000, 5000]);
    expect(server.requests).toHaveLength(5);
  });

  it('uses the factor', async () => {
    const server = await serve(statuses([500]));
    const { api, clock } = setup(server, { retryPolicy: { maxRetries: 3, initialDelayMs: 100, factor: 3 } });
    await failure(api.get('/x'));
    expect(clock.sleeps).toEqual([100, 300, 900]);
  });

  it('resolves with the first successful attempt', async () => {
    const server = await serve(statuses([500, 502, 200]));
    const { api, clock } = setup(server);
    expect(await api.get('/x')).toEqual({ n: 3 });
    expect(server.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([300, 600]);
  });

  it('jitters each delay within [0, computed] when asked', async () => {
    const server = await serve(statuses([500]));
    const { api, clock } = setup(server, { retryPolicy: { jitter: true } });
    await failure(api.get('/x'));
    expect(clock.sleeps).toHaveLength(2);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(0);
    expect(clock.sleeps[0]).toBeLessThanOrEqual(300);
    expect(clock.sleeps[1]).toBeGreaterThanOrEqual(0);
    expect(clock.sleeps[1]).toBeLessThanOrEqual(600);
  });

  it('does not retry a status outside the default list (404)', async () => {
    const server = await serve(statuses([404]));
    const { api, clock } = setup(server);
    expect((await failure(api.get('/x'))).status).toBe(404);
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('sends once with skipRetry', async () => {
    const server = await serve(statuses([503]));
    const { api } = setup(server);
    await failure(api.get('/x', { skipRetry: true }));
    expect(server.requests).toHaveLength(1);
  });

  it('retries a network error (connection reset), status 0', async () => {
    const server = await serve((req) => {
      req.socket.resetAndDestroy();
    });
    const { api } = setup(server);
    const error = await failure(api.get('/x'));
    expect([error.status, error.statusText]).toEqual([0, 'Network Error']);
    expect(server.requests).toHaveLength(3);
  });
});

describe('retry: methods', () => {
  it.each<[HttpMethod, number]>([
    ['GET', 3],
    ['HEAD', 3],
    ['OPTIONS', 3],
    ['PUT', 3],
    ['DELETE', 3],
    ['POST', 1],
    ['PATCH', 1],
  ])('%s on a 503 reaches the server %i time(s)', async (method, count) => {
    const server = await serve(statuses([503]));
    const { api } = setup(server);
    expect((await failure(api.request(method, '/x'))).status).toBe(503);
    expect(server.requests.map((r) => r.method)).toEqual(Array(count).fill(method));
  });

  it.each<HttpMethod>(['POST', 'PATCH'])(
    '%s with an Idempotency-Key header is retried, same key each time',
    async (method) => {
      const server = await serve(statuses([503, 200]));
      const { api } = setup(server);
      expect(
        await api.request(method, '/x', { headers: { 'Idempotency-Key': 'k-42' }, body: { a: 1 } }),
      ).toEqual({
        n: 2,
      });
      expect(server.requests.map((r) => [r.method, r.headers['idempotency-key'], r.body])).toEqual([
        [method, 'k-42', '{"a":1}'],
        [method, 'k-42', '{"a":1}'],
      ]);
    },
  );

  it('a POST without Idempotency-Key reaches the server once even on a network error', async () => {
    const server = await serve((req) => {
      req.socket.resetAndDestroy();
    });
    const { api } = setup(server);
    expect((await failure(api.post('/x', { a: 1 }))).status).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a stream body (it cannot be sent twice)', async () => {
    const server = await serve(statuses([503]));
    const { api, clock } = setup(server);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('chunk'));
        controller.close();
      },
    });
    expect((await failure(api.put('/x', { body }))).status).toBe(503);
    expect(server.requests.map((r) => r.body)).toEqual(['chunk']);
    expect(clock.sleeps).toEqual([]);
  });
});

describe('retry: shouldRetry', () => {
  it('receives the ApiError and the 1-based attempt, and decides alone (POST 400 retried)', async () => {
    const server = await serve(statuses([400]));
    const calls: Array<[number, number]> = [];
    const shouldRetry = vi.fn((error: ApiError, attempt: number) => {
      calls.push([error.status, attempt]);
      return true;
    });
    const { api } = setup(server, { retryPolicy: { shouldRetry } });
    await failure(api.post('/x', { a: 1 }));
    expect(calls).toEqual([
      [400, 1],
      [400, 2],
    ]);
    expect(server.requests).toHaveLength(3);
  });

  it('an error thrown by shouldRetry rejects the request with that error, nothing more sent', async () => {
    const server = await serve(statuses([503]));
    const boom = new Error('policy broke');
    const { api, clock } = setup(server, {
      retryPolicy: {
        shouldRetry: () => {
          throw boom;
        },
      },
    });
    await expect(api.get('/x')).rejects.toBe(boom);
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('false stops a default-retryable GET 503', async () => {
    const server = await serve(statuses([503]));
    const { api } = setup(server, { retryPolicy: { shouldRetry: async () => false } });
    await failure(api.get('/x'));
    expect(server.requests).toHaveLength(1);
  });

  it('rejects with the caller reason at once when the caller aborts while an async shouldRetry decides', async () => {
    const server = await serve(statuses([503]));
    let decide: (retry: boolean) => void = () => {};
    const { api, clock } = setup(server, {
      retryPolicy: { shouldRetry: () => new Promise<boolean>((resolve) => (decide = resolve)) },
    });
    const controller = new AbortController();
    const reason = new Error('user left');
    const pending = api.get('/x', { signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(reason);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      pending.then(
        () => 'resolved',
        (error: unknown) => error,
      ),
      new Promise((resolve) => (timer = setTimeout(resolve, 500, 'still pending'))),
    ]);
    clearTimeout(timer);
    decide(false);
    await pending.catch(() => {});
    expect(outcome).toBe(reason);
    expect(clock.sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('never retries a ValidationError, whatever shouldRetry says', async () => {
    const server = await serve(statuses([200]));
    const shouldRetry = vi.fn(() => true);
    const { api } = setup(server, { retryPolicy: { shouldRetry } });
    const error = await failure(
      api.get('/x', { validateResponse: { n: { type: 'string', required: true } } }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(server.requests).toHaveLength(1);
    expect(shouldRetry).not.toHaveBeenCalled();
  });
});

describe('retry: Retry-After', () => {
  it('waits the seconds a 503 asks for instead of the backoff', async () => {
    const server = await serve(statuses([503, 200], { 'retry-after': '2' }));
    const { api, clock } = setup(server);
    expect(await api.get('/x')).toEqual({ n: 2 });
    expect(clock.sleeps).toEqual([2000]);
  });

  it('waits until the HTTP-date a 429 names, measured on the client clock', async () => {
    const clock = createFakeClock({ start: Date.UTC(2025, 0, 1, 12, 0, 0), autoAdvance: true });
    const server = await serve(statuses([429, 200], { 'retry-after': 'Wed, 01 Jan 2025 12:00:07 GMT' }));
    const api = createApiClient({ baseUrl: server.url, retryPolicy: {}, clock });
    expect(await api.get('/x')).toEqual({ n: 2 });
    expect(clock.sleeps).toEqual([7000]);
  });

  it('retries at once on Retry-After: 0', async () => {
    const server = await serve(statuses([429, 429, 200], { 'retry-after': '0' }));
    const { api, clock } = setup(server);
    expect(await api.get('/x')).toEqual({ n: 3 });
    expect(clock.sleeps).toEqual([0, 0]);
  });

  it('gives up at once when Retry-After exceeds maxDelayMs', async () => {
    const server = await serve(statuses([503], { 'retry-after': '30' }));
    const { api, clock } = setup(server, { retryPolicy: { maxDelayMs: 10_000 } });
    const error = await failure(api.get('/x'));
    expect(error.status).toBe(503);
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('falls back to the backoff on an invalid Retry-After', async () => {
    const server = await serve(statuses([503, 200], { 'retry-after': 'later' }));
    const { api, clock } = setup(server);
    await api.get('/x');
    expect(clock.sleeps).toEqual([300]);
  });
});

describe('retry: attempts', () => {
  it('runs the request interceptor before every attempt (a refreshed token is used)', async () => {
    const server = await serve(statuses([401, 401, 200]));
    let token = 0;
    const { api } = setup(server, {
      retryPolicy: { shouldRetry: (error) => error.status === 401 },
      interceptors: {
        request: async (url, init) => {
          token += 1;
          return [
            url,
            {
              ...init,
              headers: { ...(init.headers as Record<string, string>), authorization: `Bearer t${token}` },
            },
          ];
        },
      },
    });
    await api.get('/x');
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer t1',
      'Bearer t2',
      'Bearer t3',
    ]);
  });

  it('gives each attempt its own timeout: two timed-out attempts, then a success', async () => {
    let n = 0;
    const server = await serve((_req, res: ServerResponse) => {
      n += 1;
      if (n === 3) sendJson(res, 200, { n });
      // Requests 1 and 2 are never answered.
    });
    const seen: Array<[number, boolean]> = [];
    const { api } = setup(server, {
      timeoutMs: 150,
      retryPolicy: {
        shouldRetry: (error) => {
          seen.push([error.status, error.isTimeout]);
          return true;
        },
      },
    });
    expect(await api.get('/x')).toEqual({ n: 3 });
    expect(seen).toEqual([
      [408, true],
      [408, true],
    ]);
  });

  it('rejects with the caller reason when the caller aborts during the wait, and sends nothing more', async () => {
    const server = await serve(statuses([503]));
    const clock = createFakeClock();
    const api = createApiClient({ baseUrl: server.url, retryPolicy: {}, clock });
    const controller = new AbortController();
    const reason = new Error('user left');
    const pending = api.get('/x', { signal: controller.signal });
    await vi.waitFor(() => expect(clock.pending).toBe(1));
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(clock.pending).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('never retries a caller abort during an attempt', async () => {
    const server = await serve(() => {});
    const { api, clock } = setup(server);
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const pending = api.get('/x', { signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(clock.sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('with the real clock waits at least the backoff and leaves no timer behind', async () => {
    const server = await serve(statuses([503, 503, 200]));
    const timersBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const api = createApiClient({ baseUrl: server.url, retryPolicy: { initialDelayMs: 20 } });
    const started = performance.now();
    expect(await api.get('/x')).toEqual({ n: 3 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length).toBe(timersBefore);
  });
});
