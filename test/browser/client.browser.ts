// The built ES module client in a real browser: Debian's Chromium, headless, driven by playwright-core.
// The page (one origin) imports dist/index.js; the API (another origin) sends CORS headers, so every
// call below is a real cross-origin fetch with the browser's own rules (preflights, exposed headers).
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Typefetch from '../../src/index.js';
import { PUBLIC_RUNTIME_EXPORTS } from '../helpers/public-exports.js';
import type { TestServer } from '../helpers/server.js';
import { DIST_ESM, ensureLibraryBuilt } from '../package/helpers/dist.js';
import {
  type CorsApi,
  GUNZIPPED_LENGTH,
  GZIPPED,
  ITEMS,
  PNG,
  RANDOM,
  startCorsApi,
  startPageServer,
} from './servers.js';

/** Debian's package (`apt-get install -y chromium`); never a browser downloaded by playwright. */
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  // window.gc(), so that a test can see what the client leaves once the page drops a body.
  '--js-flags=--expose-gc',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let pageServer: TestServer;
let api: CorsApi;
let profile: string;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  await ensureLibraryBuilt();
  pageServer = await startPageServer(DIST_ESM);
  api = await startCorsApi(() => pageServer.url);
  // A fresh profile (--user-data-dir) for every run: no cache, cookies or stored state from an earlier one.
  profile = await mkdtemp(path.join(tmpdir(), 'typefetch-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(pageServer.url);
  await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 10_000 });
}, 60_000);

afterAll(async () => {
  // Closing a persistent context closes its browser too.
  await context?.close();
  await api?.close();
  await pageServer?.close();
  if (profile !== undefined) await rm(profile, { recursive: true, force: true });
});

/** The module the page imported, as the page sees it. */
declare global {
  interface Window {
    typefetch: typeof Typefetch;
  }
}

/** The API's requests other than preflights, as `METHOD path`. */
const seen = (pathname: string) =>
  api.requests
    .filter((request) => request.method !== 'OPTIONS' && request.url.split('?')[0] === pathname)
    .map((request) => `${request.method} ${request.url}`);

describe('the built client in Chromium, against a cross-origin API', () => {
  it('loads as an ES module and exposes the public exports', async () => {
    const names = await page.evaluate(() => Object.keys(window.typefetch).sort());
    expect(names).toEqual(PUBLIC_RUNTIME_EXPORTS);
  });

  it('get resolves the parsed JSON body', async () => {
    const user = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      return client.get('/users/1');
    }, api.url);
    expect(user).toEqual({ id: 1, name: 'Ada' });
    expect(api.requests.find((request) => request.url === '/users/1')?.headers.origin).toBe(pageServer.url);
  });

  it('get with timeoutMs: Infinity (fetch then gets no signal) resolves the parsed JSON body', async () => {
    const user = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl, timeoutMs: Number.POSITIVE_INFINITY });
      return client.get('/users/1');
    }, api.url);
    expect(user).toEqual({ id: 1, name: 'Ada' });
  });

  it('post sends a JSON body with a custom header, after a CORS preflight that names both', async () => {
    const result = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({
        baseUrl,
        defaultHeaders: { 'X-Request-Id': 'r-42' },
      });
      return client.post('/posts', { title: 'Hello', tags: ['a', 'b'] });
    }, api.url);
    expect(result).toEqual({
      received: { title: 'Hello', tags: ['a', 'b'] },
      contentType: 'application/json',
      requestId: 'r-42',
    });
    const preflight = api.requests.find(
      (request) => request.method === 'OPTIONS' && request.url === '/posts',
    );
    expect(preflight?.headers['access-control-request-method']).toBe('POST');
    expect(preflight?.headers['access-control-request-headers']).toBe('content-type,x-request-id');
    expect(seen('/posts')).toEqual(['POST /posts']);
  });

  it('getList reads the total from an exposed X-Total-Count header', async () => {
    const list = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      return client.getList('/items', { pagination: { page: 2, limit: 2 } });
    }, api.url);
    expect(list).toEqual({
      data: ITEMS.slice(2, 4),
      pagination: { page: 2, limit: 2, total: 5, totalPages: 3, hasNextPage: true, hasPreviousPage: true },
    });
    expect(seen('/items')).toEqual(['GET /items?page=2&limit=2']);
  });

  it('an error status rejects with an ApiError carrying its localized message and body', async () => {
    const error = await page.evaluate(async (baseUrl) => {
      const { createApiClient, ApiError } = window.typefetch;
      const client = createApiClient({ baseUrl, locale: 'es' });
      try {
        await client.get('/missing');
        return 'resolved';
      } catch (e) {
        if (!(e instanceof ApiError)) return `not an ApiError: ${String(e)}`;
        return { ...e.details, name: e.name, english: await englishMessage() };
      }
      async function englishMessage(): Promise<string> {
        try {
          await client.get('/missing', { errorLocale: 'en' });
          return 'resolved';
        } catch (e) {
          return e instanceof Error ? e.message : String(e);
        }
      }
    }, api.url);
    expect(error).toEqual({
      name: 'ApiError',
      status: 404,
      statusText: 'Not Found',
      message: 'El recurso solicitado no fue encontrado.',
      body: { error: 'not found' },
      isTimeout: false,
      english: 'Resource not found.',
    });
  });

  it('a request slower than timeoutMs rejects with a timeout ApiError', async () => {
    const error = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl, timeoutMs: 300 });
      const started = performance.now();
      try {
        await client.get('/slow');
        return 'resolved';
      } catch (e) {
        const { name, status, statusText, message, isTimeout } = e as InstanceType<
          typeof window.typefetch.ApiError
        >;
        return { name, status, statusText, message, isTimeout, waited: performance.now() - started };
      }
    }, api.url);
    expect(error).toEqual({
      name: 'ApiError',
      status: 408,
      statusText: 'Request Timeout',
      message: 'The request timed out.',
      isTimeout: true,
      waited: expect.any(Number),
    });
    // Generous bounds: the timer fired, and not long after it was due.
    expect((error as { waited: number }).waited).toBeGreaterThanOrEqual(290);
    expect((error as { waited: number }).waited).toBeLessThan(10_000);
  });

  it('retries a 503 until it succeeds: the server sees three GETs', async () => {
    const result = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({
        baseUrl,
        retryPolicy: { maxRetries: 2, initialDelayMs: 20 },
      });
      return client.get('/flaky');
    }, api.url);
    expect(result).toEqual({ ok: true, calls: 3 });
    expect(seen('/flaky')).toEqual(['GET /flaky', 'GET /flaky', 'GET /flaky']);
  });

  it('opens the circuit after `threshold` failures and then rejects without sending', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, CircuitOpenError, ApiError } = window.typefetch;
      const client = createApiClient({ baseUrl, circuitBreaker: { threshold: 2, timeout: 60_000 } });
      const attempts: unknown[] = [];
      for (let i = 0; i < 3; i += 1) {
        try {
          await client.get('/broken');
          attempts.push('resolved');
        } catch (e) {
          if (!(e instanceof ApiError)) attempts.push(`not an ApiError: ${String(e)}`);
          else attempts.push([e.name, e.status, e.message, e instanceof CircuitOpenError]);
        }
      }
      return { attempts, state: client.circuitState };
    }, api.url);
    expect(outcome).toEqual({
      attempts: [
        ['ApiError', 500, 'Internal server error.', false],
        ['ApiError', 500, 'Internal server error.', false],
        ['CircuitOpenError', 503, 'The service is temporarily unavailable. Please try again later.', true],
      ],
      state: 'open',
    });
    expect(seen('/broken')).toEqual(['GET /broken', 'GET /broken']);
  });

  it('raised no uncaught error or unhandled rejection in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('binary bodies in Chromium, byte for byte', () => {
  const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

  for (const [path, expected] of [
    ['/image.png', PNG],
    ['/random', RANDOM],
  ] as const) {
    it(`reads ${path} exactly through 'auto' and every binary parseAs`, async () => {
      const digests = await page.evaluate(
        async ({ baseUrl, path }) => {
          const client = window.typefetch.createApiClient({ baseUrl });
          const hex = async (value: unknown): Promise<string> => {
            const buffer =
              value instanceof Blob
                ? await value.arrayBuffer()
                : value instanceof ReadableStream
                  ? await new Response(value).arrayBuffer()
                  : value instanceof Uint8Array
                    ? value
                    : (value as ArrayBuffer);
            const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer as BufferSource));
            return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
          };
          const auto = await client.get(path);
          const out: Record<string, string> = { auto: `${auto instanceof Blob} ${await hex(auto)}` };
          for (const kind of ['blob', 'arrayBuffer', 'bytes', 'stream'] as const) {
            out[kind] = await hex(await client.get(path, { parseAs: kind }));
          }
          return out;
        },
        { baseUrl: api.url, path },
      );
      const digest = sha256(expected);
      expect(digests).toEqual({
        auto: `true ${digest}`,
        blob: digest,
        arrayBuffer: digest,
        bytes: digest,
        stream: digest,
      });
    });
  }
});

