import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  CircuitOpenError,
  type CircuitState,
  createApiClient,
  ValidationError,
} from '../../src/index.js';
import { createFakeClock } from '../helpers/fake-clock.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

/** A clock the test moves by hand; sleeps resolve at once. */
const manualClock = () => {
  const clock = createFakeClock({ start: 1_000_000, autoAdvance: true });
  return { clock, advance: (ms: number) => clock.set(clock.now() + ms) };
};

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/down') return sendJson(res, 500, { error: 'down' });
    if (path === '/user') return sendJson(res, 200, { id: 1, name: 'Ada' });
    if (path === '/bad-user') return sendJson(res, 200, { id: 'one' });
    if (path === '/list') return sendJson(res, 200, { data: [{ id: 1 }, { id: 2 }], total: 5 }, {});
    if (path === '/missing') return sendJson(res, 404, { error: 'nope' });
    sendJson(res, 200, { path: req.url });
  });
});
afterAll(() => server.close());

describe('circuit breaker wiring', () => {
  it('rejects with a CircuitOpenError carrying status 503, localized, and sends nothing; circuitState follows', async () => {
    const { clock, advance } = manualClock();
    const changes: Array<[CircuitState, CircuitState]> = [];
    const api = createApiClient({
      baseUrl: server.url,
      clock,
      circuitBreaker: {
        threshold: 2,
        timeout: 1000,
        onStateChange: (state, previous) => changes.push([state, previous]),
      },
    });
    expect(api.circuitState).toBe('closed');
    await expect(api.get('/down')).rejects.toMatchObject({ status: 500 });
    await expect(api.get('/down')).rejects.toMatchObject({ status: 500 });
    expect(api.circuitState).toBe('open');
    const before = server.requests.length;
    const error = await api.get('/user', { errorLocale: 'es' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CircuitOpenError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as CircuitOpenError).name).toBe('CircuitOpenError');
    expect((error as CircuitOpenError).details).toEqual({
      status: 503,
      statusText: 'Service Unavailable',
      message: 'El servicio no está disponible temporalmente. Inténtalo de nuevo más tarde.',
      body: undefined,
      isTimeout: false,
    });
    expect(server.requests.length).toBe(before);
    advance(1000);
    expect(api.circuitState).toBe('half-open');
    expect(await api.get('/user')).toEqual({ id: 1, name: 'Ada' });
    expect(api.circuitState).toBe('closed');
    expect(changes).toEqual([
      ['open', 'closed'],
      ['half-open', 'open'],
      ['closed', 'half-open'],
    ]);
  });

  it('releases the half-open probe when the caller aborts it, so the next request can probe', async () => {
    const { clock, advance } = manualClock();
    const api = createApiClient({
      baseUrl: server.url,
      clock,
      circuitBreaker: { threshold: 1, timeout: 10 },
    });
    await expect(api.get('/down')).rejects.toMatchObject({ status: 500 });
    advance(10);
    const aborted = new AbortController();
    aborted.abort('mine');
    // Already aborted: rejected before the breaker is asked, so no probe slot is taken.
    await expect(api.get('/user', { signal: aborted.signal })).rejects.toBe('mine');
    const interceptorAbort = new AbortController();
    let abortInInterceptor = false;
    const probing = createApiClient({
      baseUrl: server.url,
      clock,
      circuitBreaker: { threshold: 1, timeout: 10 },
      interceptors: {
        request: (url, init) => {
          // Aborts while the probe slot is held: after tryAcquire, before anything is sent.
          if (abortInInterceptor) interceptorAbort.abort('during probe');
          return [url, init];
        },
      },
    });
    await expect(probing.get('/down')).rejects.toMatchObject({ status: 500 });
    advance(10);
    abortInInterceptor = true;
    const before = server.requests.length;
    await expect(probing.get('/user', { signal: interceptorAbort.signal })).rejects.toBe('during probe');
    expect(server.requests.length).toBe(before);
    expect(probing.circuitState).toBe('half-open');
    expect(await probing.get('/user', { skipInterceptors: true })).toEqual({ id: 1, name: 'Ada' });
    expect(probing.circuitState).toBe('closed');
  });
});

describe('validateResponse wiring', () => {
  it('returns the Standard Schema output', async () => {
    const schema = z.object({ id: z.number(), name: z.string().transform((s) => s.toUpperCase()) });
    expect(await createApiClient({ baseUrl: server.url }).get('/user', { validateResponse: schema })).toEqual(
      {
        id: 1,
        name: 'ADA',
      },
    );
  });

  it('throws a ValidationError with the status of the response and the issues', async () => {
    const error = await createApiClient({ baseUrl: server.url })
      .get('/bad-user', { validateResponse: { id: { type: 'number', required: true } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual({
      status: 200,
      statusText: 'OK',
      message: 'The response does not have the expected shape.',
      body: undefined,
      isTimeout: false,
    });
    expect((error as ValidationError).issues).toEqual([
      { path: 'id', expected: 'number', received: 'string' },
    ]);
  });

  it('does not validate an error response: the ApiError of the status comes first', async () => {
    const error = await createApiClient({ baseUrl: server.url })
      .get('/missing', { validateResponse: { id: { type: 'number', required: true } } })
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ValidationError);
    expect((error as ApiError).status).toBe(404);
  });

  it('validates the raw list body in getList', async () => {
    const error = await createApiClient({ baseUrl: server.url })
      .getList('/list', { validateResponse: { total: { type: 'string' } } })
      .catch((e: unknown) => e);
    expect((error as ValidationError).issues).toEqual([
      { path: 'total', expected: 'string', received: 'number' },
    ]);
  });
});

describe('getList wiring', () => {
  it('adds the mapped query to the request searchParams and maps the response', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const page = await api.getList<{ id: number }>('/list', {
      pagination: { page: 2, limit: 2 },
      searchParams: { expand: 'owner' },
      headers: { 'x-list': '1' },
    });
    expect(server.requests.at(-1)?.url).toBe('/list?expand=owner&page=2&limit=2');
    expect(server.requests.at(-1)?.headers['x-list']).toBe('1');
    expect(page).toEqual({
      data: [{ id: 1 }, { id: 2 }],
      pagination: { page: 2, limit: 2, total: 5, totalPages: 3, hasNextPage: true, hasPreviousPage: true },
    });
  });

  it('gives the response mapping the Response (headers) and the query', async () => {
    let seen: { status: number; page: number } | undefined;
    const api = createApiClient({
      baseUrl: server.url,
      pagination: {
        request: (query) => ({ p: query.page }),
        response: (body, response, query) => {
          seen = { status: response.status, page: query.page };
          return { data: (body as { data: unknown[] }).data, total: 2 };
        },
      },
    });
    const page = await api.getList('/list', { pagination: { page: 1, limit: 10 } });
    expect(server.requests.at(-1)?.url).toBe('/list?p=1');
    expect(seen).toEqual({ status: 200, page: 1 });
    expect(page.pagination.total).toBe(2);
  });

  it('rejects bad pagination values before sending', async () => {
    const before = server.requests.length;
    await expect(
      createApiClient({ baseUrl: server.url }).getList('/list', { pagination: { page: 0, limit: 10 } }),
    ).rejects.toThrow(new RangeError('pagination.page must be an integer >= 1, got 0'));
    expect(server.requests.length).toBe(before);
  });
});
