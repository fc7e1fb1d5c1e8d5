import { getEventListeners } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUndiciFetch } from '../../src/undici/index.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

let server: TestServer;
/** Resolves the pending `/stream` response's second half. */
let finishStream: (() => void) | undefined;
const undiciFetch = createUndiciFetch();

beforeAll(async () => {
  server = await createTestServer((req, res) => {
    switch (req.url) {
      case '/port':
        return sendJson(res, 200, { port: req.socket.remotePort });
      case '/json':
        return sendJson(res, 200, { id: 1, name: 'Ann' }, { 'x-custom': 'yes' });
      case '/reason':
        res.writeHead(418, 'Short And Stout', { 'set-cookie': ['a=1', 'b=2'], 'content-type': 'text/plain' });
        res.end('teapot');
        return;
      case '/echo':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            method: req.method,
            contentType: req.headers['content-type'] ?? null,
            body: req.body,
          }),
        );
        return;
      case '/empty':
        res.writeHead(204);
        res.end();
        return;
      case '/stream':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first;');
        finishStream = () => res.end('second');
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.alloc(1024 * 1024, 7));
        return;
      case '/gzip':
      case '/br':
      case '/deflate': {
        const text = JSON.stringify({ encoded: req.url.slice(1) });
        const encode = { '/gzip': gzipSync, '/br': brotliCompressSync, '/deflate': deflateSync }[req.url];
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': req.url.slice(1) });
        res.end(encode(text));
        return;
      }
      case '/status-600':
        // Node's server sends any status from 100 to 999; a Response can only hold 200-599.
        res.writeHead(600, 'Out Of Range', { 'content-type': 'text/plain' });
        res.end('body');
        return;
      case '/reset-mid-body':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
        res.write('partial', () => setTimeout(() => req.socket.destroy(), 20));
        return;
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('no such path');
    }
  });
});
afterAll(async () => {
  await undiciFetch.close();
  await server.close();
});