describe("the caller's abort in Chromium", () => {
  it("cancels a 'stream' body after the call resolved: the next read rejects with the reason", async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      const controller = new AbortController();
      const body = await client.get('/trickle', { parseAs: 'stream', signal: controller.signal });
      const reader = body.getReader();
      await reader.read();
      controller.abort(new Error('user left'));
      try {
        // Without the abort the body goes on: 50 more chunks (about a second) end the loop instead.
        for (let i = 0; i < 50; i++) if ((await reader.read()).done) return 'done';
        return 'still reading';
      } catch (error) {
        return `rejected: ${(error as Error).message}`;
      }
    }, api.url);
    expect(outcome).toBe('rejected: user left');
  });
});

describe('download progress in Chromium', () => {
  it('reports 0 bytes of 0, then percent 1, for HEAD, 204 and 304 (Chromium gives them a body), as in Node', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      const out: Record<string, unknown> = {};
      for (const [method, path] of [
        ['HEAD', '/sized'],
        ['GET', '/no-content'],
        ['GET', '/not-modified'],
      ] as const) {
        const events: unknown[] = [];
        try {
          const data = await client.request(method, path, { onDownloadProgress: (p) => events.push(p) });
          out[`${method} ${path}`] = { data, events };
        } catch (error) {
          const { ApiError, NetworkError } = window.typefetch;
          const kind =
            error instanceof NetworkError ? 'NetworkError' : error instanceof ApiError ? 'ApiError' : 'other';
          out[`${method} ${path}`] = { rejected: `${kind} ${(error as Typefetch.ApiError).status}`, events };
        }
      }
      return out;
    }, api.url);
    const events = [
      { transferredBytes: 0, totalBytes: 0, percent: 0 },
      { transferredBytes: 0, totalBytes: 0, percent: 1 },
    ];
    expect(outcome).toEqual({
      'HEAD /sized': { data: undefined, events },
      'GET /no-content': { data: undefined, events },
      'GET /not-modified': { rejected: 'ApiError 304', events },
    });
  });
});

describe('body reads in Chromium', () => {
  it('the timeout covers a body that trickles on, for every parseAs, with download progress too; a cut body is a NetworkError', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, NetworkError, TimeoutError } = window.typefetch;
      const out: string[] = [];
      for (const path of ['/trickle', '/cut']) {
        // The cut comes 30 ms after the headers: a long timeout for it, so a busy machine cannot blur the two.
        const client = createApiClient({ baseUrl, timeoutMs: path === '/cut' ? 10_000 : 300 });
        for (const parseAs of ['auto', 'json', 'text', 'blob', 'arrayBuffer', 'bytes'] as const) {
          for (const onDownloadProgress of [undefined, () => {}]) {
            const error = await client.get(path, { parseAs, onDownloadProgress }).then(
              () => undefined,
              (e: unknown) => e,
            );
            out.push(
              `${path} ${error instanceof TimeoutError ? 'TimeoutError' : error instanceof NetworkError ? 'NetworkError' : String(error)}`,
            );
          }
        }
      }
      return [...new Set(out)];
    }, api.url);
    expect(outcome).toEqual(['/trickle TimeoutError', '/cut NetworkError']);
  });
});

describe('server-sent events in Chromium', () => {
  it('reads a stream that arrives byte by byte: BOM, CRLF and UTF-8 characters split across chunks', async () => {
    const events = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      const seen: unknown[] = [];
      for await (const event of client.sse('/events-bytes', { maxReconnects: 0 })) seen.push(event);
      return seen;
    }, api.url);
    expect(events).toEqual([
      { event: 'message', data: 'é\n☃', id: undefined, retry: undefined },
      { event: 'message', data: 'b', id: '7', retry: undefined },
    ]);
  });

  it('reconnects after a cut with Last-Event-ID; an abort in the reconnection wait rejects with its reason at once', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      const seen: string[] = [];
      for await (const event of client.sse('/events-resume', { maxReconnects: 1 })) seen.push(event.data);
      // /events sets no retry: the wait is 3000 ms, aborted after 100.
      const controller = new AbortController();
      const started = performance.now();
      const aborted = await (async () => {
        for await (const _ of client.sse('/events', { signal: controller.signal })) {
          setTimeout(() => controller.abort(new Error('user left')), 100);
        }
      })().then(
        () => 'ended',
        (e: unknown) => (e as Error).message,
      );
      return { seen, aborted, waited: performance.now() - started };
    }, api.url);
    expect(outcome).toMatchObject({ seen: ['1', '2'], aborted: 'user left' });
    expect(outcome.waited).toBeLessThan(2500);
    const resumes = api.requests.filter(
      (request) => request.method === 'GET' && request.url === '/events-resume',
    );
    expect(resumes.map((request) => request.headers['last-event-id'])).toEqual([undefined, '1']);
  });
  it('reads the same stream as in Node: BOM, CRLF, multi-line data, ids, event names', async () => {
    const events = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      const seen: unknown[] = [];
      for await (const event of client.sse('/events', { maxReconnects: 0 })) seen.push(event);
      return seen;
    }, api.url);
    expect(events).toEqual([
      { event: 'message', data: 'a\nb', id: '1', retry: undefined },
      { event: 'tick', data: '{"n":2}', id: '1', retry: undefined },
    ]);
  });
});

