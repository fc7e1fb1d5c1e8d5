import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onAbort } from '../../src/client/abort.js';
import { createApiClient } from '../../src/index.js';
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