describe('createUndiciFetch: responses', () => {
  it('returns the status, status text, headers, url and body as fetch does', async () => {
    const response = await undiciFetch(`${server.url}/json`);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('OK');
    expect(response.ok).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-custom')).toBe('yes');
    expect(response.url).toBe(`${server.url}/json`);
    expect(response.redirected).toBe(false);
    expect(await response.json()).toEqual({ id: 1, name: 'Ann' });
  });

  it('gives a url without the fragment of the URL asked for, as fetch does', async () => {
    const response = await undiciFetch(`${server.url}/json#section`);
    expect(response.url).toBe(`${server.url}/json`);
    await response.body?.cancel();
  });

  it("keeps the server's own reason phrase and repeated headers", async () => {
    const response = await undiciFetch(new URL(`${server.url}/reason`));
    expect(response.status).toBe(418);
    expect(response.statusText).toBe('Short And Stout');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.text()).toBe('teapot');
  });

  it('gives 204 and HEAD responses a null body', async () => {
    const empty = await undiciFetch(`${server.url}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const head = await undiciFetch(`${server.url}/json`, { method: 'head' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers.get('content-length')).toBe('21');
  });

  it('streams the body: the first chunk is readable before the server ends the response', async () => {
    const response = await undiciFetch(`${server.url}/stream`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first;');
    finishStream?.();
    const second = await reader.read();
    expect(new TextDecoder().decode(second.value)).toBe('second');
    expect((await reader.read()).done).toBe(true);
  });

  it('reads a 1 MiB body in full', async () => {
    const bytes = new Uint8Array(await (await undiciFetch(`${server.url}/big`)).arrayBuffer());
    expect(bytes.byteLength).toBe(1024 * 1024);
    expect(bytes.every((b) => b === 7)).toBe(true);
  });

  it.each(['gzip', 'br', 'deflate'])('decodes a %s body', async (coding) => {
    const response = await undiciFetch(`${server.url}/${coding}`);
    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(await response.json()).toEqual({ encoded: coding });
  });

  const portsOf = async (fetchFn: typeof undiciFetch, count: number): Promise<Set<number>> => {
    const ports = new Set<number>();
    for (let i = 0; i < count; i++) {
      ports.add(((await (await fetchFn(`${server.url}/port`)).json()) as { port: number }).port);
    }
    return ports;
  };

  it('reuses keep-alive connections: 10 sequential requests open at most 2 sockets', async () => {
    // undici may dispatch the next request just before the finished socket is marked free, so it
    // alternates between two sockets (Node's global fetch does the same); never one per request.
    const own = createUndiciFetch();
    const ports = await portsOf(own, 10);
    await own.close();
    expect(ports.size).toBeGreaterThanOrEqual(1);
    expect(ports.size).toBeLessThanOrEqual(2);
  });

  it('opens a single socket per origin with connections: 1', async () => {
    const own = createUndiciFetch({ connections: 1 });
    const ports = await portsOf(own, 5);
    await own.close();
    expect(ports.size).toBe(1);
  });
});

describe('createUndiciFetch: request bodies', () => {
  const echo = async (init: RequestInit) => (await undiciFetch(`${server.url}/echo`, init)).json();

  it('sends a string as text/plain;charset=UTF-8, or with the caller content type', async () => {
    expect(await echo({ method: 'POST', body: 'hello' })).toEqual({
      method: 'POST',
      contentType: 'text/plain;charset=UTF-8',
      body: 'hello',
    });
    expect(
      await echo({ method: 'put', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } }),
    ).toEqual({
      method: 'PUT',
      contentType: 'application/json',
      body: '{"a":1}',
    });
  });

  it('sends URLSearchParams form-encoded, bytes as they are, and a Blob with its type', async () => {
    expect(await echo({ method: 'POST', body: new URLSearchParams({ q: 'a b', n: '1' }) })).toEqual({
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: 'q=a+b&n=1',
    });
    const bytes = new TextEncoder().encode('xxbytesxx').subarray(2, 7);
    expect(await echo({ method: 'POST', body: bytes })).toEqual({
      method: 'POST',
      contentType: null,
      body: 'bytes',
    });
    expect(await echo({ method: 'POST', body: new Blob(['<a/>'], { type: 'application/xml' }) })).toEqual({
      method: 'POST',
      contentType: 'application/xml',
      body: '<a/>',
    });
  });

  it('sends FormData as multipart with its boundary', async () => {
    const form = new FormData();
    form.append('name', 'Ann');
    const seen = (await echo({ method: 'POST', body: form })) as { contentType: string; body: string };
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(seen.contentType)?.[1];
    expect(boundary).toBeDefined();
    expect(seen.body).toContain(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n`,
    );
  });

  it('streams a ReadableStream body chunk by chunk (chunked transfer encoding)', async () => {
    const chunks = ['one,', 'two,', 'three'];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const before = server.requests.length;
    expect(await echo({ method: 'POST', body, duplex: 'half' } as RequestInit)).toEqual({
      method: 'POST',
      contentType: null,
      body: 'one,two,three',
    });
    expect(server.requests[before]?.headers['transfer-encoding']).toBe('chunked');
  });

  it('takes a Request as input: its method, headers and body', async () => {
    const request = new Request(`${server.url}/echo`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"b":2}',
    });
    expect(await (await undiciFetch(request)).json()).toEqual({
      method: 'PATCH',
      contentType: 'application/json',
      body: '{"b":2}',
    });
  });

  it("sends a Request's body with a Content-Length, not chunked, as fetch does", async () => {
    // ky hands every request over as a Request: servers that refuse chunked uploads must still get it.
    const before = server.requests.length;
    const request = new Request(`${server.url}/echo`, { method: 'POST', body: '{"a":1}' });
    expect(((await (await undiciFetch(request)).json()) as { body: string }).body).toBe('{"a":1}');
    expect(server.requests[before]?.headers['content-length']).toBe('7');
    expect(server.requests[before]?.headers['transfer-encoding']).toBeUndefined();
    // So are bytes, a Blob and a form (a File part included): all there at once, as a string is.
    const form = new FormData();
    form.append('file', new File(['x'.repeat(100_000)], 'a.txt'));
    for (const body of [new Uint8Array(300_000), new Blob(['blob']), form]) {
      const sent = server.requests.length;
      await (await undiciFetch(new Request(`${server.url}/echo`, { method: 'POST', body }))).text();
      expect(server.requests[sent]?.headers['content-length']).toBe(
        String(server.requests[sent]?.body.length),
      );
      expect(server.requests[sent]?.headers['transfer-encoding']).toBeUndefined();
    }
  });

  it.each([
    ['init.body', (url: string, body: ReadableStream<Uint8Array>) => undiciFetch(url, streamInit(body))],
    [
      'a Request',
      (url: string, body: ReadableStream<Uint8Array>) => undiciFetch(new Request(url, streamInit(body))),
    ],
  ])(
    'streams a ReadableStream body given as %s: the server has its first chunk before the last is made',
    async (_, send) => {
      const upload = await createUploadServer();
      try {
        let firstChunkArrived = false;
        let pulls = 0;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (pulls++ === 0) return controller.enqueue(new TextEncoder().encode('first;'));
            // Withholds the last chunk until the server has the first (or 3 s have passed: buffered).
            firstChunkArrived = await Promise.race([
              upload.firstChunk.then(() => true),
              new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
            ]);
            controller.enqueue(new TextEncoder().encode('last'));
            controller.close();
          },
        });
        const response = await send(`${upload.url}/upload`, body);
        expect(await response.text()).toBe('first;last');
        expect(firstChunkArrived).toBe(true);
        expect(upload.headers[0]?.['transfer-encoding']).toBe('chunked');
      } finally {
        await upload.close();
      }
    },
  );

  it("rejects with TypeError('fetch failed') and the stream's error when a Request's stream body fails mid-upload", async () => {
    const upload = await createUploadServer();
    try {
      const failure = new Error('disk went away');
      let pulls = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (pulls++ === 0) return controller.enqueue(new TextEncoder().encode('first;'));
          await upload.firstChunk;
          controller.error(failure);
        },
      });
      const error = (await undiciFetch(new Request(`${upload.url}/upload`, streamInit(body))).catch(
        (e: unknown) => e,
      )) as TypeError;
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe('fetch failed');
      expect(error.cause).toBe(failure);
    } finally {
      await upload.close();
    }
  });

  it("rejects with the signal's reason when aborted mid-upload of a Request's stream body that never ends", async () => {
    const upload = await createUploadServer();
    try {
      const controller = new AbortController();
      let pulls = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(stream) {
          if (pulls++ === 0) return stream.enqueue(new TextEncoder().encode('first;'));
          await new Promise(() => {}); // the last chunk never comes
        },
      });
      const init = { ...streamInit(body), signal: controller.signal };
      const pending = undiciFetch(new Request(`${upload.url}/upload`, init));
      await upload.firstChunk;
      const reason = new Error('user left');
      controller.abort(reason);
      await expect(pending).rejects.toBe(reason);
    } finally {
      await upload.close();
    }
  });

  it("sends the Request's own body when init.body is null, as fetch does", async () => {
    const request = new Request(`${server.url}/echo`, { method: 'POST', body: 'kept' });
    expect(await (await undiciFetch(request, { body: null })).json()).toEqual({
      method: 'POST',
      contentType: 'text/plain;charset=UTF-8',
      body: 'kept',
    });
  });

  it('refuses a Request whose body was already read with the TypeError fetch gives, sending nothing', async () => {
    const request = new Request(`${server.url}/echo`, { method: 'POST', body: 'once' });
    await request.text();
    const before = server.requests.length;
    const error = (await undiciFetch(request).catch((e: unknown) => e)) as TypeError;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(
      'Cannot construct a Request with a Request object that has already been used.',
    );
    // A new body in init replaces the used one, as with fetch.
    const response = await undiciFetch(request, { body: 'again' });
    expect(((await response.json()) as { body: string }).body).toBe('again');
    expect(server.requests.length).toBe(before + 1);
  });

  it('refuses CONNECT, TRACE and TRACK as fetch does', async () => {
    for (const method of ['CONNECT', 'trace', 'TRACK']) {
      await expect(undiciFetch(`${server.url}/echo`, { method })).rejects.toThrow(
        new TypeError(`'${method}' HTTP method is unsupported.`),
      );
    }
  });

  it('rejects a GET with a body, and a non-http URL, with TypeError', async () => {
    await expect(undiciFetch(`${server.url}/echo`, { body: 'x' })).rejects.toThrow(
      new TypeError('Request with GET/HEAD method cannot have body.'),
    );
    await expect(undiciFetch('ftp://127.0.0.1/x')).rejects.toThrow(new TypeError('fetch failed'));
    await expect(undiciFetch('/relative')).rejects.toThrow(TypeError);
  });
  it('refuses a URL with credentials, as fetch does, sending nothing and showing no password', async () => {
    const before = server.requests.length;
    const withCredentials = `http://user:hunter2@127.0.0.1:${server.port}/echo`;
    for (const input of [withCredentials, new URL(withCredentials)]) {
      const error = (await undiciFetch(input).catch((e: unknown) => e)) as TypeError;
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe('Request cannot be constructed from a URL that includes credentials');
    }
    expect(server.requests.length).toBe(before);
  });
});

