import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClientInterceptors,
  type ApiError,
  type Clock,
  createApiClient,
  TimeoutError,
} from '../../../src/index.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';

let server: TestServer;
let failuresLeft = 0;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    if (req.url === '/unauthorized') return sendJson(res, 401, { error: 'expired' });
    if (req.url === '/token') return sendJson(res, 200, { access_token: 's3cr3t-token' });
    if (req.url === '/big') return sendJson(res, 200, { text: 'x'.repeat(1_000_000) });
    if (req.url === '/flaky' && failuresLeft > 0) {
      failuresLeft -= 1;
      return sendJson(res, 503, { error: 'busy' });
    }
    sendJson(res, 200, { path: req.url, method: req.method, auth: req.headers['authorization'] ?? null });
  });
});
afterAll(() => server.close());

const client = (interceptors: ApiClientInterceptors, extra: { disableInterceptors?: boolean } = {}) =>
  createApiClient({
    baseUrl: server.url,
    defaultHeaders: { 'content-type': 'application/json' },
    interceptors,
    ...extra,
  });

/** A clock whose sleeps resolve at once, for retries without waiting. */
const instantClock: Clock = { now: () => 0, sleep: () => Promise.resolve() };

describe('request interceptor', () => {
  it('can change the URL and add a header by spreading init.headers', async () => {
    const api = client({
      request: (url, init) => [
        url.replace('/original', '/rewritten'),
        { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: 'Bearer t1' } },
      ],
    });
    expect(await api.get('/original?x=1')).toEqual({
      path: '/rewritten?x=1',
      method: 'GET',
      auth: 'Bearer t1',
    });
    // The defaults are still there after the spread.
    expect(server.requests.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('receives the method, the merged headers as a plain object with lower-case names, and the body', async () => {
    let seen: RequestInit | undefined;
    const api = client({
      request: (url, init) => {
        seen = init;
        return [url, init];
      },
    });
    await api.post('/p', { a: 1 }, { headers: { 'X-Req': 'r' } });
    expect(seen?.method).toBe('POST');
    expect(seen?.headers).toEqual({ 'content-type': 'application/json', 'x-req': 'r' });
    expect(seen?.body).toBe('{"a":1}');
  });

  it('lets a later key of another case win over an earlier one', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      defaultHeaders: { authorization: 'Bearer old' },
      interceptors: {
        request: (url, init) => [
          url,
          { ...init, headers: { ...(init.headers as object), Authorization: 'Bearer new' } },
        ],
      },
    });
    expect(await api.get('/a')).toMatchObject({ auth: 'Bearer new' });
  });

  it('may be async', async () => {
    const api = client({
      request: async (url, init) => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const headers = new Headers(init.headers);
        headers.set('authorization', 'Bearer async');
        return [url, { ...init, headers }];
      },
    });
    expect(await api.get('/async')).toMatchObject({ auth: 'Bearer async' });
  });

  it('may change the method', async () => {
    const api = client({ request: (url, init) => [url, { ...init, method: 'PUT' }] });
    expect(await api.post('/m', { a: 1 })).toMatchObject({ method: 'PUT' });
  });

  it('runs before every attempt, so a retry uses a refreshed token', async () => {
    let calls = 0;
    failuresLeft = 2;
    const api = createApiClient({
      baseUrl: server.url,
      retryPolicy: { maxRetries: 2 },
      clock: instantClock,
      interceptors: {
        request: (url, init) => {
          calls += 1;
          return [url, { ...init, headers: { authorization: `Bearer token-${calls}` } }];
        },
      },
    });
    const before = server.requests.length;
    expect(await api.get('/flaky')).toEqual({ path: '/flaky', method: 'GET', auth: 'Bearer token-3' });
    expect(calls).toBe(3);
    expect(server.requests.slice(before).map((r) => r.headers['authorization'])).toEqual([
      'Bearer token-1',
      'Bearer token-2',
      'Bearer token-3',
    ]);
  });

  it('is bounded by the timeout: a token refresh that never ends is a TimeoutError', async () => {
    const api = client({ request: () => new Promise<never>(() => {}) });
    const error = (await api.get('/x', { timeoutMs: 50 }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect([error.status, error.isTimeout, error.message]).toEqual([408, true, 'The request timed out.']);
  });

  it('is cut short by your abort, which rejects with its reason', async () => {
    const api = client({ request: () => new Promise<never>(() => {}) });
    const controller = new AbortController();
    const call = api.get('/x', { signal: controller.signal, timeoutMs: 60_000 });
    const reason = new Error('user left');
    setTimeout(() => controller.abort(reason), 20);
    await expect(call).rejects.toBe(reason);
  });

  it('lets its own error reach the caller as it is', async () => {
    const boom = new Error('token refresh failed');
    const api = client({
      request: () => {
        throw boom;
      },
    });
    await expect(api.get('/x')).rejects.toBe(boom);
  });

  it('must return [url, init]: anything else is a TypeError saying so, nothing is sent or retried', async () => {
    const returns = (value: unknown) =>
      createApiClient({
        baseUrl: server.url,
        retryPolicy: { maxRetries: 2 },
        clock: instantClock,
        interceptors: { request: () => value as [string, RequestInit] },
      });
    const sent = server.requests.length;
    for (const [value, shown] of [
      [undefined, 'undefined'],
      [{ method: 'GET' }, 'an object'],
      [[`${server.url}/x`], 'an array'],
      [[undefined, {}], 'an array'],
      [[`${server.url}/x`, null], 'an array'],
    ] as const) {
      await expect(returns(value).get('/x')).rejects.toThrow(
        new TypeError(`interceptors.request must return [url, init], got ${shown}`),
      );
    }
    expect(server.requests.length).toBe(sent);
  });

  it('returning the URL alone is named a string, never shown: its secret query values stay out of the error', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      interceptors: { request: ((url: string) => url) as unknown as ApiClientInterceptors['request'] },
    });
    const error = (await api.get('/x?api_key=s3cr3t-key').then(
      () => undefined,
      (caught: unknown) => caught,
    )) as Error;
    expect(error).toEqual(new TypeError('interceptors.request must return [url, init], got a string'));
    expect(`${error.message} ${JSON.stringify(error)} ${String(error.stack)}`).not.toContain('s3cr3t');
  });

  it.each([
    [
      'with credentials',
      (port: number) => `http://user:s3cret@127.0.0.1:${port}/x?token=abc`,
      (port: number) =>
        `Refusing to send a request to http://[REDACTED]@127.0.0.1:${port}/x?token=[REDACTED]: ` +
        'a URL cannot carry credentials (user:password@). Send them in an Authorization header.',
    ],
    [
      // Relative: Node has no document to resolve it against.
      'that fetch cannot parse',
      () => '/x?token=abc',
      () => 'interceptors.request must return a valid absolute URL, got "/x?token=[REDACTED]"',
    ],
  ])(
    'refuses a URL %s it returns, redacted, instead of a retried network failure holding it',
    async (_case, url, message) => {
      const api = createApiClient({
        baseUrl: server.url,
        retryPolicy: { maxRetries: 2 },
        clock: instantClock,
        interceptors: { request: (_url, init) => [url(server.port), init] },
      });
      const sent = server.requests.length;
      const error = await api.get('/x').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toEqual(new TypeError(message(server.port)));
      expect(inspect(error)).not.toMatch(/s3cret|abc/);
      expect(server.requests.length).toBe(sent);
    },
  );

  it('refuses a GET or HEAD with a body it makes, instead of a retried network failure', async () => {
    for (const method of ['GET', 'head']) {
      const api = createApiClient({
        baseUrl: server.url,
        retryPolicy: { maxRetries: 2 },
        clock: instantClock,
        interceptors: { request: (url, init) => [url, { ...init, method }] },
      });
      const sent = server.requests.length;
      await expect(api.post('/x', { a: 1 })).rejects.toThrow(
        new TypeError(`interceptors.request: a ${method.toUpperCase()} request cannot have a body`),
      );
      expect(server.requests.length).toBe(sent);
    }
  });
});

