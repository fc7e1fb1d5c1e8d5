import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, NetworkError, type Progress } from '../../../src/index.js';
import { createEarlyAnswerServer, createTestServer, type TestServer } from '../../helpers/server.js';

const BODY = randomBytes(200 * 1024);
const MB = 1024 * 1024;

let server: TestServer;
let flaky = 0;
beforeAll(async () => {
  server = await createTestServer(async (req, res) => {
    if (req.url === '/sized' || req.url === '/chunked') {
      const headers: Record<string, string | number> = { 'content-type': 'application/octet-stream' };
      if (req.url === '/sized') headers['content-length'] = BODY.length;
      res.writeHead(200, headers);
      // A trickle: four pieces with pauses, so the client sees several chunks.
      for (let at = 0; at < BODY.length; at += BODY.length / 4) {
        res.write(BODY.subarray(at, at + BODY.length / 4));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return void res.end();
    }
    if (req.url === '/gzip') {
      // Content-Length is the length of the encoded bytes: the decoded body is far longer.
      const encoded = gzipSync(BODY.subarray(0, 1024).toString('hex').repeat(100));
      res.writeHead(200, {
        'content-type': 'text/plain',
        'content-encoding': 'gzip',
        'content-length': encoded.length,
      });
      return void res.end(encoded);
    }
    if (req.url === '/flaky') {
      // Every other request fails with 503, the next one succeeds.
      flaky++;
      if (flaky % 2 === 1) return void res.writeHead(503).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ received: req.body }));
    }
    if (req.url === '/moved' || req.url === '/see-other') {
      res.writeHead(req.url === '/moved' ? 307 : 303, { location: '/upload' });
      return void res.end();
    }
    if (req.url === '/upload') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ received: req.body.length, type: req.headers['content-type'] }));
    }
    res.writeHead(404);
    res.end();
  });
});
afterAll(() => server.close());

const api = () => createApiClient({ baseUrl: server.url });

/** Progress reports are monotonic, start at 0 and end complete, with `percent: 1` in the final report only. */
function checkSequence(events: Progress[], total: number): void {
  expect(events[0]?.transferredBytes).toBe(0);
  expect(events.at(-1)).toEqual({ transferredBytes: total, totalBytes: total, percent: 1 });
  expect(events.filter((event) => event.percent === 1)).toHaveLength(1);
  for (let i = 1; i < events.length; i++) {
    expect((events[i] as Progress).transferredBytes).toBeGreaterThanOrEqual(
      (events[i - 1] as Progress).transferredBytes,
    );
  }
}