describe('CORS refusals in Chromium', () => {
  it('adds no header of its own that needs a preflight: get, HEAD, getList, blob reads and sse() send none', async () => {
    const before = api.requests.length;
    await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({
        baseUrl,
        retryPolicy: {},
        circuitBreaker: {},
        dedupe: true,
        timeoutMs: 5000,
        totalTimeoutMs: 10_000,
      });
      await client.get('/users/1');
      await client.get('/image.png', { parseAs: 'blob', onDownloadProgress: () => {} });
      await client.request('HEAD', '/sized');
      await client.getList('/items', { pagination: { page: 1, limit: 2 } });
      for await (const _ of client.sse('/events', { maxReconnects: 0 })) {
      }
    }, api.url);
    const sent = api.requests.slice(before);
    expect(sent.map((request) => `${request.method} ${request.url} ${request.headers.accept}`)).toEqual([
      'GET /users/1 */*',
      'GET /image.png */*',
      'HEAD /sized */*',
      'GET /items?page=1&limit=2 */*',
      'GET /events text/event-stream',
    ]);
  });

  it('a response without Access-Control-Allow-Origin is a NetworkError (Spanish message too), retried only as the policy says', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, ApiError, NetworkError } = window.typefetch;
      const out: unknown[] = [];
      for (const locale of ['en', 'es'] as const) {
        const client = createApiClient({
          baseUrl,
          locale,
          retryPolicy: { maxRetries: 2, initialDelayMs: 10 },
        });
        const error = await client.get('/no-cors').then(
          () => 'resolved',
          (e: unknown) => e,
        );
        if (!(error instanceof NetworkError)) return `not a NetworkError: ${String(error)}`;
        out.push({
          apiError: error instanceof ApiError,
          status: error.status,
          statusText: error.statusText,
          message: error.message,
          cause: `${(error.cause as Error).name}: ${(error.cause as Error).message}`,
        });
      }
      return out;
    }, api.url);
    const common = {
      apiError: true,
      status: 0,
      statusText: 'Network Error',
      cause: 'TypeError: Failed to fetch',
    };
    expect(outcome).toEqual([
      { ...common, message: 'Network error. The server could not be reached.' },
      { ...common, message: 'Error de red. No se pudo contactar con el servidor.' },
    ]);
    // The server answered every attempt: 3 per call (one try, two retries), then the client gave up.
    expect(seen('/no-cors')).toHaveLength(6);
  });

  it('a header the preflight does not allow is a NetworkError, and the request itself is never sent', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, NetworkError } = window.typefetch;
      const client = createApiClient({ baseUrl, defaultHeaders: { 'X-Not-Allowed': '1' } });
      const error = await client.get('/users/1').then(
        () => 'resolved',
        (e: unknown) => e,
      );
      return error instanceof NetworkError ? error.message : `not a NetworkError: ${String(error)}`;
    }, api.url);
    expect(outcome).toBe('Network error. The server could not be reached.');
    const preflight = api.requests.filter(
      (request) =>
        request.method === 'OPTIONS' && request.headers['access-control-request-headers'] === 'x-not-allowed',
    );
    expect(preflight.map((request) => request.url)).toEqual(['/users/1']);
  });

  it("passes `credentials` to fetch: 'include' stores and sends the API's cookie, the default sends none", async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      await client.get('/login', { credentials: 'include' });
      return {
        include: await client.get('/whoami', { credentials: 'include' }),
        omit: await client.get('/whoami', { credentials: 'omit' }),
        default: await client.get('/whoami'),
      };
    }, api.url);
    expect(outcome).toEqual({
      include: { cookie: 'sid=s-1' },
      omit: { cookie: null },
      default: { cookie: null },
    });
  });
});

describe("fetch's own options in Chromium", () => {
  it('passes cache, referrer, referrerPolicy and integrity to fetch', async () => {
    const body = JSON.stringify({ id: 1, name: 'Ada' });
    const integrity = `sha256-${createHash('sha256').update(body).digest('base64')}`;
    const before = api.requests.length;
    const outcome = await page.evaluate(
      async ({ baseUrl, integrity }) => {
        const { createApiClient, NetworkError } = window.typefetch;
        const client = createApiClient({ baseUrl });
        const cached: unknown[] = [];
        cached.push(await client.get('/cached'));
        cached.push(await client.get('/cached'));
        cached.push(await client.get('/cached', { cache: 'no-store' }));
        cached.push(await client.get('/cached', { cache: 'reload' }));
        await client.get('/users/1', { referrerPolicy: 'no-referrer' });
        // A cross-origin Referer is cut to the origin unless the policy is 'unsafe-url'.
        await client.get('/users/1', {
          referrer: `${location.origin}/from/here`,
          referrerPolicy: 'unsafe-url',
        });
        const matching = await client.get('/users/1', { integrity });
        const mismatch = await client.get('/users/1', { integrity: 'sha256-AAAA' }).then(
          () => 'resolved',
          (e: unknown) => (e instanceof NetworkError ? 'NetworkError' : String(e)),
        );
        return { cached, matching, mismatch };
      },
      { baseUrl: api.url, integrity },
    );
    expect(outcome).toEqual({
      cached: [{ n: 1 }, { n: 1 }, { n: 2 }, { n: 3 }],
      matching: { id: 1, name: 'Ada' },
      mismatch: 'NetworkError',
    });
    const users = api.requests.slice(before).filter((request) => request.url === '/users/1');
    expect(users.map((request) => request.headers.referer ?? null)).toEqual([
      null,
      `${pageServer.url}/from/here`,
      `${pageServer.url}/`,
      `${pageServer.url}/`,
    ]);
  });
});

