import { getEventListeners } from 'node:events';
import type { ServerResponse } from 'node:http';
import { queryObjects } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realClock } from '../../src/client/timeout.js';
import { ApiError, createApiClient } from '../../src/index.js';
import { collectGarbage } from '../helpers/gc.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

let server: TestServer;
/** Called once the response of `/late-headers` has been closed by the client. */
let onLateBodyClosed: (() => void) | undefined;
/** A promise that settles when the next `/late-headers` response is closed. */
const lateBodyClosed = (): Promise<void> =>
  new Promise((resolve) => {
    onLateBodyClosed = resolve;
  });
beforeAll(async () => {
  server = await createTestServer(async (req, res) => {
    switch (req.url) {
      case '/ok':
        return sendJson(res, 200, { ok: true });
      case '/never':
        // Never answers; the socket is destroyed when the server closes.
        return;
      case '/stall-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
        return;
      case '/late-headers':
        // Headers after 1.5 s, then a body that stalls: held open until the client lets it go.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"late":');
        res.on('close', () => onLateBodyClosed?.());
        return;
      case '/slow-ok':
        await new Promise((resolve) => setTimeout(resolve, 150));
        return sendJson(res, 200, { slow: true });
      case '/reset-before-headers':
        req.socket.destroy();
        return;
      case '/reset-mid-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"items":[1,2,3', () => setTimeout(() => req.socket.destroy(), 20));
        return;
      case '/split-utf8': {
        const bytes = Buffer.from('{"s":"😀ñ"}');
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
        // Split inside the 4-byte emoji so the decoder must carry the partial character over.
        res.write(bytes.subarray(0, 8), () => setTimeout(() => res.end(bytes.subarray(8)), 20));
        return;
      }
      default:
        res.writeHead(404);
        res.end();
    }
  });
});
afterAll(() => server.close());

const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
const api = (timeoutMs?: number) =>
  createApiClient({ baseUrl: server.url, ...(timeoutMs === undefined ? {} : { timeoutMs }) });

const TIMEOUT_DETAILS = {
  status: 408,
  statusText: 'Request Timeout',
  message: 'The request timed out.',
  body: undefined,
  isTimeout: true,
};