describe('response interceptor', () => {
  it('can replace the response', async () => {
    const api = client({
      response: () =>
        new Response(JSON.stringify({ replaced: true }), { headers: { 'content-type': 'application/json' } }),
    });
    expect(await api.get('/anything')).toEqual({ replaced: true });
  });

  it("can wrap the response's own body in a new Response (to change its headers): the data arrives whole", async () => {
    const api = client({
      response: (response) => {
        const headers = new Headers(response.headers);
        headers.set('x-seen', '1');
        return new Response(response.body, { status: response.status, headers });
      },
    });
    const { data, response } = await api.get('/big').withResponse();
    expect(response.headers.get('x-seen')).toBe('1');
    expect(data).toEqual({ text: 'x'.repeat(1_000_000) });
  });

  it('sees error statuses before they are judged, and may be async', async () => {
    const statuses: number[] = [];
    const api = client({
      response: async (response) => {
        statuses.push(response.status);
        if (response.status !== 401) return response;
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 5));
        return new Response('refreshed', { status: 200 });
      },
    });
    expect(await api.get('/unauthorized')).toBe('refreshed');
    expect(statuses).toEqual([401]);
  });

  it('passes error responses through to an ApiError when it returns them', async () => {
    const api = client({ response: (response) => response });
    await expect(api.get('/unauthorized')).rejects.toMatchObject({ status: 401, body: { error: 'expired' } });
  });

  it('is bounded by the timeout when it never returns: a TimeoutError', async () => {
    const api = client({ response: () => new Promise<never>(() => {}) });
    const error = (await api.get('/x', { timeoutMs: 50 }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect([error.status, error.isTimeout]).toEqual([408, true]);
  });

  it('is still bounded by the timeout when it returns a stalled body', async () => {
    const api = client({
      response: () => new Response(new ReadableStream({ start() {} }), { status: 200 }),
    });
    const error = (await api.get('/x', { timeoutMs: 50 }).catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.isTimeout]).toEqual([408, true]);
  });

  it('lets its own error reach the caller as it is', async () => {
    const boom = new Error('interceptor bug');
    const api = client({
      response: () => {
        throw boom;
      },
    });
    await expect(api.get('/x')).rejects.toBe(boom);
  });

  it('must return a Response: anything else is a TypeError saying so, not retried', async () => {
    for (const [value, shown] of [
      [undefined, 'undefined'],
      [{ ok: true }, 'an object'],
    ] as const) {
      const api = createApiClient({
        baseUrl: server.url,
        retryPolicy: { maxRetries: 2 },
        clock: instantClock,
        interceptors: { response: () => value as unknown as Response },
      });
      const sent = server.requests.length;
      await expect(api.get('/x')).rejects.toThrow(
        new TypeError(`interceptors.response must return a Response, got ${shown}`),
      );
      expect(server.requests.length).toBe(sent + 1);
    }
  });

  it('returning the body text by mistake is named a string, never shown: the body stays out of the error', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      interceptors: {
        response: ((response: Response) => response.text()) as unknown as ApiClientInterceptors['response'],
      },
    });
    const error = (await api.get('/token').then(
      () => undefined,
      (caught: unknown) => caught,
    )) as Error;
    expect(error).toEqual(new TypeError('interceptors.response must return a Response, got a string'));
    expect(`${error.message} ${JSON.stringify(error)} ${String(error.stack)}`).not.toContain('s3cr3t');
  });
});

