import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isJsonContentType, MAX_ERROR_BODY_BYTES, readText } from '../../src/client/response.js';
import { ApiError, createApiClient } from '../../src/index.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

/** Routes: `/<status>/<content-type, URL-encoded or "none">/<body, URL-encoded>`. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    const [, status, type, body] = (req.url ?? '').split('/').map(decodeURIComponent);
    const headers: Record<string, string> = type === 'none' ? {} : { 'content-type': type ?? '' };
    res.writeHead(Number(status), headers);
    res.end(body ?? '');
  });
});
afterAll(() => server.close());

const route = (status: number, type: string, body: string): string =>
  `/${status}/${encodeURIComponent(type)}/${encodeURIComponent(body)}`;

describe('parsing a 2xx response', () => {
  const api = () => createApiClient({ baseUrl: server.url });

  it('parses application/json', async () => {
    expect(await api().get(route(200, 'application/json; charset=utf-8', '{"id":1,"tags":["a"]}'))).toEqual({
      id: 1,
      tags: ['a'],
    });
  });

  it('parses a *+json type', async () => {
    expect(await api().get(route(201, 'application/problem+json', '{"title":"x"}'))).toEqual({ title: 'x' });
    expect(await api().get(route(200, 'application/vnd.api+json', '[1,2]'))).toEqual([1, 2]);
  });

  it('parses JSON scalars', async () => {
    expect(await api().get(route(200, 'application/json', '42'))).toBe(42);
    expect(await api().get(route(200, 'application/json', 'null'))).toBeNull();
    expect(await api().get(route(200, 'application/json', '"s"'))).toBe('s');
  });

  it('resolves text types to text, and a response without a content type to a Blob', async () => {
    expect(await api().get(route(200, 'text/plain', '{"not":"parsed"}'))).toBe('{"not":"parsed"}');
    expect(await api().get(route(200, 'text/html', '<h1>hi</h1>'))).toBe('<h1>hi</h1>');
    const untyped = await api().get(route(200, 'none', 'plain'));
    expect(untyped).toBeInstanceOf(Blob);
    expect(await (untyped as Blob).text()).toBe('plain');
  });

  it('decodes UTF-8 text', async () => {
    expect(await api().get(route(200, 'application/json', '{"s":"ñandú ☃ 😀"}'))).toEqual({
      s: 'ñandú ☃ 😀',
    });
  });

  it('resolves 204 to undefined', async () => {
    expect(await api().delete(route(204, 'application/json', ''))).toBeUndefined();
  });

  it('resolves 205 to undefined', async () => {
    expect(await api().post(route(205, 'none', ''))).toBeUndefined();
  });

  it('resolves an empty 200 to undefined, even with a JSON type', async () => {
    expect(await api().get(route(200, 'application/json', ''))).toBeUndefined();
    expect(await api().get(route(200, 'text/plain', ''))).toBeUndefined();
  });

  it('resolves HEAD to undefined', async () => {
    expect(await api().request('HEAD', route(200, 'application/json', '{"a":1}'))).toBeUndefined();
  });

  it('resolves delete like any other method', async () => {
    expect(await api().delete(route(200, 'application/json', '{"deleted":true}'))).toEqual({ deleted: true });
  });

  it('rejects invalid JSON on a 2xx with an ApiError of that status naming the problem', async () => {
    const error = await api()
      .get(route(200, 'application/json', '{"a":'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).details).toEqual({
      status: 200,
      statusText: 'OK',
      message: 'The response is not valid JSON.',
      body: '{"a":',
      isTimeout: false,
    });
    expect((error as ApiError).cause).toBeInstanceOf(SyntaxError);
  });

  it('names the invalid JSON problem in Spanish with errorLocale es', async () => {
    await expect(
      api().get(route(201, 'application/json', '<html>'), { errorLocale: 'es' }),
    ).rejects.toMatchObject({ status: 201, message: 'La respuesta no es un JSON válido.' });
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['APPLICATION/JSON; charset=UTF-8', true],
    ['application/ld+json', true],
    [' application/json ', true],
    ['text/json', false],
    ['application/jsonp', false],
    ['text/plain', false],
    [null, false],
  ])('%j -> %s', (type, expected) => {
    expect(isJsonContentType(type)).toBe(expected);
  });
});

describe('error responses', () => {
  const TEN_MB = 10 * 1024 * 1024;
  let bigBodyWritten = -1;

  /** Writes `total` bytes of 'x' in 64 KiB chunks, honouring backpressure, until done or the socket closes. */
  async function writeHuge(res: ServerResponse, total: number): Promise<number> {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    while (written < total && !res.destroyed) {
      written += chunk.length;
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = (): void => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
    }
    if (!res.destroyed) res.end();
    return written;
  }

  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(async (req, res) => {
      switch (req.url) {
        case '/json':
          return sendJson(res, 422, { errors: [{ field: 'email', code: 'taken' }] });
        case '/problem':
          res.writeHead(400, { 'content-type': 'application/problem+json' });
          return void res.end('{"title":"Bad","status":400}');
        case '/text':
          res.writeHead(500, { 'content-type': 'text/plain' });
          return void res.end('stack trace with secret-token-123');
        case '/latin1':
          res.writeHead(400, { 'content-type': 'text/plain; charset=iso-8859-1' });
          return void res.end(Buffer.from('Datos inválidos: año', 'latin1'));
        case '/json-charset':
          // RFC 8259: JSON is UTF-8 whatever charset the header names (a misconfigured server).
          res.writeHead(400, { 'content-type': 'application/json; charset=iso-8859-1' });
          return void res.end(Buffer.from('{"message":"Datos inválidos: año"}', 'utf8'));
        case '/bad-json':
          res.writeHead(502, { 'content-type': 'application/json' });
          return void res.end('<html>Bad Gateway</html>');
        case '/empty':
          res.writeHead(404, { 'content-type': 'application/json' });
          return void res.end();
        case '/huge':
          res.writeHead(500, { 'content-type': 'application/json', 'content-length': String(TEN_MB) });
          bigBodyWritten = await writeHuge(res, TEN_MB);
          return;
        default:
          res.writeHead(404);
          res.end();
      }
    });
  });
  afterAll(() => server.close());

  const failure = (promise: Promise<unknown>): Promise<ApiError> =>
    promise.then(
      () => {
        throw new Error('expected a rejection');
      },
      (error: unknown) => error as ApiError,
    );
  const api = () => createApiClient({ baseUrl: server.url });

  describe('ApiError from an error response', () => {
    it('carries the parsed JSON body and the spec fields', async () => {
      const error = await failure(api().post('/json', { email: 'a@b.c' }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.name).toBe('ApiError');
      expect(error.details).toEqual({
        status: 422,
        statusText: 'Unprocessable Entity',
        message: 'The data could not be processed. Please check it.',
        body: { errors: [{ field: 'email', code: 'taken' }] },
        isTimeout: false,
      });
      expect(error.cause).toBeUndefined();
    });

    it('parses a +json error body', async () => {
      const error = await failure(api().get('/problem'));
      expect(error.body).toEqual({ title: 'Bad', status: 400 });
      expect(error.message).toBe('Invalid request. Please check your data.');
    });

    it('carries a text body as text, never in the message', async () => {
      const error = await failure(api().get('/text'));
      expect(error.body).toBe('stack trace with secret-token-123');
      expect(error.message).toBe('Internal server error.');
      expect(String(error)).toBe('ApiError: Internal server error.');
    });

    it('decodes a text error body with the charset the response declares', async () => {
      const error = await failure(api().get('/latin1'));
      expect(error.body).toBe('Datos inválidos: año');
    });

    it('reads a JSON error body as UTF-8 whatever charset it declares, as a 2xx JSON body', async () => {
      const error = await failure(api().get('/json-charset'));
      expect(error.body).toEqual({ message: 'Datos inválidos: año' });
    });

    it('falls back to the text when a JSON-typed error body is not JSON', async () => {
      const error = await failure(api().get('/bad-json'));
      expect(error.status).toBe(502);
      expect(error.body).toBe('<html>Bad Gateway</html>');
    });

    it('has body undefined for an empty error body', async () => {
      const error = await failure(api().get('/empty'));
      expect(error.details).toEqual({
        status: 404,
        statusText: 'Not Found',
        message: 'Resource not found.',
        body: undefined,
        isTimeout: false,
      });
    });

    it('has body undefined for a HEAD error', async () => {
      const error = await failure(api().request('HEAD', '/json'));
      expect(error.status).toBe(422);
      expect(error.body).toBeUndefined();
    });

    it('stops reading a 10 MB error body past 2 MiB: the error arrives without a body', async () => {
      const error = await failure(api().get('/huge'));
      expect(error.details).toEqual({
        status: 500,
        statusText: 'Internal Server Error',
        message: 'Internal server error.',
        body: undefined,
        isTimeout: false,
      });
      // The client cancelled the stream: the server could not write the whole 10 MB.
      await expect.poll(() => bigBodyWritten, { timeout: 5000 }).toBeGreaterThan(0);
      expect(bigBodyWritten).toBeLessThan(TEN_MB);
    });
  });

  describe('readText bound', () => {
    const streamOf = (sizes: number[], onCancel: () => void): Response => {
      let index = 0;
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            const size = sizes[index++];
            if (size === undefined) controller.close();
            else controller.enqueue(new Uint8Array(size).fill(0x61));
          },
          cancel: onCancel,
        }),
      );
    };

    it('returns a body of exactly the limit', async () => {
      let cancelled = false;
      const text = await readText(
        streamOf([MAX_ERROR_BODY_BYTES - 10, 10], () => (cancelled = true)),
        new AbortController().signal,
        MAX_ERROR_BODY_BYTES,
      );
      expect(text?.length).toBe(MAX_ERROR_BODY_BYTES);
      expect(cancelled).toBe(false);
    });

    it('returns undefined one byte past the limit and cancels the stream', async () => {
      let cancelled = false;
      const text = await readText(
        streamOf([MAX_ERROR_BODY_BYTES, 1, 1024], () => (cancelled = true)),
        new AbortController().signal,
        MAX_ERROR_BODY_BYTES,
      );
      expect(text).toBeUndefined();
      expect(cancelled).toBe(true);
    });

    it('is 2 MiB', () => {
      expect(MAX_ERROR_BODY_BYTES).toBe(2_097_152);
    });
  });
});

