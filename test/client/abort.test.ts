import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onAbort } from '../../src/client/abort.js';
import { createApiClient } from '../../src/index.js';
import { createUndiciFetch } from '../../src/undici/index.js';
import { collectGarbage, unhandledRejectionsDuring } from '../helpers/gc.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

describe('onAbort', () => {
  it('puts one listener on the signal for any number of callbacks, and none once all are removed', () => {
    const controller = new AbortController();
    const removers = Array.from({ length: 50 }, () => onAbort(controller.signal, () => {}));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    for (const remove of removers.slice(0, 49)) remove();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    removers[49]?.();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('calls every callback still subscribed when the signal aborts, in order, and a removed one not', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    onAbort(controller.signal, () => calls.push('a'));
    const removeB = onAbort(controller.signal, () => calls.push('b'));
    onAbort(controller.signal, () => calls.push('c'));
    removeB();
    controller.abort();
    expect(calls).toEqual(['a', 'c']);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('subscribes afresh after an abort of another signal, and removing twice is harmless', () => {
    const first = new AbortController();
    const remove = onAbort(first.signal, () => {});
    remove();
    remove();
    const second = new AbortController();
    let called = 0;
    onAbort(second.signal, () => called++);
    second.abort();
    expect(called).toBe(1);
  });
});

describe('onAbort while the abort is being dispatched, or after it', () => {
  it('calls a callback subscribed by another one during the dispatch, once, and leaves no listener', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    onAbort(controller.signal, () => {
      calls.push('a');
      onAbort(controller.signal, () => calls.push('late'));
    });
    onAbort(controller.signal, () => calls.push('b'));
    controller.abort();
    await Promise.resolve();
    expect(calls).toEqual(['a', 'b', 'late']);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('does not call a callback another one removed during the dispatch', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    let removeB: () => void = () => {};
    onAbort(controller.signal, () => {
      calls.push('a');
      removeB();
    });
    removeB = onAbort(controller.signal, () => calls.push('b'));
    controller.abort();
    expect(calls).toEqual(['a']);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('runs every callback when one throws, then throws its error', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    onAbort(controller.signal, () => {
      throw new Error('boom');
    });
    onAbort(controller.signal, () => calls.push('b'));
    // The listener itself, called as the signal would: an error thrown in a real dispatch goes to the
    // process as an uncaught exception, which the test runner would report.
    const [listener] = getEventListeners(controller.signal, 'abort');
    expect(() => (listener as () => void)()).toThrow('boom');
    expect(calls).toEqual(['b']);
  });

  it('calls a callback subscribed to an already aborted signal, and puts no listener on it', async () => {
    const controller = new AbortController();
    controller.abort();
    let called = 0;
    onAbort(controller.signal, () => called++);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    await Promise.resolve();
    expect(called).toBe(1);
  });

  it('does not call a callback on an aborted signal removed before its turn', async () => {
    const controller = new AbortController();
    controller.abort();
    let called = 0;
    const remove = onAbort(controller.signal, () => called++);
    remove();
    await Promise.resolve();
    expect(called).toBe(0);
  });
});

describe('many requests in flight at once with one signal', () => {
  let server: TestServer;
  let release: () => void = () => {};
  let arrived = 0;
  beforeAll(async () => {
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server = await createTestServer(async (_req, res) => {
      arrived++;
      await gate;
      sendJson(res, 200, { ok: true });
    });
  });
  afterAll(() => server.close());

  it('put one abort listener on it, not one per request (Node warns past 10), and none once settled', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning.name);
    };
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const api = createApiClient({
        baseUrl: server.url,
        totalTimeoutMs: 60_000,
        dedupe: true,
        retryPolicy: { maxRetries: 1 },
      });
      // Pairs of one path: the second of each waits on the first (dedupe), with the same signal.
      const calls = Array.from({ length: 40 }, (_, i) =>
        api.get(`/item/${i % 20}`, { signal: controller.signal }),
      );
      while (arrived < 20) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
      release();
      await Promise.all(calls);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('one caller signal shared by every layer that waits on it', () => {
  let server: TestServer;
  let closed = 0;
  let batchClosed = 0;
  const seen = (path: string): number => server.requests.filter((request) => request.url === path).length;
  const until = async (done: () => boolean): Promise<void> => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  beforeAll(async () => {
    server = await createTestServer((req, res) => {
      res.on('close', () => {
        closed++;
        if (req.headers['x-batch'] !== undefined) batchClosed++;
      });
      if (req.url === '/fail') return sendJson(res, 503, { error: 'busy' });
      if (req.url === '/ok') return sendJson(res, 200, { ok: true });
      if (req.url === '/hang') return;
      // A body that starts and never ends.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
    });
  });
  afterAll(() => server.close());
  const client = (fetchImpl?: typeof fetch) =>
    createApiClient({
      baseUrl: server.url,
      dedupe: true,
      retryPolicy: { maxRetries: 3, initialDelayMs: 60_000, jitter: false },
      ...(fetchImpl ? { fetchImpl } : {}),
    });

  it('a retry wait, a dedupe waiter and a body read all reject with its reason, once, and leave no listener', async () => {
    const api = client();
    const controller = new AbortController();
    const { signal } = controller;
    const settled: unknown[] = [];
    const calls = [
      api.get('/fail', { signal }),
      api.get('/hang', { signal }),
      api.get('/hang', { signal }),
      api.get('/body', { signal }),
    ].map((call) =>
      call.then(
        (value) => settled.push(['resolved', value]),
        (error: unknown) => settled.push(error),
      ),
    );
    await until(() => seen('/fail') === 1 && seen('/hang') === 1 && seen('/body') === 1);
    const closedBefore = closed;
    const reason = new Error('shut down');
    controller.abort(reason);
    await Promise.all(calls);
    expect(settled).toEqual([reason, reason, reason, reason]);
    expect(settled.every((error) => error === reason)).toBe(true);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    await until(() => closed - closedBefore >= 2);
    expect(seen('/hang')).toBe(1);
  });

  it('rejects at once with the reason of a signal reused after its abort, sends nothing, adds no listener', async () => {
    const api = client();
    const controller = new AbortController();
    const reason = new Error('gone');
    controller.abort(reason);
    const before = server.requests.length;
    for (const options of [{}, { parseAs: 'stream' as const }]) {
      await expect(api.get('/ok', { signal: controller.signal, ...options })).rejects.toBe(reason);
      await expect(api.get('/ok', { signal: controller.signal }).asResponse()).rejects.toBe(reason);
    }
    await expect(
      api.extend({ defaultHeaders: { 'x-a': '1' } }).get('/fail', { signal: controller.signal }),
    ).rejects.toBe(reason);
    expect(server.requests.length).toBe(before);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects with the reason of AbortSignal.timeout() and of AbortSignal.any()', async () => {
    const api = client();
    const timed = AbortSignal.timeout(50);
    const error = await api.get('/hang', { signal: timed }).catch((caught: unknown) => caught);
    expect(error).toBe(timed.reason);
    expect((error as DOMException).name).toBe('TimeoutError');
    const controller = new AbortController();
    const any = AbortSignal.any([controller.signal, AbortSignal.timeout(60_000)]);
    const call = api.get('/hang', { signal: any });
    const reason = new Error('stop');
    await until(() => seen('/hang') >= 3);
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(getEventListeners(any, 'abort')).toHaveLength(0);
  });

  it('1,000 requests of two clients (one extend()ed) on one signal all reject with its reason, every connection closed', async () => {
    const api = createApiClient({ baseUrl: server.url, defaultHeaders: { 'x-batch': '1' } });
    const other = api.extend({ defaultHeaders: { 'x-other': '1' } });
    const controller = new AbortController();
    const { signal } = controller;
    const before = seen('/hang');
    const calls = Array.from({ length: 1000 }, (_, i) =>
      (i % 2 === 0 ? api : other).get('/hang', { signal }).catch((error: unknown) => error),
    );
    await until(() => seen('/hang') - before === 1000);
    expect(getEventListeners(signal, 'abort')).toHaveLength(1);
    const reason = new Error('all');
    controller.abort(reason);
    const errors = await Promise.all(calls);
    expect(errors.filter((error) => error === reason)).toHaveLength(1000);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    await until(() => batchClosed === 1000);
  }, 60_000);

  describe.each([
    ['native fetch', () => undefined],
    ['typefetch/undici', () => createUndiciFetch() as unknown as typeof fetch],
  ])('a body handed over, with %s', (_name, makeFetch) => {
    it("rejects its reader with the caller's reason, for parseAs 'stream' and asResponse()", async () => {
      const fetchImpl = makeFetch();
      const api = client(fetchImpl);
      for (const handOver of ['stream', 'response'] as const) {
        const controller = new AbortController();
        const { signal } = controller;
        const body =
          handOver === 'stream'
            ? await api.get<ReadableStream<Uint8Array>>('/body', { signal, parseAs: 'stream' })
            : ((await api.get('/body', { signal }).asResponse()).body as ReadableStream<Uint8Array>);
        const reader = body.getReader();
        expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"a":');
        const closedBefore = closed;
        const reason = new Error(`caller ${handOver}`);
        controller.abort(reason);
        await expect(reader.read()).rejects.toBe(reason);
        await until(() => closed > closedBefore);
      }
      await (fetchImpl as unknown as { close?: () => Promise<void> } | undefined)?.close?.();
    });
  });

  describe('a body handed over and dropped while the caller signal lives on', () => {
    it('leaves no listener once collected, and its abort then throws nothing anywhere', async () => {
      const api = client();
      const controller = new AbortController();
      const rejections = await unhandledRejectionsDuring(async () => {
        await api.get('/ok', { signal: controller.signal, parseAs: 'stream' });
        await api.get('/ok', { signal: controller.signal }).asResponse();
        await collectGarbage();
        expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
        expect(() => controller.abort(new Error('late'))).not.toThrow();
        await collectGarbage();
      });
      expect(rejections).toEqual([]);
    });

    it('an endless body dropped unread is still cancelled by the abort: the server sees it close', async () => {
      const api = client();
      const controller = new AbortController();
      const rejections = await unhandledRejectionsDuring(async () => {
        const closedBefore = closed;
        await api.get('/body', { signal: controller.signal, parseAs: 'stream' });
        await collectGarbage();
        controller.abort(new Error('late'));
        await until(() => closed > closedBefore);
        await collectGarbage();
      });
      expect(rejections).toEqual([]);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    });
  });
});