describe('turning interceptors off', () => {
  const counting = () => {
    const calls = { request: 0, response: 0 };
    const interceptors: ApiClientInterceptors = {
      request: (url, init) => {
        calls.request += 1;
        return [url, init];
      },
      response: (response) => {
        calls.response += 1;
        return response;
      },
    };
    return { calls, interceptors };
  };

  it('runs both by default', async () => {
    const { calls, interceptors } = counting();
    await client(interceptors).get('/x');
    expect(calls).toEqual({ request: 1, response: 1 });
  });

  it('disableInterceptors turns them off for the client', async () => {
    const { calls, interceptors } = counting();
    await client(interceptors, { disableInterceptors: true }).get('/x');
    expect(calls).toEqual({ request: 0, response: 0 });
  });

  it('skipInterceptors turns them off for one request', async () => {
    const { calls, interceptors } = counting();
    const api = client(interceptors);
    await api.get('/x', { skipInterceptors: true });
    expect(calls).toEqual({ request: 0, response: 0 });
    await api.get('/x');
    expect(calls).toEqual({ request: 1, response: 1 });
  });

  it('rejects a non-function interceptor, naming it', () => {
    expect(() => client({ request: 'nope' as never })).toThrow(
      new TypeError('interceptors.request must be a function, got "nope"'),
    );
  });
});

describe('arrays of interceptors', () => {
  it('runs request interceptors in array order, each getting the previous one [url, init]', async () => {
    const seen: string[] = [];
    const api = client({
      request: [
        (url, init) => {
          seen.push(`first ${url} ${init.headers['x-step'] ?? '-'}`);
          return [`${url}?step=1`, { ...init, headers: { ...init.headers, 'X-Step': '1' } }];
        },
        (url, init) => {
          seen.push(`second ${url} ${init.headers['x-step']} ${init.method}`);
          return [
            url.replace('step=1', 'step=2'),
            { ...init, headers: { ...init.headers, authorization: 'b' } },
          ];
        },
      ],
    });
    const result = (await api.get('/ordered')) as { path: string; auth: string };
    expect(seen).toEqual([`first ${server.url}/ordered -`, `second ${server.url}/ordered?step=1 1 GET`]);
    expect(result).toMatchObject({ path: '/ordered?step=2', auth: 'b' });
  });

  it('runs response interceptors in array order, each getting the previous one response', async () => {
    const seen: number[] = [];
    const api = client({
      response: [
        (response) => {
          seen.push(response.status);
          return new Response('{"n":1}', { status: 201, headers: { 'content-type': 'application/json' } });
        },
        async (response) => {
          seen.push(response.status);
          const { n } = (await response.json()) as { n: number };
          return new Response(JSON.stringify({ n: n + 1 }), {
            headers: { 'content-type': 'application/json' },
          });
        },
      ],
    });
    expect(await api.get('/x')).toEqual({ n: 2 });
    expect(seen).toEqual([200, 201]);
  });

  it('rejects an array with a non-function, naming its index', () => {
    expect(() => client({ response: [(r) => r, 'nope' as never] })).toThrow(
      new TypeError('interceptors.response[1] must be a function, got "nope"'),
    );
  });
});
