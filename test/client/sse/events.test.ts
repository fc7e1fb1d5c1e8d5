import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  createApiClient,
  NetworkError,
  type SseEvent,
  ValidationError,
} from '../../../src/index.js';
import { createFakeClock } from '../../helpers/fake-clock.js';
import { createTestServer, type TestServer } from '../../helpers/server.js';

/** Events of the resumable stream: ids 1..6, dropped after 3 on the first connection. */
const NUMBERED = [1, 2, 3, 4, 5, 6];
let connections: Array<{ lastEventId: string | undefined; accept: string | undefined }> = [];
/** The Cache-Control header of each connection. */
let cacheControls: Array<string | undefined> = [];
let closedByClient: Promise<void> = Promise.resolve();
/** The Last-Event-ID of each connection to /unicode-id, read as UTF-8. */
const unicodeIds: Array<string | undefined> = [];

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    const lastEventId = req.headers['last-event-id'] as string | undefined;
    connections.push({ lastEventId, accept: req.headers.accept });
    cacheControls.push(req.headers['cache-control']);
    switch (req.url) {
      case '/rules':
        open(res);
        // BOM, comments, CR / LF / CRLF, multi-line data, an event name, ids, retry, a data-less block.
        res.end(
          '\uFEFF: hello\n\nid: a1\ndata: line 1\ndata: line 2\n\nevent: tick\r\ndata: t\r\n\r\nretry: 10\rdata: cr\r\r: bye\n',
        );
        return;
      case '/resume': {
        open(res);
        const from = lastEventId === undefined ? 0 : Number(lastEventId);
        const sending = NUMBERED.filter((n) => n > from);
        if (from === 0) {
          // First connection: three events, then the connection is cut mid-event.
          res.write('retry: 50\n\n');
          for (const n of sending.slice(0, 3)) res.write(`id: ${n}\ndata: {"n":${n}}\n\n`);
          res.write('id: 4\ndata: {"n":', () => setTimeout(() => req.socket.destroy(), 20));
          return;
        }
        for (const n of sending) res.write(`id: ${n}\ndata: {"n":${n}}\n\n`);
        res.end();
        return;
      }
      case '/unicode-id':
        open(res);
        // The id's bytes were sent as UTF-8: the server reads them back as such.
        unicodeIds.push(
          lastEventId === undefined ? undefined : Buffer.from(lastEventId, 'latin1').toString('utf8'),
        );
        res.end('id: ü-😀\ndata: x\n\n');
        return;
      case '/plain':
        open(res);
        res.end('data: once\n\n');
        return;
      case '/no-content':
        res.writeHead(204);
        res.end();
        return;
      case '/down':
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":"down"}');
        return;
      case '/burst':
        open(res);
        closedByClient = new Promise((resolve) => res.on('close', () => resolve()));
        // Three events in one write: the client holds the last two while the caller handles the first.
        res.write('data: 1\n\ndata: 2\n\ndata: 3\n\n');
        return;
      case '/not-json':
        open(res);
        res.end('data: {oops\n\n');
        return;
      case '/prices':
        open(res);
        res.end('data: {"price":1}\n\ndata: {"price":"2"}\n\n');
        return;
      case '/html':
        // A single-page app's fallback: any unknown path gets index.html with 200.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>app</title>');
        return;
      case '/typed':
        res.writeHead(200, { 'content-type': 'Text/Event-Stream; charset=utf-8' });
        res.end('data: typed\n\n');
        return;
      case '/long?mib=1':
      case '/long?mib=8': {
        // One event of 1 or 8 MiB, written 16 KiB at a time.
        open(res);
        res.write('data: ');
        const piece = 'x'.repeat(16 * 1024);
        for (let n = 0; n < 64 * Number(req.url.slice(-1)); n++) res.write(piece);
        res.end('\n\n');
        return;
      }
      case '/two-writes':
        open(res);
        res.write('data: a\n\n');
        setTimeout(() => res.end('data: b\n\n'), 20);
        return;
      case '/forever':
        open(res);
        closedByClient = new Promise((resolve) => res.on('close', () => resolve()));
        res.write('data: first\n\n');
        // Then nothing more, until the client closes.
        return;
      default:
        res.writeHead(404);
        res.end();
    }
  });
});
afterAll(() => server.close());