describe('timeouts and aborts in Chromium', () => {
  it("a 'stream' body and the body of asResponse() are no longer under timeoutMs once the headers are in", async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl, timeoutMs: 500 });
      // /trickle sends a byte every 20 ms: reading for 1200 ms outlives the timeout twice over.
      const readFor = async (body: ReadableStream<Uint8Array>) => {
        const reader = body.getReader();
        const started = performance.now();
        let bytes = 0;
        while (performance.now() - started < 1200) bytes += (await reader.read()).value?.byteLength ?? 0;
        await reader.cancel();
        return bytes > 10 ? 'read on' : `only ${bytes} bytes`;
      };
      const stream = await readFor(await client.get('/trickle', { parseAs: 'stream' }));
      const raw = await client.get('/trickle').asResponse();
      return { stream, response: await readFor(raw.body as ReadableStream<Uint8Array>) };
    }, api.url);
    expect(outcome).toEqual({ stream: 'read on', response: 'read on' });
  });

  it("the wait for one of the browser's 6 connections per origin counts toward timeoutMs", async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, TimeoutError } = window.typefetch;
      const client = createApiClient({ baseUrl });
      // Six requests the server never answers take every connection to the API's origin.
      const holders = new AbortController();
      // Six URLs: Chromium would make identical GETs wait for one another (its cache lock).
      const held = Array.from({ length: 6 }, (_, i) =>
        client.get(`/slow?${i}`, { signal: holders.signal }).catch(() => 'released'),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const queued = await client.get('/users/1?queued', { timeoutMs: 300 }).then(
        () => 'resolved',
        (e: unknown) => (e instanceof TimeoutError ? 'TimeoutError' : String(e)),
      );
      holders.abort();
      await Promise.all(held);
      const after = await client.get('/users/1?after', { timeoutMs: 5000 });
      return { queued, after };
    }, api.url);
    expect(outcome).toEqual({ queued: 'TimeoutError', after: { id: 1, name: 'Ada' } });
    // The queued request never left the browser.
    expect(api.requests.filter((request) => request.url === '/users/1?queued')).toEqual([]);
  });

  it('timeoutMs covers a body that stalls after the headers: TimeoutError, and the connection is closed', async () => {
    const before = api.cutOff.length;
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, TimeoutError } = window.typefetch;
      const client = createApiClient({ baseUrl, timeoutMs: 300, locale: 'es' });
      const started = performance.now();
      const error = await client.get('/stall').then(
        () => 'resolved',
        (e: unknown) => e,
      );
      if (!(error instanceof TimeoutError)) return `not a TimeoutError: ${String(error)}`;
      const { status, message, isTimeout } = error;
      return { status, message, isTimeout, waited: performance.now() - started };
    }, api.url);
    expect(outcome).toEqual({
      status: 408,
      message: 'La solicitud tardó demasiado en responder.',
      isTimeout: true,
      waited: expect.any(Number),
    });
    expect((outcome as { waited: number }).waited).toBeGreaterThanOrEqual(290);
    await expect.poll(() => api.cutOff.slice(before), { timeout: 5000 }).toEqual(['/stall']);
  });

  it('totalTimeoutMs bounds a call across its retries and waits', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, TimeoutError } = window.typefetch;
      const client = createApiClient({
        baseUrl,
        totalTimeoutMs: 1000,
        retryPolicy: { maxRetries: 50, initialDelayMs: 150, factor: 1 },
      });
      const started = performance.now();
      const error = await client.get('/always-503').then(
        () => 'resolved',
        (e: unknown) => e,
      );
      if (!(error instanceof TimeoutError)) return `not a TimeoutError: ${String(error)}`;
      return { message: error.message, waited: performance.now() - started };
    }, api.url);
    expect(outcome).toEqual({
      message: 'The request did not finish within its total time limit.',
      waited: expect.any(Number),
    });
    const { waited } = outcome as { waited: number };
    expect(waited).toBeGreaterThanOrEqual(990);
    expect(waited).toBeLessThan(6000);
    // One attempt every 150 ms or so within 1000 ms: a handful, not the 51 the policy allows.
    expect(seen('/always-503').length).toBeGreaterThanOrEqual(2);
    expect(seen('/always-503').length).toBeLessThanOrEqual(8);
  });

  it("the caller's abort rejects with its reason, unchanged: before sending, while waiting for headers, while reading the body", async () => {
    const before = api.requests.length;
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl, retryPolicy: { maxRetries: 2 } });
      const out: Record<string, unknown> = {};
      const cases = [
        ['before', '/users/1', 0],
        ['headers', '/slow', 100],
        ['body', '/stall', 200],
      ] as const;
      for (const [when, path, after] of cases) {
        const controller = new AbortController();
        const reason = new Error(`left ${when}`);
        if (after === 0) controller.abort(reason);
        else setTimeout(() => controller.abort(reason), after);
        const error = await client.get(path, { signal: controller.signal }).then(
          () => 'resolved',
          (e: unknown) => e,
        );
        out[when] = error === reason ? 'the reason' : String(error);
      }
      // Without a reason of its own, the signal's default: a DOMException named AbortError.
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const error = await client.get('/slow', { signal: controller.signal }).then(
        () => 'resolved',
        (e: unknown) => e,
      );
      out['default'] = error instanceof DOMException ? error.name : String(error);
      return out;
    }, api.url);
    expect(outcome).toEqual({
      before: 'the reason',
      headers: 'the reason',
      body: 'the reason',
      default: 'AbortError',
    });
    // Nothing was sent for the first, and no abort was retried.
    expect(api.requests.slice(before).map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /slow',
      'GET /stall',
      'GET /slow',
    ]);
  });
});

describe('deduplication in Chromium', () => {
  it('five concurrent identical GETs make one request; each caller gets its own copy; one caller aborts alone', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl, dedupe: true });
      const controller = new AbortController();
      const reason = new Error('this caller left');
      const calls = [0, 1, 2, 3, 4].map((i) =>
        client.get<{ at: string }>('/delayed?q=1', i === 2 ? { signal: controller.signal } : {}),
      );
      setTimeout(() => controller.abort(reason), 50);
      const settled = await Promise.allSettled(calls);
      const values = settled.map((result) =>
        result.status === 'fulfilled'
          ? result.value
          : result.reason === reason
            ? 'the reason'
            : String(result.reason),
      );
      const objects = values.filter((value) => typeof value === 'object');
      return { values, distinct: new Set(objects).size };
    }, api.url);
    const data = { at: '?q=1' };
    expect(outcome).toEqual({ values: [data, data, 'the reason', data, data], distinct: 4 });
    expect(seen('/delayed')).toEqual(['GET /delayed?q=1']);
  });
});