describe('onDownloadProgress', () => {
  it('starts at 0, grows monotonically and ends at the content length with percent 1', async () => {
    const events: Progress[] = [];
    const bytes = await api().get('/sized', { parseAs: 'bytes', onDownloadProgress: (p) => events.push(p) });
    expect(Buffer.from(bytes).equals(BODY)).toBe(true);
    expect(events[0]).toEqual({ transferredBytes: 0, totalBytes: BODY.length, percent: 0 });
    checkSequence(events, BODY.length);
    expect(events.length).toBeGreaterThan(3);
    for (const event of events.slice(0, -1)) {
      expect(event.totalBytes).toBe(BODY.length);
      expect(event.percent).toBe(event.transferredBytes / BODY.length);
    }
  });

  it('without a content length leaves totalBytes and percent undefined until the end', async () => {
    const events: Progress[] = [];
    await api().get('/chunked', { parseAs: 'blob', onDownloadProgress: (p) => events.push(p) });
    checkSequence(events, BODY.length);
    for (const event of events.slice(0, -1))
      expect([event.totalBytes, event.percent]).toEqual([undefined, undefined]);
  });

  it('drops a Content-Length the decoded body outgrows (a browser hides Content-Encoding cross-origin)', async () => {
    // What a cross-origin script sees: only the CORS-safelisted response headers, Content-Length among
    // them, Content-Encoding not.
    const SAFELISTED = ['content-length', 'content-type', 'cache-control', 'expires', 'last-modified'];
    const crossOrigin: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const headers = new Headers();
      for (const [name, value] of response.headers) if (SAFELISTED.includes(name)) headers.set(name, value);
      return new Response(response.body, { status: response.status, headers });
    };
    const encodedLength = gzipSync(BODY.subarray(0, 1024).toString('hex').repeat(100)).length;
    const decodedLength = 2048 * 100;
    const events: Progress[] = [];
    const text = await createApiClient({ baseUrl: server.url, fetchImpl: crossOrigin }).get('/gzip', {
      parseAs: 'text',
      onDownloadProgress: (p) => events.push(p),
    });
    expect(text).toHaveLength(decodedLength);
    expect(events[0]).toEqual({ transferredBytes: 0, totalBytes: encodedLength, percent: 0 });
    checkSequence(events, decodedLength);
    expect(events.length).toBeGreaterThan(2);
    // Past the encoded length the total is unknown (percent went past 1 before), until the end.
    for (const { transferredBytes, totalBytes, percent } of events.slice(1, -1)) {
      expect([totalBytes, percent]).toEqual(
        transferredBytes <= encodedLength
          ? [encodedLength, transferredBytes / encodedLength]
          : [undefined, undefined],
      );
    }
  });

  it('reports 0 bytes of 0 for a response without a body (HEAD), whatever its Content-Length', async () => {
    const events: Progress[] = [];
    await api().request('HEAD', '/sized', { onDownloadProgress: (p) => events.push(p) });
    expect(events).toEqual([
      { transferredBytes: 0, totalBytes: 0, percent: 0 },
      { transferredBytes: 0, totalBytes: 0, percent: 1 },
    ]);
  });

  it('keeps the response url for withResponse()', async () => {
    const { response } = await api()
      .get('/sized', { parseAs: 'bytes', onDownloadProgress: () => {} })
      .withResponse();
    expect(response.url).toBe(`${server.url}/sized`);
  });

  it("keeps the response's type for withResponse() ('basic', not the copy's 'default')", async () => {
    const { response } = await api()
      .get('/sized', { parseAs: 'bytes', onDownloadProgress: () => {} })
      .withResponse();
    expect(response.type).toBe('basic');
  });
});