describe('timeout', () => {
  it('rejects with ApiError 408 isTimeout when the headers do not arrive in time', async () => {
    const started = Date.now();
    const error = (await failure(api().get('/never', { timeoutMs: 100 }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.details).toEqual(TIMEOUT_DETAILS);
    expect((error.cause as DOMException).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('covers the body: a stalled body after a 200 is a timeout', async () => {
    const error = (await failure(api(100).get('/stall-body'))) as ApiError;
    expect(error.details).toEqual(TIMEOUT_DETAILS);
  });

  it('covers the body of a custom fetchImpl whose body does not follow the signal', async () => {
    // A wrapper that drops the signal: its Response body never errors on abort, so only the client's
    // own reader (which cancels the body) can end the read at the timeout.
    const client = createApiClient({
      baseUrl: server.url,
      timeoutMs: 100,
      fetchImpl: (input, init) => fetch(input, { ...init, signal: null }),
    });
    const started = Date.now();
    const error = (await failure(client.get('/stall-body'))) as ApiError;
    expect(error.details).toEqual(TIMEOUT_DETAILS);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('covers the headers of a custom fetchImpl that drops the signal, and releases the late response', async () => {
    // The wrapper never aborts: the client gives up on it at the timeout, not when the server answers.
    const client = createApiClient({
      baseUrl: server.url,
      timeoutMs: 100,
      fetchImpl: (input, init) => fetch(input, { ...init, signal: null }),
    });
    const closed = lateBodyClosed();
    const started = Date.now();
    const error = (await failure(client.get('/late-headers'))) as ApiError;
    expect(error.details).toEqual(TIMEOUT_DETAILS);
    expect(Date.now() - started).toBeLessThan(1000);
    // The response that arrives after the timeout is cancelled: its connection is closed, not held open.
    await closed;
  });

  it('uses the client timeoutMs when the request has none', async () => {
    const error = (await failure(api(80).get('/never'))) as ApiError;
    expect(error.isTimeout).toBe(true);
  });

  it('lets the request timeoutMs override the client one (longer)', async () => {
    expect(await api(50).get('/slow-ok', { timeoutMs: 5000 })).toEqual({ slow: true });
  });

  it('lets the request timeoutMs override the client one (shorter)', async () => {
    const error = (await failure(api(10_000).get('/slow-ok', { timeoutMs: 30 }))) as ApiError;
    expect(error.status).toBe(408);
  });

  it('localizes the timeout message', async () => {
    const error = (await failure(api().get('/never', { timeoutMs: 50, errorLocale: 'es' }))) as ApiError;
    expect(error.message).toBe('La solicitud tardó demasiado en responder.');
  });

  it.each([0, -1, Number.NaN, 2 ** 31, '100'])('rejects timeoutMs %j with a RangeError', (value) => {
    expect(() => createApiClient({ timeoutMs: value as number })).toThrow(RangeError);
    expect(() => createApiClient({ timeoutMs: value as number })).toThrow(
      `timeoutMs must be a positive number of ms`,
    );
  });

  it('rejects a bad request timeoutMs naming options.timeoutMs and the value', async () => {
    await expect(api().get('/ok', { timeoutMs: -5 })).rejects.toThrow(
      new RangeError(
        'options.timeoutMs must be a positive number of ms (at most 2147483647, or Infinity), got -5',
      ),
    );
  });

  it('accepts Infinity as no timeout', async () => {
    expect(await api(Number.POSITIVE_INFINITY).get('/ok')).toEqual({ ok: true });
  });
});

describe('caller abort', () => {
  it('rejects with the reason of an already aborted signal and sends nothing', async () => {
    const before = server.requests.length;
    const reason = new Error('cancelled before start');
    const error = await failure(api().get('/ok', { signal: AbortSignal.abort(reason) }));
    expect(error).toBe(reason);
    expect(server.requests.length).toBe(before);
  });

  it('rejects with the caller reason while waiting for headers, not an ApiError', async () => {
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    setTimeout(() => controller.abort(reason), 50);
    const error = await failure(api().get('/never', { signal: controller.signal }));
    expect(error).toBe(reason);
  });

  it('rejects with the caller reason while waiting for the headers of a fetchImpl that drops the signal', async () => {
    const client = createApiClient({
      baseUrl: server.url,
      fetchImpl: (input, init) => fetch(input, { ...init, signal: null }),
    });
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    setTimeout(() => controller.abort(reason), 50);
    const closed = lateBodyClosed();
    const started = Date.now();
    expect(await failure(client.get('/late-headers', { signal: controller.signal }))).toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);
    await closed;
  });

  it('rejects with the caller reason while the body is being read', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort('stop'), 50);
    expect(await failure(api().get('/stall-body', { signal: controller.signal }))).toBe('stop');
  });

  it('rejects with the default AbortError reason when abort() has no argument', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await failure(api().get('/never', { signal: controller.signal }));
    expect(error).toBe(controller.signal.reason);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('leaves no abort listener on the caller signal after success, error and timeout', async () => {
    const controller = new AbortController();
    await api().get('/ok', { signal: controller.signal });
    await failure(api().get('/missing', { signal: controller.signal }));
    await failure(api().get('/never', { signal: controller.signal, timeoutMs: 30 }));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('bodies handed over unread, on a long-lived caller signal', () => {
  const readAll = async (signal: AbortSignal, calls: number): Promise<void> => {
    for (let i = 0; i < calls; i++) {
      if (i % 2 === 0) await (await api().get('/ok', { signal }).asResponse()).text();
      else await new Response(await api().get('/ok', { signal, parseAs: 'stream' })).text();
    }
  };

  it('share one listener on it while they live, and leave none once they are gone', async () => {
    const controller = new AbortController();
    const held = await Promise.all(
      [1, 2, 3].map(() => api().get('/ok', { signal: controller.signal }).asResponse()),
    );
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    await Promise.all(held.map((response) => response.text()));
    held.length = 0;
    await collectGarbage();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('keep nothing per call: 2000 more calls leave no AbortSignal or AbortController alive', async () => {
    // With AbortSignal.any as the link, Node 20 kept two signals and a controller per call (about 2 KB).
    const controller = new AbortController();
    await readAll(controller.signal, 100);
    await collectGarbage();
    const before = [queryObjects(AbortSignal), queryObjects(AbortController)];
    await readAll(controller.signal, 2000);
    await collectGarbage();
    expect([queryObjects(AbortSignal), queryObjects(AbortController)]).toEqual(before);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('network failure', () => {
  it('is ApiError status 0 Network Error with the cause when the connection is refused', async () => {
    const closed = await createTestServer(() => {});
    const url = closed.url;
    await closed.close();
    const error = (await failure(createApiClient({ baseUrl: url }).get('/x'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.details).toEqual({
      status: 0,
      statusText: 'Network Error',
      message: 'Network error. The server could not be reached.',
      body: undefined,
      isTimeout: false,
    });
    expect(error.cause).toBeInstanceOf(TypeError);
    expect((error.cause as TypeError).message).toBe('fetch failed');
  });

  it('is status 0 when the server resets the connection before headers', async () => {
    const error = (await failure(api().get('/reset-before-headers'))) as ApiError;
    expect([error.status, error.statusText, error.isTimeout]).toEqual([0, 'Network Error', false]);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('is status 0 when the connection breaks mid-body after a 200', async () => {
    const error = (await failure(api().get('/reset-mid-body'))) as ApiError;
    expect([error.status, error.statusText, error.isTimeout]).toEqual([0, 'Network Error', false]);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('localizes the network message', async () => {
    const error = (await failure(api().get('/reset-before-headers', { errorLocale: 'es' }))) as ApiError;
    expect(error.message).toBe('Error de red. No se pudo contactar con el servidor.');
  });
});

describe('body reading', () => {
  it('decodes a UTF-8 character split across two chunks', async () => {
    expect(await api().get('/split-utf8')).toEqual({ s: '😀ñ' });
  });
});

describe('realClock', () => {
  it('sleeps about the given time and leaves no listener', async () => {
    const controller = new AbortController();
    const started = Date.now();
    await realClock.sleep(30, controller.signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects with the reason when the signal aborts during the sleep', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort('wake'), 10);
    await expect(realClock.sleep(10_000, controller.signal)).rejects.toBe('wake');
  });

  it('rejects at once for an aborted signal', async () => {
    await expect(realClock.sleep(10_000, AbortSignal.abort('already'))).rejects.toBe('already');
  });

  it("waits a delay longer than setTimeout's limit rather than firing at once", async () => {
    // An SSE stream's `retry:` sets the reconnection delay, with no bound of its own.
    const controller = new AbortController();
    const sleeping = realClock.sleep(2 ** 31 + 1000, controller.signal).then(() => 'woke');
    const early = await Promise.race([sleeping, new Promise((resolve) => setTimeout(resolve, 50, 'asleep'))]);
    controller.abort('done');
    await sleeping.catch(() => {});
    expect(early).toBe('asleep');
  });

  it('reads epoch milliseconds', () => {
    expect(Math.abs(realClock.now() - Date.now())).toBeLessThan(50);
  });
});

describe('no timeout', () => {
  /**
   * `timeoutMs: Infinity` with no caller signal: nothing can abort the attempt, so fetch gets no
   * signal at all (cheaper on Node's fetch). These tests check that the shortcut keeps the rest:
   * bodies are still parsed and bounded, and a body the client stops reading is still released.
   */
  /** When the server saw the response to `/stream` end early: its socket closed before the last chunk. */
  let streamClosedEarly: Promise<boolean>;

  /** Writes 64 KiB chunks (20 MB in all) honouring backpressure; resolves true if the client hung up first. */
  function writeStream(res: ServerResponse, total: number): Promise<boolean> {
    const chunk = Buffer.alloc(64 * 1024, ' ');
    return new Promise((resolve) => {
      let written = 0;
      res.on('close', () => resolve(written < total));
      const pump = (): void => {
        while (written < total && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
  }

  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer((req, res) => {
      switch (req.url) {
        case '/ok':
          return sendJson(res, 200, { ok: true });
        case '/huge-error':
          res.writeHead(500, { 'content-type': 'text/plain' });
          return void writeStream(res, 10 * 1024 * 1024);
        case '/stream':
          res.writeHead(200, { 'content-type': 'application/json' });
          streamClosedEarly = writeStream(res, 20 * 1024 * 1024);
          return;
        default:
          res.writeHead(404);
          res.end();
      }
    });
  });
  afterAll(() => server.close());

  /** A fetchImpl that records the signal each call gets and then calls the real fetch. */
  function recordingFetch(): { fetchImpl: typeof fetch; signals: Array<AbortSignal | null | undefined> } {
    const signals: Array<AbortSignal | null | undefined> = [];
    return {
      signals,
      fetchImpl: (input, init) => {
        signals.push(init?.signal);
        return fetch(input, init);
      },
    };
  }

  describe('timeoutMs: Infinity without a caller signal', () => {
    it('hands fetch no signal, and still parses the response', async () => {
      const { fetchImpl, signals } = recordingFetch();
      const api = createApiClient({ baseUrl: server.url, timeoutMs: Number.POSITIVE_INFINITY, fetchImpl });
      await expect(api.get('/ok')).resolves.toEqual({ ok: true });
      expect(signals).toHaveLength(1);
      expect(signals[0] ?? undefined).toBeUndefined();
    });

    it('still hands fetch a signal with a timeout, or with a caller signal', async () => {
      const { fetchImpl, signals } = recordingFetch();
      const timed = createApiClient({ baseUrl: server.url, fetchImpl });
      const untimed = createApiClient({
        baseUrl: server.url,
        timeoutMs: Number.POSITIVE_INFINITY,
        fetchImpl,
      });
      await timed.get('/ok');
      await untimed.get('/ok', { signal: new AbortController().signal });
      await timed.get('/ok', { timeoutMs: Number.POSITIVE_INFINITY });
      expect(signals.map((signal) => signal instanceof AbortSignal)).toEqual([true, true, false]);
    });

    it('still bounds an error body: 10 MB of error page arrives as an ApiError without a body', async () => {
      const api = createApiClient({ baseUrl: server.url, timeoutMs: Number.POSITIVE_INFINITY });
      const error = await api.get('/huge-error').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(500);
      expect((error as ApiError).body).toBeUndefined();
    });

    it('releases the body when a response interceptor throws: the server sees the connection end early', async () => {
      const api = createApiClient({
        baseUrl: server.url,
        timeoutMs: Number.POSITIVE_INFINITY,
        interceptors: {
          response: () => {
            throw new Error('rejected by the interceptor');
          },
        },
      });
      await expect(api.get('/stream')).rejects.toThrow('rejected by the interceptor');
      // Unreleased, the 20 MB body would sit unread behind backpressure and the socket stay open.
      const closedEarly = await Promise.race([
        streamClosedEarly,
        new Promise<string>((resolve) => setTimeout(resolve, 5000, 'still open after 5 s')),
      ]);
      expect(closedEarly).toBe(true);
    });
  });
});