describe('Retry-After in Chromium', () => {
  it('waits as Retry-After says (seconds or HTTP date) when the API exposes it, else the computed delay', async () => {
    const waits = await page.evaluate(async (baseUrl) => {
      const out: Record<string, number[]> = {};
      for (const mode of ['seconds', 'date']) {
        for (const expose of [true, false]) {
          const sleeps: number[] = [];
          const client = window.typefetch.createApiClient({
            baseUrl,
            retryPolicy: { maxRetries: 1, initialDelayMs: 25, maxDelayMs: 60_000 },
            // Records the waits instead of sleeping through them.
            clock: {
              now: () => Date.now(),
              sleep: async (ms) => {
                sleeps.push(ms);
              },
            },
          });
          const key = `${mode}-${expose}`;
          await client.get('/retry-after', { searchParams: { mode, key, ...(expose ? { expose: 1 } : {}) } });
          out[key] = sleeps;
        }
      }
      return out;
    }, api.url);
    expect(waits).toMatchObject({ 'seconds-true': [7000], 'seconds-false': [25], 'date-false': [25] });
    // An HTTP date has whole seconds: 10 s ahead is 9 to 10 s away.
    expect(waits['date-true']).toHaveLength(1);
    expect(waits['date-true']?.[0]).toBeGreaterThan(8000);
    expect(waits['date-true']?.[0]).toBeLessThanOrEqual(10_000);
  });
});

describe('the Response in Chromium', () => {
  it('withResponse() and asResponse() give the Response: its body read as text, Blob or ArrayBuffer; only exposed headers readable', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      const { data, response } = await client.get('/headers').withResponse();
      const headers = (r: Response) =>
        ['content-type', 'x-total-count', 'x-secret', 'etag'].map((name) => r.headers.get(name));
      const text = await (await client.get('/headers').asResponse()).text();
      const blob = await (await client.get('/headers').asResponse()).blob();
      const buffer = await (await client.get('/headers').asResponse()).arrayBuffer();
      return {
        data,
        bodyUsed: response.bodyUsed,
        headers: headers(response),
        text,
        blob: [blob.type, await blob.text()],
        buffer: new TextDecoder().decode(buffer),
      };
    }, api.url);
    expect(outcome).toEqual({
      data: { ok: true },
      bodyUsed: true,
      headers: ['application/json', '5', null, null],
      text: '{"ok":true}',
      blob: ['application/json', '{"ok":true}'],
      buffer: '{"ok":true}',
    });
  });

  it("keeps the Response's type, url and redirected with download progress too (the body is counted through a copy)", async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      const out: Record<string, unknown> = {};
      for (const onDownloadProgress of [undefined, () => {}]) {
        const key = onDownloadProgress ? 'progress' : 'plain';
        const { response } = await client.get('/redirect', { onDownloadProgress }).withResponse();
        const raw = await client.get('/redirect', { onDownloadProgress }).asResponse();
        out[key] = [response, raw].map((r) => [r.type, r.url, r.redirected]);
      }
      return out;
    }, api.url);
    const kept = ['cors', `${api.url}/users/1`, true];
    expect(outcome).toEqual({ plain: [kept, kept], progress: [kept, kept] });
  });
});

describe('error classes in Chromium', () => {
  it('every error class the bundle exports is what instanceof finds, with its Spanish message', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, ApiError, NetworkError, TimeoutError, CircuitOpenError, ValidationError } =
        window.typefetch;
      const classes = { ApiError, NetworkError, TimeoutError, CircuitOpenError, ValidationError };
      const client = createApiClient({ baseUrl, locale: 'es' });
      const breaker = createApiClient({ baseUrl, locale: 'es', circuitBreaker: { threshold: 1 } });
      const schema = {
        '~standard': { version: 1, vendor: 'test', validate: () => ({ issues: [{ message: 'no' }] }) },
      } as const;
      const calls: Record<string, () => Promise<unknown>> = {
        ApiError: () => client.get('/missing'),
        NetworkError: () => client.get('/no-cors'),
        TimeoutError: () => client.get('/slow', { timeoutMs: 200 }),
        CircuitOpenError: () => breaker.get('/broken').catch(() => breaker.get('/broken')),
        ValidationError: () => client.get('/users/1', { validateResponse: schema }),
      };
      const out: Record<string, unknown> = {};
      for (const [name, call] of Object.entries(calls)) {
        const error = await call().then(
          () => 'resolved',
          (e: unknown) => e,
        );
        out[name] = [
          Object.entries(classes)
            .filter(([, cls]) => error instanceof cls)
            .map(([className]) => className)
            .join(' '),
          error instanceof Error,
          (error as Error).message,
        ];
      }
      return out;
    }, api.url);
    expect(outcome).toEqual({
      ApiError: ['ApiError', true, 'El recurso solicitado no fue encontrado.'],
      NetworkError: ['ApiError NetworkError', true, 'Error de red. No se pudo contactar con el servidor.'],
      TimeoutError: ['ApiError TimeoutError', true, 'La solicitud tardó demasiado en responder.'],
      CircuitOpenError: [
        'ApiError CircuitOpenError',
        true,
        'El servicio no está disponible temporalmente. Inténtalo de nuevo más tarde.',
      ],
      ValidationError: ['ApiError ValidationError', true, 'La respuesta no tiene la forma esperada.'],
    });
  });
});

describe('progress in Chromium', () => {
  it('a compressed download whose Content-Encoding is hidden: its encoded length first, then an unknown size, never past 1', async () => {
    const events = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      const seen: Typefetch.Progress[] = [];
      const data = await client.get<{ text: string }>('/gzip', { onDownloadProgress: (p) => seen.push(p) });
      return { length: data.text.length, seen };
    }, api.url);
    expect(events.length).toBe(100_000);
    const { seen } = events;
    expect(seen[0]).toEqual({ transferredBytes: 0, totalBytes: GZIPPED.length, percent: 0 });
    expect(seen.at(-1)).toEqual({
      transferredBytes: GUNZIPPED_LENGTH,
      totalBytes: GUNZIPPED_LENGTH,
      percent: 1,
    });
    for (const event of seen.slice(1, -1)) {
      expect(event.transferredBytes > GZIPPED.length ? event : { ...event, percent: undefined }).toEqual({
        transferredBytes: event.transferredBytes,
        totalBytes: event.transferredBytes > GZIPPED.length ? undefined : GZIPPED.length,
        percent: undefined,
      });
    }
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });

  it('upload progress reports the start and the end only (no streamed body over HTTP/1.1), and the body arrives whole', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      const form = new FormData();
      form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'h.txt');
      const bodies: Array<[string, Typefetch.RequestBody]> = [
        ['json', { title: 'é' }],
        ['blob', new Blob(['hello'], { type: 'text/plain' })],
        ['bytes', new Uint8Array(100_000).fill(97)],
        ['form', form],
      ];
      const out: Record<string, unknown> = {};
      for (const [name, body] of bodies) {
        const events: Typefetch.Progress[] = [];
        const echo = await client.post<{ body: string; type: string | null; length: string }>('/echo', body, {
          onUploadProgress: (p) => events.push(p),
        });
        out[name] = {
          events,
          length: echo.length,
          type: echo.type?.split(';')[0],
          head: echo.body.slice(0, 12),
        };
      }
      return out;
    }, api.url);
    const events = (total: number) => [
      { transferredBytes: 0, totalBytes: total, percent: 0 },
      { transferredBytes: total, totalBytes: total, percent: 1 },
    ];
    const formLength = Number((outcome['form'] as { length: string }).length);
    expect(outcome).toEqual({
      // 14 bytes: é is two in UTF-8.
      json: { events: events(14), length: '14', type: 'application/json', head: '{"title":"é"' },
      blob: { events: events(5), length: '5', type: 'text/plain', head: 'hello' },
      bytes: { events: events(100_000), length: '100000', type: undefined, head: 'aaaaaaaaaaaa' },
      form: {
        events: events(formLength),
        length: String(formLength),
        type: 'multipart/form-data',
        head: '------WebKit',
      },
    });
  });
});