describe('onUploadProgress', () => {
  it('reports a 1 MB body in Node from 0 to the end, in several steps', async () => {
    const events: Progress[] = [];
    const body = new Uint8Array(MB).fill(7);
    const result = await api().post('/upload', body, { onUploadProgress: (p) => events.push(p) });
    expect(result).toEqual({ received: MB, type: undefined });
    expect(events[0]).toEqual({ transferredBytes: 0, totalBytes: MB, percent: 0 });
    checkSequence(events, MB);
    expect(events.length).toBeGreaterThan(10);
  });

  it('sends and counts only the bytes of a view into a larger buffer (a subarray)', async () => {
    const events: Progress[] = [];
    const view = new Uint8Array(MB).fill(7).subarray(100, 100 + 1000);
    const result = await api().post('/upload', view, { onUploadProgress: (p) => events.push(p) });
    expect(result).toEqual({ received: 1000, type: undefined });
    checkSequence(events, 1000);
  });

  it('makes no final report when the server answers before reading the whole body (a 413)', async () => {
    const early = await createEarlyAnswerServer(50);
    try {
      const events: Progress[] = [];
      const size = 64 * MB;
      const call = createApiClient({ baseUrl: early.url }).post('/upload', new Uint8Array(size), {
        onUploadProgress: (p) => events.push(p),
      });
      await expect(call).rejects.toMatchObject({ name: 'ApiError', status: 413 });
      const last = events.at(-1)!;
      expect(last.totalBytes).toBe(size);
      expect(last.transferredBytes).toBeLessThan(size);
      expect(last.percent).toBe(last.transferredBytes / size);
      expect(events.filter((event) => event.percent === 1)).toEqual([]);
    } finally {
      await early.close();
    }
  });

  it('keeps the content type fetch would give a string body', async () => {
    const events: Progress[] = [];
    const result = await api().post('/upload', 'hello', { onUploadProgress: (p) => events.push(p) });
    expect(result).toEqual({ received: 5, type: 'text/plain;charset=UTF-8' });
    checkSequence(events, 5);
  });

  it('counts a FormData body as the multipart bytes fetch sends, ending at their size', async () => {
    const events: Progress[] = [];
    const form = new FormData();
    form.append('name', 'report');
    form.append('file', new Blob([new Uint8Array(300 * 1024).fill(1)]), 'report.bin');
    const result = (await api().post('/upload', form, { onUploadProgress: (p) => events.push(p) })) as {
      received: number;
      type: string;
    };
    expect(result.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(result.received).toBeGreaterThan(300 * 1024);
    expect(events[0]).toEqual({ transferredBytes: 0, totalBytes: result.received, percent: 0 });
    checkSequence(events, result.received);
    // 64 KiB chunks: reported as they go, not only at the start and the end.
    expect(events.length).toBeGreaterThan(4);
  });

  it('keeps a body that can be sent again retryable (a PUT retried after a 503)', async () => {
    const events: Progress[] = [];
    const client = createApiClient({
      baseUrl: server.url,
      retryPolicy: { maxRetries: 1, initialDelayMs: 1 },
    });
    const before = server.requests.length;
    const result = await client.put('/flaky', 'hello', { onUploadProgress: (p) => events.push(p) });
    expect(result).toEqual({ received: 'hello' });
    expect(server.requests.slice(before).map((request) => request.body)).toEqual(['hello', 'hello']);
    // Each attempt reports its upload from 0.
    expect(events.filter((event) => event.transferredBytes === 0)).toHaveLength(2);
    expect(events.at(-1)).toEqual({ transferredBytes: 5, totalBytes: 5, percent: 1 });
  });

  it("fails as a NetworkError caused by the callback's error when it throws mid-upload", async () => {
    // A server of its own that takes an upload broken off (the shared helper reports it as an error).
    const sink = createServer((req, res) => {
      req.on('error', () => {});
      req.on('end', () => res.end());
      req.resume();
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const { port } = sink.address() as AddressInfo;
    const boom = new Error('progress bar gone');
    try {
      const error = await createApiClient({ baseUrl: `http://127.0.0.1:${port}` })
        .post('/upload', new Uint8Array(MB), {
          onUploadProgress: ({ transferredBytes }) => {
            if (transferredBytes > 0) throw boom;
          },
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).cause).toBe(boom);
    } finally {
      sink.closeAllConnections();
      await new Promise((resolve) => sink.close(resolve));
    }
  });

  it('fails as a NetworkError when a callback throws on its first report, with interceptors too', async () => {
    const boom = new Error('progress bar gone');
    const client = createApiClient({ baseUrl: server.url, interceptors: { response: (r) => r } });
    const throwing = () => {
      throw boom;
    };
    for (const call of [
      client.post('/upload', 'hello', { onUploadProgress: throwing }),
      client.get('/sized', { onDownloadProgress: throwing }),
    ]) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).cause).toBe(boom);
    }
  });

  it("rejects the read of a 'stream' body with a NetworkError caused by the callback's error when it throws mid-download", async () => {
    const boom = new Error('progress bar gone');
    const body = await api().get('/sized', {
      parseAs: 'stream',
      onDownloadProgress: ({ transferredBytes }) => {
        if (transferredBytes > 0) throw boom;
      },
    });
    const error = await new Response(body).arrayBuffer().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(boom);
  });

  it('follows a 303 (the body is not sent again); a 307 fails as a NetworkError, a streamed body cannot be resent', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const onUploadProgress = (): void => {};
    // 303: fetch follows with a GET, which has no body.
    expect(await api.post('/see-other', 'x'.repeat(100_000), { onUploadProgress })).toEqual({
      received: 0,
    });
    // 307 keeps the method and the body: fetch cannot send a streamed body twice.
    const error = await api
      .post('/moved', 'x'.repeat(100_000), { onUploadProgress })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    // Without upload progress the body is sent as it is, and fetch follows the 307 with it.
    expect(await api.post('/moved', 'x'.repeat(100_000))).toEqual({
      received: 100_000,
      type: 'text/plain;charset=UTF-8',
    });
  });

  it('refuses a callback that is not a function, naming it', async () => {
    await expect(api().get('/sized', { onDownloadProgress: 1 as never })).rejects.toThrow(
      new TypeError('options.onDownloadProgress must be a function, got 1'),
    );
  });
});