describe('a body the caller does not get is released: the server sees its connection end early', () => {
  /** Responses still being sent; each 20 MB body sits behind backpressure until read or cancelled. */
  const open = new Set<ServerResponse>();
  let big: TestServer;
  let served = 0;
  beforeAll(async () => {
    big = await createTestServer((req, res) => {
      served++;
      const [, status, type] = (req.url ?? '').split('/');
      // `/retry/...`: a 503 first, then a small 200.
      if (status === 'retry' && served % 2 === 0) return sendJson(res, 200, { ok: true });
      res.writeHead(status === 'retry' ? 503 : Number(status), {
        'content-type': decodeURIComponent(type ?? ''),
      });
      open.add(res);
      res.on('close', () => open.delete(res));
      const chunk = Buffer.alloc(64 * 1024, ' ');
      let written = 0;
      const pump = (): void => {
        while (written < 20 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
  });
  afterAll(() => big.close());
  afterEach(() => {
    for (const res of open) res.destroy();
  });

  /** How many of the big responses are still open 5 s at most after the call settled (0 at once if none). */
  const stillOpen = async (): Promise<number> => {
    for (let waited = 0; open.size > 0 && waited < 5000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return open.size;
  };
  const json = encodeURIComponent('application/json');
  const outcome = (promise: Promise<unknown>): Promise<string> =>
    promise.then(
      (value) => `value ${JSON.stringify(value)}`,
      (error: unknown) => `${(error as Error).name}: ${(error as Error).message}`,
    );

  it("an error status read with parseAs 'stream', and with asResponse()", async () => {
    const api = createApiClient({ baseUrl: big.url });
    expect(await outcome(api.get(`/500/${json}`, { parseAs: 'stream' }))).toBe(
      'ApiError: Internal server error.',
    );
    expect(await outcome(api.get(`/502/${json}`).asResponse())).toBe(
      'ApiError: Bad gateway. The server received an invalid response.',
    );
    expect(await stillOpen()).toBe(0);
  });

  it('a 503 that is retried: its body is released before the retry', async () => {
    served = 0;
    const api = createApiClient({ baseUrl: big.url, retryPolicy: { maxRetries: 1, initialDelayMs: 1 } });
    expect(await outcome(api.get(`/retry/${json}`))).toBe('value {"ok":true}');
    expect(served).toBe(2);
    expect(await stillOpen()).toBe(0);
  });

  it('a response interceptor that throws after it started reading the body, or replaces the response', async () => {
    const throwing = createApiClient({
      baseUrl: big.url,
      interceptors: {
        response: async (response) => {
          await response.clone().body?.getReader().read();
          throw new Error('refused after one chunk');
        },
      },
    });
    expect(await outcome(throwing.get(`/200/${json}`))).toBe('Error: refused after one chunk');
    const replacing = createApiClient({
      baseUrl: big.url,
      interceptors: { response: () => Response.json({ replaced: true }) },
    });
    expect(await outcome(replacing.get(`/200/${json}`))).toBe('value {"replaced":true}');
    expect(await stillOpen()).toBe(0);
  });

  // A body the interceptor locked (its own reader, or a clone's) cannot be cancelled: the attempt's
  // abort frees the connection, even with no timeout and no signal of the caller's.
  for (const timeoutMs of [undefined, Number.POSITIVE_INFINITY]) {
    it(`a response interceptor that throws after reading the body itself or a clone (timeoutMs ${timeoutMs})`, async () => {
      for (const reading of ['itself', 'a clone']) {
        const api = createApiClient({
          baseUrl: big.url,
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
          interceptors: {
            response: async (response) => {
              await (reading === 'itself' ? response : response.clone()).body?.getReader().read();
              throw new Error(`refused after reading ${reading}`);
            },
          },
        });
        expect(await outcome(api.get(`/200/${json}`))).toBe(`Error: refused after reading ${reading}`);
        expect(await stillOpen()).toBe(0);
      }
    });
  }

  it('a server-sent events connection answered with another type', async () => {
    const api = createApiClient({ baseUrl: big.url });
    const iterate = async (): Promise<void> => {
      for await (const _ of api.sse(`/200/${encodeURIComponent('text/html')}`)) break;
    };
    expect(await outcome(iterate())).toBe(
      'ApiError: The response is not an event stream (text/event-stream).',
    );
    expect(await stillOpen()).toBe(0);
  });
});