describe('redirects in Chromium', () => {
  it("redirect: 'manual' (and mode: 'no-cors') gives an opaque response: ApiError of status 0 and no status text (not a NetworkError), not retried (the server answered); 'error' gives a NetworkError", async () => {
    const before = seen('/redirect').length;
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, ApiError, NetworkError } = window.typefetch;
      const client = createApiClient({ baseUrl, retryPolicy: { maxRetries: 1, initialDelayMs: 10 } });
      const followed = await client.get('/redirect');
      const error = await client.get('/redirect', { redirect: 'manual' }).then(
        () => 'resolved',
        (e: unknown) => e,
      );
      const refused = await client.get('/redirect', { redirect: 'error', skipRetry: true }).then(
        () => 'resolved',
        (e: unknown) => (e instanceof NetworkError ? 'NetworkError' : String(e)),
      );
      const opaque = await client.get('/no-cors', { mode: 'no-cors', skipRetry: true }).then(
        () => 'resolved',
        (e: unknown) =>
          e instanceof ApiError ? [e.status, e.statusText, e instanceof NetworkError] : String(e),
      );
      if (!(error instanceof ApiError)) return `not an ApiError: ${String(error)}`;
      const { status, statusText, message } = error;
      return {
        followed,
        status,
        statusText,
        message,
        network: error instanceof NetworkError,
        refused,
        opaque,
      };
    }, api.url);
    expect(outcome).toEqual({
      followed: { id: 1, name: 'Ada' },
      status: 0,
      statusText: '',
      message: 'Network error. The server could not be reached.',
      network: false,
      refused: 'NetworkError',
      opaque: [0, '', false],
    });
    // One followed, then the manual one (not retried), then the refused one.
    expect(seen('/redirect').length - before).toBe(3);
  });
});

describe('request bodies in Chromium', () => {
  it('a ReadableStream body is refused over HTTP/1.1: NetworkError, nothing sent', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, NetworkError } = window.typefetch;
      const client = createApiClient({ baseUrl });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('hi'));
          controller.close();
        },
      });
      const error = await client.put('/echo', body).then(
        () => 'resolved',
        (e: unknown) => e,
      );
      return error instanceof NetworkError ? String(error.cause) : `not a NetworkError: ${String(error)}`;
    }, api.url);
    expect(outcome).toBe('TypeError: Failed to fetch');
    expect(seen('/echo').filter((request) => request.startsWith('PUT'))).toEqual([]);
  });
});

describe('server-sent events in Chromium, more', () => {
  it('sends an id outside Latin-1 back as UTF-8 in Last-Event-ID, as EventSource does', async () => {
    const events = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl });
      const seen: Array<[string | undefined, string]> = [];
      for await (const event of client.sse('/events-utf8', { maxReconnects: 1 }))
        seen.push([event.id, event.data]);
      return seen;
    }, api.url);
    expect(events).toEqual([
      ['é☃', '1'],
      ['é☃', 'é☃'],
    ]);
  });

  it('a CORS refusal while connecting is a network failure: reconnected up to maxReconnects, then a NetworkError', async () => {
    const before = seen('/no-cors').length;
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, NetworkError } = window.typefetch;
      const waits: number[] = [];
      const client = createApiClient({
        baseUrl,
        // Records the reconnection waits instead of sleeping through them.
        clock: {
          now: () => Date.now(),
          sleep: async (ms) => {
            waits.push(ms);
          },
        },
      });
      const error = await (async () => {
        for await (const _ of client.sse('/no-cors', { maxReconnects: 2 })) return 'an event';
        return 'ended';
      })().then(
        (end) => end,
        (e: unknown) => (e instanceof NetworkError ? e.message : String(e)),
      );
      return { error, waits };
    }, api.url);
    expect(outcome).toEqual({
      error: 'Network error. The server could not be reached.',
      waits: [3000, 3000],
    });
    expect(seen('/no-cors').length - before).toBe(3);
  });

  it('an open stream outlives timeoutMs; break closes the connection', async () => {
    const before = api.cutOff.length;
    const outcome = await page.evaluate(async (baseUrl) => {
      const client = window.typefetch.createApiClient({ baseUrl, timeoutMs: 500 });
      const all: string[] = [];
      // Five events over about 750 ms: more than timeoutMs.
      for await (const event of client.sse('/events-slow', { maxReconnects: 0 })) all.push(event.data);
      const some: string[] = [];
      for await (const event of client.sse('/events-slow')) {
        some.push(event.data);
        if (event.data === '2') break;
      }
      return { all, some };
    }, api.url);
    expect(outcome).toEqual({ all: ['1', '2', '3', '4', '5'], some: ['1', '2'] });
    await expect
      .poll(() => api.cutOff.slice(before), { timeout: 5000 })
      .toEqual(['/events-slow ended', '/events-slow cut']);
  });
});

