import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, NetworkError, TimeoutError } from '../../../src/index.js';
import { createTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;
/** The requests whose connection the client closed. */
const closed: string[] = [];
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    if (req.url === '/stall-body') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
    }
    if (req.url === '/trickle') {
      // A body that goes on until the client goes away; the server notes when it does.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write('a');
      const timer = setInterval(() => res.write('b'), 20);
      res.on('close', () => {
        clearInterval(timer);
        closed.push(req.url ?? '');
      });
    }
    // '/never': no answer at all.
  });
});
afterAll(() => server.close());

describe('timeouts are TimeoutError', () => {
  it('on a stalled body: an ApiError and a TimeoutError, 408, isTimeout', async () => {
    const error = await createApiClient({ baseUrl: server.url, timeoutMs: 100 })
      .get('/stall-body')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 408, statusText: 'Request Timeout', isTimeout: true });
  });

  it('on headers that never come, with the request timeoutMs', async () => {
    const error = await createApiClient({ baseUrl: server.url })
      .get('/never', { timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it("not on the caller's abort: that rejects with the caller's reason", async () => {
    const controller = new AbortController();
    const pending = createApiClient({ baseUrl: server.url }).get('/never', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(pending).rejects.toThrow('stop');
  });
});

describe("the caller's abort reaches a body handed over unread", () => {
  // As with fetch itself: the body of `'stream'` and of `asResponse()` is read after the call resolved,
  // and aborting the caller's signal then errors the read and closes the connection.
  const bodies = {
    "parseAs: 'stream'": (signal: AbortSignal, extra: object) =>
      createApiClient({ baseUrl: server.url, ...extra }).get('/trickle', { parseAs: 'stream', signal }),
    'asResponse()': async (signal: AbortSignal, extra: object) =>
      (
        await createApiClient({ baseUrl: server.url, ...extra })
          .get('/trickle', { signal })
          .asResponse()
      ).body as ReadableStream<Uint8Array>,
  };
  for (const [name, open] of Object.entries(bodies)) {
    for (const [label, extra] of [
      ['', {}],
      [', with totalTimeoutMs', { totalTimeoutMs: 60_000 }],
      [', with timeoutMs: Infinity', { timeoutMs: Number.POSITIVE_INFINITY }],
    ] as const) {
      it(`${name}${label}: the next read rejects with the reason, the server sees the close`, async () => {
        const controller = new AbortController();
        const body = await open(controller.signal, extra);
        // One listener links the caller's signal to the bodies it still has (see test/client/timeout.test.ts).
        expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
        const reader = body.getReader();
        expect((await reader.read()).done).toBe(false);
        const before = closed.length;
        const reason = new Error('user left');
        controller.abort(reason);
        // Without the abort the body goes on: 50 more chunks (about a second) resolve instead.
        const read = async (): Promise<unknown> => {
          for (let i = 0; i < 50; i++) if ((await reader.read()).done) return 'done';
          return 'still reading';
        };
        await expect(read()).rejects.toBe(reason);
        while (closed.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
        expect(closed.slice(before)).toEqual(['/trickle']);
      });
    }
  }
});