describe('createUndiciFetch: failures', () => {
  it('rejects with the signal reason when aborted before or during the request', async () => {
    const early = new AbortController();
    early.abort(new Error('early'));
    await expect(undiciFetch(`${server.url}/json`, { signal: early.signal })).rejects.toThrow('early');

    const late = new AbortController();
    const pending = undiciFetch(`${server.url}/stream`, { signal: late.signal });
    const response = await pending;
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    late.abort(new Error('late'));
    await expect(reader.read()).rejects.toThrow('late');
    finishStream?.();
  });

  it('keeps no abort listener once the whole body arrived, so a later abort leaves it readable (unlike fetch)', async () => {
    const controller = new AbortController();
    const response = await undiciFetch(`${server.url}/json`, { signal: controller.signal });
    // The body is small: it arrives whole without being read, and the listener goes with its last byte.
    for (let waited = 0; getEventListeners(controller.signal, 'abort').length > 0; waited += 5) {
      if (waited > 5_000) throw new Error('the abort listener was never removed');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    controller.abort(new Error('too late'));
    expect(await response.json()).toEqual({ id: 1, name: 'Ann' });
  });

  it('rejects with the default AbortError when the signal has no reason of its own', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await undiciFetch(`${server.url}/json`, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect((error as DOMException).name).toBe('AbortError');
  });

  it("ignores the Request's signal when init.signal is null, as fetch does", async () => {
    const controller = new AbortController();
    controller.abort();
    const request = new Request(`${server.url}/json`, { signal: controller.signal });
    await expect(undiciFetch(request)).rejects.toMatchObject({ name: 'AbortError' });
    expect(await (await undiciFetch(request, { signal: null })).json()).toEqual({ id: 1, name: 'Ann' });
  });

  it("rejects with TypeError('fetch failed') and the cause when nothing listens", async () => {
    const closed = await createTestServer(() => {});
    await closed.close();
    const error = (await undiciFetch(`${closed.url}/x`).catch((e: unknown) => e)) as TypeError;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect((error.cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it("errors the body with TypeError('terminated') when the connection resets mid-body", async () => {
    const response = await undiciFetch(`${server.url}/reset-mid-body`);
    const error = (await response.text().catch((e: unknown) => e)) as TypeError;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('terminated');
  });

  it("rejects a status outside 200-599 with TypeError('fetch failed') instead of never settling, and frees the connection", async () => {
    const own = createUndiciFetch({ connections: 1 });
    const error = (await own(`${server.url}/status-600`).catch((e: unknown) => e)) as TypeError;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause).toBeInstanceOf(RangeError);
    // One socket: if the refused response kept it, the next request would wait for it (and time out).
    const next = await own(`${server.url}/json`, { signal: AbortSignal.timeout(2000) });
    expect(await next.json()).toEqual({ id: 1, name: 'Ann' });
    await own.close();
  }, 10_000);

  it('frees the connection when the reader cancels the body, so the next request succeeds', async () => {
    // One socket: if the cancelled response kept it, the next request would wait for it (and time out).
    const own = createUndiciFetch({ connections: 1 });
    const response = await own(`${server.url}/stream`);
    await response.body?.cancel();
    const next = await own(`${server.url}/json`, { signal: AbortSignal.timeout(2000) });
    expect(await next.json()).toEqual({ id: 1, name: 'Ann' });
    await own.close();
  });
});

/** The init of a POST whose body is `body` (fetch asks for `duplex: 'half'` with a stream). */
function streamInit(body: ReadableStream<Uint8Array>): RequestInit {
  return { method: 'POST', body, duplex: 'half' } as RequestInit;
}

/**
 * A server on 127.0.0.1 whose `firstChunk` resolves when the first chunk of a request body arrives (the
 * shared test server reads whole bodies first), and that answers with the body once it has ended.
 */
async function createUploadServer() {
  let arrived!: () => void;
  const firstChunk = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const headers: Record<string, string | string[] | undefined>[] = [];
  const upload = createServer((req, res) => {
    headers.push(req.headers);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      arrived();
    });
    req.on('error', () => {});
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => upload.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(upload.address() as AddressInfo).port}`,
    firstChunk,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        upload.closeAllConnections();
        upload.close(() => resolve());
      }),
  };
}