describe('connections in Chromium', () => {
  it('every way a call gives up on an endless body closes its connection (a browser has 6 per origin)', async () => {
    const before = api.cutOff.length;
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient, ApiError, NetworkError } = window.typefetch;
      const client = createApiClient({ baseUrl, timeoutMs: 2000 });
      const out: Record<string, string> = {};
      const run = async (name: string, call: () => Promise<unknown>) => {
        out[name] = await call().then(
          (value) => `resolved ${JSON.stringify(value)}`,
          (e: unknown) =>
            e instanceof ApiError
              ? `${e instanceof NetworkError ? 'NetworkError' : 'ApiError'} ${e.status} ${e.message}`
              : String(e),
        );
      };
      const drain = async (events: AsyncIterable<unknown>, stop?: () => never) => {
        for await (const _ of events) stop?.();
      };
      const replaced = new Response('{}', { headers: { 'content-type': 'application/json' } });
      // /forever: `data: {"n":1}` then `data: nope`, every 50 ms, never ending.
      await run('sse: an event fails validateResponse', () =>
        drain(client.sse('/forever?v', { validateResponse: { n: { type: 'number', required: true } } })),
      );
      await run('sse: invalid JSON data', () => drain(client.sse('/forever?j', { parseJson: true })));
      await run('sse: the loop throws', () =>
        drain(client.sse('/forever?t'), () => {
          throw new Error('thrown in the loop');
        }),
      );
      await run('sse: not an event stream', () => drain(client.sse('/forever?type=text/html')));
      await run('a response interceptor throws', () =>
        createApiClient({
          baseUrl,
          interceptors: {
            response: () => {
              throw new Error('thrown by the interceptor');
            },
          },
        }).get('/forever?i'),
      );
      await run('a response interceptor replaces the response', () =>
        createApiClient({ baseUrl, interceptors: { response: () => replaced } }).get('/forever?r'),
      );
      await run('a progress callback throws', () =>
        client.get('/forever?p', {
          onDownloadProgress: (progress) => {
            if (progress.transferredBytes > 0) throw new Error('thrown by the callback');
          },
        }),
      );
      await run('an error body that never ends', () =>
        createApiClient({ baseUrl, timeoutMs: 1000 }).get('/forever?status=500&type=text/plain'),
      );
      await run("a 'stream' body cancelled", async () => {
        await (await client.get('/forever?c', { parseAs: 'stream' })).cancel();
      });
      return out;
    }, api.url);
    expect(outcome).toEqual({
      'sse: an event fails validateResponse': 'ApiError 200 The response does not have the expected shape.',
      'sse: invalid JSON data': 'ApiError 200 The response is not valid JSON.',
      'sse: the loop throws': 'Error: thrown in the loop',
      'sse: not an event stream': 'ApiError 200 The response is not an event stream (text/event-stream).',
      'a response interceptor throws': 'Error: thrown by the interceptor',
      'a response interceptor replaces the response': 'resolved {}',
      'a progress callback throws': 'NetworkError 0 Network error. The server could not be reached.',
      'an error body that never ends': 'ApiError 500 Internal server error.',
      "a 'stream' body cancelled": 'resolved undefined',
    });
    await expect
      .poll(() => api.cutOff.slice(before).sort(), { timeout: 5000 })
      .toEqual(
        [
          '/forever?v',
          '/forever?j',
          '/forever?t',
          '/forever?type=text/html',
          '/forever?i',
          '/forever?r',
          '/forever?p',
          '/forever?status=500&type=text/plain',
          '/forever?c',
        ].sort(),
      );
  });
});

describe('logging in Chromium', () => {
  it("createLogger's default writes each line to the page's console.error, secrets redacted, a CORS failure included", async () => {
    const lines: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.text().startsWith('[typefetch]')) lines.push(`${message.type()} ${message.text()}`);
    };
    page.on('console', onConsole);
    try {
      await page.evaluate(async (baseUrl) => {
        const { createApiClient, createLogger } = window.typefetch;
        const client = createApiClient({
          baseUrl,
          logger: createLogger({ level: 'debug' }),
          logHeaders: true,
          defaultHeaders: { 'X-Request-Id': 'r-1' },
        });
        await client.get('/users/1', { searchParams: { token: 't-secret' } });
        // X-Api-Key is not allowed by the preflight: a network failure, logged with the header redacted.
        await client.get('/users/1', { headers: { 'X-Api-Key': 'k-secret' } }).catch(() => {});
      }, api.url);
      await expect.poll(() => lines.length).toBe(4);
    } finally {
      page.off('console', onConsole);
    }
    const url = `${api.url}/users/1`;
    // `error` is the error's name: a NetworkError's is 'ApiError', as in Node (see docs/client.md, "Errors").
    expect(lines.map((line) => line.replace(/"durationMs":\d+/, '"durationMs":0'))).toEqual([
      `error [typefetch] DEBUG request {"method":"GET","url":"${url}?token=[REDACTED]","attempt":1,"headers":{"x-request-id":"r-1"}}`,
      `error [typefetch] DEBUG response {"method":"GET","url":"${url}?token=[REDACTED]","attempt":1,"status":200,"durationMs":0}`,
      `error [typefetch] DEBUG request {"method":"GET","url":"${url}","attempt":1,"headers":{"x-api-key":"[REDACTED]","x-request-id":"r-1"}}`,
      `error [typefetch] WARN request failed {"method":"GET","url":"${url}","attempt":1,"status":0,"statusText":"Network Error","isTimeout":false,"error":"ApiError","message":"Network error. The server could not be reached."}`,
    ]);
  });
});

describe('URLs in Chromium', () => {
  it("a relative baseUrl is refused in a page too; the page's own origin is location.origin", async () => {
    const outcome = await page.evaluate(async () => {
      const { createApiClient } = window.typefetch;
      let refused = 'created';
      try {
        createApiClient({ baseUrl: '/api' });
      } catch (error) {
        refused = String(error);
      }
      const own = createApiClient({ baseUrl: location.origin });
      const html = await own.get<string>('/', { parseAs: 'text' });
      return { refused, start: html.slice(0, 15) };
    });
    expect(outcome).toEqual({
      refused: 'TypeError: baseUrl must be an absolute http(s) URL, got "/api"',
      start: '<!doctype html>',
    });
  });
});

describe('interceptors in Chromium', () => {
  it('a relative URL a request interceptor returns is resolved against the page, as fetch does; credentials in it are refused', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const { createApiClient } = window.typefetch;
      const to = (target: string) =>
        createApiClient({ baseUrl, interceptors: { request: (_url, init) => [target, init] } });
      const html = await to('/').get<string>('/users/1', { parseAs: 'text' });
      const refused = await to('http://user:pw@127.0.0.1:1/x')
        .get('/users/1')
        .then(
          () => 'resolved',
          (e: unknown) => String(e),
        );
      return { start: html.slice(0, 15), refused };
    }, api.url);
    expect(outcome.start).toBe('<!doctype html>');
    expect(outcome.refused).toBe(
      'TypeError: Refusing to send a request to http://[REDACTED]@127.0.0.1:1/x: a URL cannot carry credentials (user:password@). Send them in an Authorization header.',
    );
  });
});