function open(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
}

async function collect<T>(iterable: AsyncIterable<SseEvent<T>>, limit = 100): Promise<SseEvent<T>[]> {
  const events: SseEvent<T>[] = [];
  for await (const event of iterable) {
    events.push(event);
    if (events.length >= limit) break;
  }
  return events;
}

describe('client.sse against a loopback server', () => {
  it('parses multi-line data, comments, CR/LF/CRLF, a BOM, ids and retry', async () => {
    connections = [];
    const api = createApiClient({ baseUrl: server.url, clock: createFakeClock({ autoAdvance: true }) });
    const events = await collect(api.sse('/rules', { maxReconnects: 0 }));
    expect(events).toEqual([
      { event: 'message', data: 'line 1\nline 2', id: 'a1', retry: undefined },
      { event: 'tick', data: 't', id: 'a1', retry: undefined },
      { event: 'message', data: 'cr', id: 'a1', retry: 10 },
    ]);
    expect(connections).toEqual([{ lastEventId: undefined, accept: 'text/event-stream' }]);
  });

  it('reconnects after a drop with Last-Event-ID, after the retry delay: no event lost or repeated', async () => {
    connections = [];
    const clock = createFakeClock({ autoAdvance: true });
    const api = createApiClient({ baseUrl: server.url, clock });
    const events = await collect(api.sse<{ n: number }>('/resume', { parseJson: true, maxReconnects: 1 }));
    expect(events.map((event) => [event.id, event.data.n])).toEqual(NUMBERED.map((n) => [String(n), n]));
    expect(connections.map((connection) => connection.lastEventId)).toEqual([undefined, '3']);
    expect(clock.sleeps).toEqual([50]);
  });

  it("asks for no cached copy, as EventSource does (cache: 'no-store'), unless the request says otherwise", async () => {
    cacheControls = [];
    const api = createApiClient({ baseUrl: server.url });
    await collect(api.sse('/plain', { maxReconnects: 0 }));
    await collect(api.sse('/plain', { maxReconnects: 0, cache: 'default' }));
    // fetch sends a no-store request with Cache-Control: no-cache (Fetch standard, HTTP-network-or-cache fetch).
    expect(cacheControls).toEqual(['no-cache', undefined]);
  });

  it('sends an id outside Latin-1 back as UTF-8 in Last-Event-ID when it reconnects', async () => {
    const api = createApiClient({ baseUrl: server.url, clock: createFakeClock({ autoAdvance: true }) });
    const events = await collect(api.sse('/unicode-id', { maxReconnects: 1 }));
    expect(events.map((event) => [event.id, event.data])).toEqual([
      ['ü-😀', 'x'],
      ['ü-😀', 'x'],
    ]);
    expect(unicodeIds).toEqual([undefined, 'ü-😀']);
  });

  it('waits 3000 ms before reconnecting when the stream set no retry, and the retry it set otherwise', async () => {
    const plain = createFakeClock({ autoAdvance: true });
    const events = await collect(
      createApiClient({ baseUrl: server.url, clock: plain }).sse('/plain', { maxReconnects: 1 }),
    );
    expect(events.map((event) => event.data)).toEqual(['once', 'once']);
    expect(plain.sleeps).toEqual([3000]);
    const clock = createFakeClock({ autoAdvance: true });
    await collect(createApiClient({ baseUrl: server.url, clock }).sse('/rules', { maxReconnects: 1 }));
    expect(clock.sleeps).toEqual([10]);
  });

  it('gives two iterations of one path on a dedupe client each its own connection and every event', async () => {
    connections = [];
    const api = createApiClient({
      baseUrl: server.url,
      dedupe: true,
      clock: createFakeClock({ autoAdvance: true }),
    });
    const [first, second] = await Promise.all([
      collect(api.sse('/plain', { maxReconnects: 0 })),
      collect(api.sse('/plain', { maxReconnects: 0 })),
    ]);
    expect([first, second].map((events) => events.map((event) => event.data))).toEqual([['once'], ['once']]);
    expect(connections).toHaveLength(2);
  });

  it("names invalid JSON data in the client's locale, and in the request's errorLocale over it", async () => {
    const api = createApiClient({ baseUrl: server.url, locale: 'es' });
    const error = await collect(api.sse('/not-json', { parseJson: true })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      message: 'La respuesta no es un JSON válido.',
      body: '{oops',
    });
    const english = await collect(api.sse('/not-json', { parseJson: true, errorLocale: 'en' })).catch(
      (e: unknown) => e,
    );
    expect(english).toMatchObject({ message: 'The response is not valid JSON.' });
  });

  it("checks each event's data against validateResponse: a Standard Schema's output is the data, a failure a ValidationError", async () => {
    connections = [];
    const api = createApiClient({ baseUrl: server.url, locale: 'es' });
    const seen: unknown[] = [];
    const schema = z.object({ price: z.number().transform((price) => price * 100) });
    const error = await (async () => {
      for await (const { data } of api.sse('/prices', { parseJson: true, validateResponse: schema })) {
        seen.push(data);
      }
    })().catch((e: unknown) => e);
    // The first event passes (its output is the data); the second fails and ends the iteration.
    expect(seen).toEqual([{ price: 100 }]);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe('La respuesta no tiene la forma esperada.');
    expect(error).toMatchObject({
      status: 200,
      issues: [
        { path: 'price', expected: 'Invalid input: expected number, received string', received: 'string' },
      ],
    });
    // Bad data is no dropped connection: no reconnection.
    expect(connections).toHaveLength(1);
    // A simple schema checks the string data too, when parseJson is off: a string is not an object.
    const simple = await collect(
      api.sse('/plain', { maxReconnects: 0, validateResponse: { id: { type: 'number', required: true } } }),
    ).catch((e: unknown) => e);
    expect(simple).toBeInstanceOf(ValidationError);
  });

  it('ends with the error a validateResponse schema throws, unchanged, as get() does, without reconnecting', async () => {
    connections = [];
    const clock = createFakeClock({ autoAdvance: true });
    const api = createApiClient({ baseUrl: server.url, clock });
    const boom = new Error('schema bug');
    const schema = z.string().transform((): string => {
      throw boom;
    });
    const error = await collect(api.sse('/plain', { maxReconnects: 3, validateResponse: schema })).catch(
      (e: unknown) => e,
    );
    expect(error).toBe(boom);
    expect(connections).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('rejects a 2xx that is not text/event-stream with ApiError, without reconnecting, as EventSource fails it', async () => {
    connections = [];
    const clock = createFakeClock({ autoAdvance: true });
    const api = createApiClient({ baseUrl: server.url, clock, locale: 'es' });
    const error = await collect(api.sse('/html')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      message: 'La respuesta no es un flujo de eventos (text/event-stream).',
      body: undefined,
    });
    expect(connections).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
    const english = await collect(api.sse('/html', { errorLocale: 'en' })).catch((e: unknown) => e);
    expect(english).toMatchObject({ message: 'The response is not an event stream (text/event-stream).' });
    // The media type is matched in any case, with parameters.
    const typed = await collect(api.sse('/typed', { maxReconnects: 0 }));
    expect(typed.map((event) => event.data)).toEqual(['typed']);
  });

  it('reads an event that arrives in many chunks in time linear in its size (8 MiB: about 8x 1 MiB)', async () => {
    const api = createApiClient({ baseUrl: server.url });
    // The least CPU time (this process's: the client and the server that writes) of three reads of each
    // size: unlike wall time, it does not grow when other processes of a shared machine take the cores.
    const fastest = async (mib: number) => {
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        const started = process.cpuUsage();
        const events = await collect(api.sse(`/long?mib=${mib}`, { maxReconnects: 0 }));
        const { user, system } = process.cpuUsage(started);
        best = Math.min(best, user + system);
        expect(events.map((event) => event.data.length)).toEqual([mib * 1024 * 1024]);
        expect(events[0]?.data.replaceAll('x', '')).toBe('');
      }
      return best;
    };
    const ratio = (await fastest(8)) / (await fastest(1));
    // Linear: about 8. Searched again with each chunk, as it once was, the time grew with the size
    // squared: about 64 (8 MiB took 6 s).
    expect(ratio).toBeLessThan(24);
  });

  it('refuses a bad header as get() does, without showing its value (it may be a credential)', async () => {
    connections = [];
    const api = createApiClient({ baseUrl: server.url });
    const headers = { authorization: 'Bearer s3cret\u0000' };
    const error = await collect(api.sse('/plain', { headers })).catch((e: unknown) => e);
    expect(error).toEqual(
      new TypeError('options.headers: header "authorization" has an invalid name or value (value not shown)'),
    );
    expect(connections).toHaveLength(0);
  });

  it("ends with a NetworkError caused by an onDownloadProgress callback's error mid-stream, without reconnecting", async () => {
    connections = [];
    const boom = new Error('progress bar gone');
    const api = createApiClient({ baseUrl: server.url, clock: createFakeClock({ autoAdvance: true }) });
    // The first write (9 bytes) is reported; the second one's report throws.
    const onDownloadProgress = ({ transferredBytes }: { transferredBytes: number }): void => {
      if (transferredBytes > 9) throw boom;
    };
    const error = await collect(api.sse('/two-writes', { maxReconnects: 3, onDownloadProgress })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(boom);
    expect(connections).toHaveLength(1);
  });

  it('ends the iteration on a 204', async () => {
    const api = createApiClient({ baseUrl: server.url });
    expect(await collect(api.sse('/no-content'))).toEqual([]);
  });

  it('rejects with ApiError on a 500, without reconnecting', async () => {
    connections = [];
    const api = createApiClient({ baseUrl: server.url });
    const error = await collect(api.sse('/down')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, body: { error: 'down' } });
    expect(connections).toHaveLength(1);
  });

  it('closes the connection when the caller breaks (the server sees it)', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const events = await collect(api.sse('/forever'), 1);
    expect(events.map((event) => event.data)).toEqual(['first']);
    await closedByClient;
  });

  it("rejects with the signal's reason when it aborts during the reconnection wait (on the client's clock), without connecting again", async () => {
    connections = [];
    const clock = createFakeClock();
    const api = createApiClient({ baseUrl: server.url, clock });
    const controller = new AbortController();
    const seen: string[] = [];
    const iteration = (async () => {
      for await (const event of api.sse('/plain', { signal: controller.signal })) seen.push(event.data);
    })();
    while (clock.pending === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const reason = new Error('leaving');
    controller.abort(reason);
    await expect(iteration).rejects.toBe(reason);
    expect(seen).toEqual(['once']);
    expect(clock.sleeps).toEqual([3000]);
    expect(connections).toHaveLength(1);
  });

  it("closes the connection when the caller's loop throws, and the error reaches the caller unchanged", async () => {
    const api = createApiClient({ baseUrl: server.url });
    const boom = new Error('handler failed');
    const iteration = (async () => {
      for await (const _event of api.sse('/forever')) throw boom;
    })();
    await expect(iteration).rejects.toBe(boom);
    await closedByClient;
  });

  /** Iterates `path`, aborting on the first event: the iteration rejects with the reason and the server
   * sees the connection closed; what the loop saw. */
  const abortOnFirstEvent = async (path: string): Promise<string[]> => {
    const api = createApiClient({ baseUrl: server.url });
    const controller = new AbortController();
    const seen: string[] = [];
    const iteration = (async () => {
      for await (const event of api.sse(path, { signal: controller.signal })) {
        seen.push(event.data);
        controller.abort(new Error('enough'));
      }
    })();
    await expect(iteration).rejects.toThrow('enough');
    await closedByClient;
    return seen;
  };

  it('closes the connection when the caller aborts', async () => {
    expect(await abortOnFirstEvent('/forever')).toEqual(['first']);
  });

  it('yields no event already received once the signal has aborted, as EventSource.close() dispatches none', async () => {
    expect(await abortOnFirstEvent('/burst')).toEqual(['1']);
  });
});
