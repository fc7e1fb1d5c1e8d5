import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import {
  type ApiClientConfig,
  ApiError,
  CircuitOpenError,
  type CircuitState,
  createApiClient,
} from '../../../src/index.js';
import { createFakeClock } from '../../helpers/fake-clock.js';
import { sendJson, serveEach, type TestServer } from '../../helpers/server.js';

const serve = serveEach();

/** A server whose status can be changed between requests. */
async function switchable(initial: number) {
  const state = { status: initial };
  const server = await serve((_req, res) => sendJson(res, state.status, { status: state.status }));
  return { server, state };
}

function setup(server: TestServer, config: Partial<ApiClientConfig> = {}) {
  const clock = createFakeClock();
  const changes: Array<[CircuitState, CircuitState]> = [];
  const api = createApiClient({
    baseUrl: server.url,
    clock,
    circuitBreaker: { threshold: 3, timeout: 10_000, onStateChange: (s, p) => changes.push([s, p]) },
    ...config,
  });
  return { api, clock, changes };
}

async function settle(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => error,
  );
}

async function failures(api: { get(path: string): Promise<unknown> }, n: number): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < n; i += 1) seen.push(((await settle(api.get('/x'))) as ApiError).status);
  return seen;
}

describe('circuit breaker through the client', () => {
  it('is off without a config: circuitState stays closed and every request is sent', async () => {
    const { server } = await switchable(500);
    const api = createApiClient({ baseUrl: server.url });
    expect(await failures(api, 8)).toEqual(Array(8).fill(500));
    expect(api.circuitState).toBe('closed');
    expect(server.requests).toHaveLength(8);
  });

  it('opens after `threshold` consecutive 5xx and then rejects at once without sending', async () => {
    const { server } = await switchable(500);
    const requestInterceptor = vi.fn(
      async (url: string, init: RequestInit): Promise<[string, RequestInit]> => [url, init],
    );
    const { api, changes } = setup(server, { interceptors: { request: requestInterceptor } });
    expect(await failures(api, 2)).toEqual([500, 500]);
    expect(api.circuitState).toBe('closed');
    expect(await failures(api, 1)).toEqual([500]);
    expect(api.circuitState).toBe('open');
    expect(changes).toEqual([['open', 'closed']]);

    const error = await settle(api.get('/x'));
    expect(error).toBeInstanceOf(CircuitOpenError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as CircuitOpenError).details).toEqual({
      status: 503,
      statusText: 'Service Unavailable',
      message: 'The service is temporarily unavailable. Please try again later.',
      body: undefined,
      isTimeout: false,
    });
    expect(server.requests).toHaveLength(3);
    expect(requestInterceptor).toHaveBeenCalledTimes(3);
  });

  it('gives the open-circuit message in the request locale', async () => {
    const { server } = await switchable(500);
    const { api } = setup(server, { circuitBreaker: { threshold: 1 } });
    await settle(api.get('/x'));
    const error = (await settle(api.get('/x', { errorLocale: 'es' }))) as CircuitOpenError;
    expect(error.message).toBe('El servicio no está disponible temporalmente. Inténtalo de nuevo más tarde.');
  });

  it('counts timeouts and network errors as failures', async () => {
    let n = 0;
    const server = await serve((req) => {
      n += 1;
      if (n === 1) req.socket.resetAndDestroy(); // network error; request 2 never answered (timeout)
    });
    const { api } = setup(server, { timeoutMs: 100, circuitBreaker: { threshold: 2 } });
    const first = (await settle(api.get('/x'))) as ApiError;
    const second = (await settle(api.get('/x'))) as ApiError;
    expect([first.status, second.status, second.isTimeout]).toEqual([0, 408, true]);
    expect(api.circuitState).toBe('open');
  });

  it('does not count 4xx (they reset the count)', async () => {
    const { server } = await switchable(404);
    const { api } = setup(server);
    expect(await failures(api, 5)).toEqual(Array(5).fill(404));
    expect(api.circuitState).toBe('closed');
  });

  it('needs consecutive failures: a success in between resets the count', async () => {
    const { server, state } = await switchable(500);
    const { api } = setup(server);
    await failures(api, 2);
    state.status = 200;
    await api.get('/x');
    state.status = 500;
    await failures(api, 2);
    expect(api.circuitState).toBe('closed');
    await failures(api, 1);
    expect(api.circuitState).toBe('open');
  });

  it('after the open period lets one probe through; its success closes the circuit', async () => {
    const { server, state } = await switchable(500);
    const { api, clock, changes } = setup(server);
    await failures(api, 3);
    await clock.advance(9_999);
    expect(await settle(api.get('/x'))).toBeInstanceOf(CircuitOpenError);
    await clock.advance(1);
    expect(api.circuitState).toBe('half-open');
    state.status = 200;
    expect(await api.get('/x')).toEqual({ status: 200 });
    expect(api.circuitState).toBe('closed');
    expect(server.requests).toHaveLength(4);
    expect(changes).toEqual([
      ['open', 'closed'],
      ['half-open', 'open'],
      ['closed', 'half-open'],
    ]);
  });

  it('rejects other requests while the probe is in flight', async () => {
    let release: () => void = () => {};
    let n = 0;
    const server = await serve((_req, res: ServerResponse) => {
      n += 1;
      if (n <= 3) return sendJson(res, 500, {});
      release = () => sendJson(res, 200, { probe: true });
    });
    const { api, clock } = setup(server);
    await failures(api, 3);
    await clock.advance(10_000);
    const probe = api.get('/x');
    await vi.waitFor(() => expect(server.requests).toHaveLength(4));
    expect(await settle(api.get('/x'))).toBeInstanceOf(CircuitOpenError);
    expect(await settle(api.get('/x'))).toBeInstanceOf(CircuitOpenError);
    release();
    expect(await probe).toEqual({ probe: true });
    expect(server.requests).toHaveLength(4);
    expect(api.circuitState).toBe('closed');
  });

  it('re-opens when the probe fails, for a new open period', async () => {
    const { server } = await switchable(503);
    const { api, clock, changes } = setup(server);
    await failures(api, 3);
    await clock.advance(10_000);
    expect(await failures(api, 1)).toEqual([503]);
    expect(api.circuitState).toBe('open');
    expect(server.requests).toHaveLength(4);
    await clock.advance(9_999);
    expect(await settle(api.get('/x'))).toBeInstanceOf(CircuitOpenError);
    await clock.advance(1);
    expect(api.circuitState).toBe('half-open');
    expect(changes).toEqual([
      ['open', 'closed'],
      ['half-open', 'open'],
      ['open', 'half-open'],
      ['half-open', 'open'],
    ]);
  });

  it('frees the probe slot when the caller aborts the probe', async () => {
    let n = 0;
    const server = await serve((_req, res: ServerResponse) => {
      n += 1;
      if (n <= 3) sendJson(res, 500, {});
      else if (n >= 5) sendJson(res, 200, { n });
      // Request 4, the first probe, hangs until the caller aborts it.
    });
    const { api, clock } = setup(server);
    await failures(api, 3);
    await clock.advance(10_000);
    const controller = new AbortController();
    const probe = api.get('/x', { signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(4));
    controller.abort(new Error('gone'));
    await expect(probe).rejects.toThrowError('gone');
    expect(api.circuitState).toBe('half-open');
    expect(await api.get('/x')).toEqual({ n: 5 });
    expect(api.circuitState).toBe('closed');
  });

  it('keeps the probe slot when a request sent before the circuit opened is aborted while half-open', async () => {
    const answer: Array<() => void> = [];
    const server = await serve((req, res: ServerResponse) => {
      // /slow and /probe hang until the test answers them; every other request fails.
      if (req.url === '/x') return sendJson(res, 500, {});
      answer.push(() => sendJson(res, 200, { url: req.url }));
    });
    const { api, clock } = setup(server, { circuitBreaker: { threshold: 1, timeout: 10_000 } });
    const controller = new AbortController();
    const slow = settle(api.get('/slow', { signal: controller.signal }));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await failures(api, 1);
    await clock.advance(10_000);
    const probe = api.get('/probe');
    await vi.waitFor(() => expect(server.requests).toHaveLength(3));
    controller.abort(new Error('gone'));
    expect(await slow).toEqual(new Error('gone'));
    // The probe is still in flight: the breaker must go on refusing everything else.
    expect(await settle(api.get('/other'))).toBeInstanceOf(CircuitOpenError);
    expect(server.requests.map((r) => r.url)).toEqual(['/slow', '/x', '/probe']);
    for (const send of answer.splice(0)) send();
    expect(await probe).toEqual({ url: '/probe' });
    expect(api.circuitState).toBe('closed');
  });

  it('counts an attempt cut by totalTimeoutMs as a timeout failure, a caller abort still as neither', async () => {
    // A server that never answers: each call ends when its total time runs out.
    const server = await serve(() => {});
    const { api } = setup(server, { totalTimeoutMs: 50, circuitBreaker: { threshold: 2 } });
    const controller = new AbortController();
    const aborted = settle(api.get('/x', { signal: controller.signal, totalTimeoutMs: 60_000 }));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort(new Error('gone'));
    expect(await aborted).toEqual(new Error('gone'));
    expect(api.circuitState).toBe('closed');
    for (let i = 0; i < 2; i += 1) {
      const error = (await settle(api.get('/x'))) as ApiError;
      expect([error.status, error.isTimeout]).toEqual([408, true]);
    }
    // The call rejects at its deadline; the attempt below records its end as fetch lets go of it.
    await vi.waitFor(() => expect(api.circuitState).toBe('open'));
    expect(await settle(api.get('/x'))).toBeInstanceOf(CircuitOpenError);
    expect(server.requests).toHaveLength(3);
  });

  it('rejects, never throws synchronously, when onStateChange throws as the open period ends', async () => {
    const { server } = await switchable(500);
    const boom = new Error('callback broke');
    let fail = false;
    const { api, clock } = setup(server, {
      circuitBreaker: {
        threshold: 1,
        timeout: 10_000,
        onStateChange: () => {
          if (fail) throw boom;
        },
      },
    });
    await failures(api, 1);
    await clock.advance(10_000);
    fail = true;
    const returned = (() => {
      try {
        return api.get('/x');
      } catch (error) {
        return error;
      }
    })();
    expect(returned).toBeInstanceOf(Promise);
    await expect(returned).rejects.toBe(boom);
    expect(server.requests).toHaveLength(1);
  });

  it('uses the larger of timeout and resetTimeout as the open period', async () => {
    const { server } = await switchable(500);
    const { api, clock } = setup(server, {
      circuitBreaker: { threshold: 1, timeout: 1000, resetTimeout: 5000 },
    });
    await failures(api, 1);
    await clock.advance(4_999);
    expect(api.circuitState).toBe('open');
    await clock.advance(1);
    expect(api.circuitState).toBe('half-open');
  });

  it('counts every retry attempt; the request stops with CircuitOpenError once it opens', async () => {
    const { server } = await switchable(500);
    const clock = createFakeClock({ autoAdvance: true });
    const api = createApiClient({
      baseUrl: server.url,
      clock,
      retryPolicy: { maxRetries: 5 },
      circuitBreaker: { threshold: 3 },
    });
    expect(await settle(api.get('/x'))).toBeInstanceOf(CircuitOpenError);
    expect(server.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([300, 600, 1200]);
    expect(api.circuitState).toBe('open');
  });

  it('does not count a ValidationError (a 2xx) as a failure', async () => {
    const { server } = await switchable(200);
    const { api } = setup(server, { circuitBreaker: { threshold: 1 } });
    await settle(api.get('/x', { validateResponse: { missing: { required: true } } }));
    expect(api.circuitState).toBe('closed');
  });
});