describe('listeners in Chromium', () => {
  it('a long-lived signal shared by every kind of call keeps no listener once each call settled and its body is collected', async () => {
    const live = await page.evaluate(async (baseUrl) => {
      const { createApiClient } = window.typefetch;
      const controller = new AbortController();
      const signal = controller.signal;
      const live = new Set<unknown>();
      const add = signal.addEventListener.bind(signal);
      const remove = signal.removeEventListener.bind(signal);
      // The listeners the client adds to the caller's signal and has not removed.
      signal.addEventListener = ((type: string, fn: EventListener, options?: AddEventListenerOptions) => {
        if (type === 'abort') live.add(fn);
        add(type, fn, options);
      }) as typeof signal.addEventListener;
      signal.removeEventListener = ((type: string, fn: EventListener, options?: EventListenerOptions) => {
        if (type === 'abort') live.delete(fn);
        remove(type, fn, options);
      }) as typeof signal.removeEventListener;
      const o: Record<string, number> = {};
      const gc = (window as unknown as { gc(): void }).gc;
      const step = async (name: string, call: () => Promise<unknown>) => {
        await call().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 50));
        // A body handed over (stream, asResponse) is linked to the signal weakly, until it is collected:
        // collect, then let the finalization callbacks run.
        gc();
        await new Promise((resolve) => setTimeout(resolve, 50));
        o[name] = live.size;
      };
      const plain = createApiClient({ baseUrl });
      const full = createApiClient({
        baseUrl,
        retryPolicy: { maxRetries: 1, initialDelayMs: 10 },
        circuitBreaker: { threshold: 100 },
        dedupe: true,
        totalTimeoutMs: 5000,
        interceptors: { request: async (u, i) => [u, i], response: async (r) => r },
      });
      await step('get', () => plain.get('/users/1', { signal }));
      await step('full get', () => full.get('/users/1', { signal }));
      await step('full 404', () => full.get('/missing', { signal }));
      await step('full 503 retried', () => full.get('/always-503', { signal }));
      await step('full network', () => full.get('/no-cors', { signal }));
      await step('timeout', () => createApiClient({ baseUrl, timeoutMs: 100 }).get('/slow', { signal }));
      await step('full timeout', () => full.get('/slow', { signal, timeoutMs: 100 }));
      await step('dedupe x3', () =>
        Promise.all([
          full.get('/delayed?l', { signal }),
          full.get('/delayed?l', { signal }),
          full.get('/delayed?l', { signal }),
        ]),
      );
      await step('stream read', async () => {
        const b = await full.get('/users/1', { signal, parseAs: 'stream' });
        await new Response(b).text();
      });
      await step('asResponse read', async () => {
        const r = await full.get('/users/1', { signal }).asResponse();
        await r.text();
      });
      await step('withResponse', () => full.get('/users/1', { signal }).withResponse());
      await step('progress', () =>
        full.get('/image.png', { signal, onDownloadProgress: () => {}, onUploadProgress: () => {} }),
      );
      await step('post', () => full.post('/posts', { a: 1 }, { signal }));
      await step('sse', async () => {
        for await (const _ of full.sse('/events', { signal, maxReconnects: 0 })) {
        }
      });
      await step('sse resume', async () => {
        for await (const _ of full.sse('/events-resume', { signal, maxReconnects: 1 })) {
        }
      });
      await step('sse break', async () => {
        for await (const _ of full.sse('/events-slow', { signal })) break;
      });
      await step('getList', () => full.getList('/items', { signal, pagination: { page: 1, limit: 2 } }));
      await step('paginate', async () => {
        for await (const _ of full.paginate('/items', { signal, pagination: { page: 1, limit: 2 } })) {
        }
      });
      await step('validation', () =>
        full.get('/users/1', { signal, validateResponse: { nope: { required: true } } }),
      );
      return o;
    }, api.url);
    const steps = Object.keys(live);
    expect(steps).toHaveLength(19);
    expect(live).toEqual(Object.fromEntries(steps.map((step) => [step, 0])));
  });
});

describe('offline in Chromium', () => {
  it('with the network off, a call is a NetworkError; a retried call succeeds once it is back, and only that attempt reaches the server', async () => {
    const before = seen('/users/1').length;
    await page.exposeFunction('goOnline', () => context.setOffline(false));
    await context.setOffline(true);
    try {
      const outcome = await page.evaluate(async (baseUrl) => {
        const { createApiClient, NetworkError } = window.typefetch;
        const failures: string[] = [];
        const client = createApiClient({
          baseUrl,
          retryPolicy: {
            maxRetries: 5,
            initialDelayMs: 10,
            // The network comes back after the second failed attempt.
            shouldRetry: async (error, attempt) => {
              failures.push(`${attempt} ${error instanceof NetworkError ? 'NetworkError' : String(error)}`);
              if (attempt === 2) await (window as unknown as { goOnline(): Promise<void> }).goOnline();
              return true;
            },
          },
        });
        const data = await client.get('/users/1');
        return { failures, data };
      }, api.url);
      expect(outcome).toEqual({
        failures: ['1 NetworkError', '2 NetworkError'],
        data: { id: 1, name: 'Ada' },
      });
      expect(seen('/users/1').length - before).toBe(1);
    } finally {
      await context.setOffline(false);
    }
  });
});

describe('a browser without AbortSignal.any (before 2024)', () => {
  it("works the same: the caller's abort reaches a body handed over too, and closes the connection", async () => {
    const old = await context.newPage();
    try {
      await old.addInitScript(() => {
        (AbortSignal as { any?: unknown }).any = undefined;
      });
      await old.goto(pageServer.url);
      await old.waitForFunction(() => document.title === 'ready', undefined, { timeout: 10_000 });
      const before = api.cutOff.length;
      const outcome = await old.evaluate(async (baseUrl) => {
        const { createApiClient, TimeoutError } = window.typefetch;
        const client = createApiClient({ baseUrl, timeoutMs: 1000 });
        const user = await client.get('/users/1');
        const timeout = await client.get('/stall').then(
          () => 'resolved',
          (e: unknown) => (e instanceof TimeoutError ? 'TimeoutError' : String(e)),
        );
        const controller = new AbortController();
        const reason = new Error('user left');
        setTimeout(() => controller.abort(reason), 50);
        const aborted = await client.get('/slow', { signal: controller.signal }).then(
          () => 'resolved',
          (e: unknown) => (e === reason ? 'the reason' : String(e)),
        );
        const later = new AbortController();
        const body = await client.get('/stall', { parseAs: 'stream', signal: later.signal });
        later.abort(reason);
        const read = await body
          .getReader()
          .read()
          .then(
            () => 'read',
            (e: unknown) => (e === reason ? 'the reason' : String(e)),
          );
        return { any: typeof AbortSignal.any, user, timeout, aborted, read };
      }, api.url);
      expect(outcome).toEqual({
        any: 'undefined',
        user: { id: 1, name: 'Ada' },
        timeout: 'TimeoutError',
        aborted: 'the reason',
        read: 'the reason',
      });
      await expect.poll(() => api.cutOff.slice(before), { timeout: 5000 }).toEqual(['/stall', '/stall']);
    } finally {
      await old.close();
    }
  });
});

describe('the page, after every test above', () => {
  it('raised no uncaught error or unhandled rejection', () => {
    expect(pageErrors).toEqual([]);
  });
});
