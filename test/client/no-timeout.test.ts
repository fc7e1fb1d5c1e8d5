/**
 * `timeoutMs: Infinity` with no caller signal: nothing can abort the attempt, so fetch gets no
 * signal at all (cheaper on Node's fetch). These tests check that the shortcut keeps the rest:
 * bodies are still parsed and bounded, and a body the client stops reading is still released.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../src/index.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

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
    const untimed = createApiClient({ baseUrl: server.url, timeoutMs: Number.POSITIVE_INFINITY, fetchImpl });
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
