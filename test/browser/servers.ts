import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { PNG } from '../client/fixtures/binary.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

/**
 * The page's origin: `/` is an HTML page that imports `/dist/index.js` (the built ES module client, read
 * from `distFile` on each request) and puts its exports on `window.typefetch`.
 */
export function startPageServer(distFile: string): Promise<TestServer> {
  return createTestServer(async (req, res) => {
    if (req.url === '/dist/index.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(await readFile(distFile));
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
}

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>typefetch in a browser</title></head>
<body><script type="module">
import * as typefetch from '/dist/index.js';
window.typefetch = typefetch;
document.title = 'ready';
</script></body></html>`;

export { PNG };
/** 64 KiB of random bytes, for byte-exact reads (with PNG). */
export const RANDOM = randomBytes(64 * 1024);

/** Request headers the API allows in a preflight: exactly what the tests send, nothing more. */
export const ALLOWED_HEADERS = 'content-type, x-request-id, last-event-id';
/** The gzipped JSON body of `/gzip`, and its length once decoded. */
export const GZIPPED = gzipSync(JSON.stringify({ text: 'x'.repeat(100_000) }));
export const GUNZIPPED_LENGTH = 100_011;
export const ITEMS = [1, 2, 3, 4, 5].map((id) => ({ id, name: `item ${id}` }));

/** The API server, and what it saw of connections the client closed. */
export interface CorsApi extends TestServer {
  /** Paths of the responses (`/stall`) whose connection closed before they ended, in order. */
  cutOff: string[];
}

/**
 * The API, on another origin (another port) than the page, so every call is a CORS request. Only
 * `pageOrigin` is allowed; every response, error statuses included, carries the CORS headers (without
 * them the browser would hide the status and the client would see a network error).
 */
export async function startCorsApi(pageOrigin: () => string): Promise<CorsApi> {
  let flakyCalls = 0;
  /** Calls per `key` query value, for routes that answer differently on a retry. */
  const calls = new Map<string, number>();
  /** Paths of the responses whose connection closed before the response ended. */
  const cutOff: string[] = [];
  // Held requests: answered only when the server closes (the client times out first).
  const held = new Set<ServerResponse>();
  const server = await createTestServer((req, res) => {
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin === pageOrigin()
        ? {
            'access-control-allow-origin': origin,
            'access-control-expose-headers': 'X-Total-Count',
            vary: 'Origin',
          }
        : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': ALLOWED_HEADERS,
      });
      res.end();
      return;
    }
    route(req, res, cors);
  });

  function route(req: IncomingMessage & { body: string }, res: ServerResponse, cors: Record<string, string>) {
    const url = new URL(req.url ?? '/', 'http://api');
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /users/1':
        return sendJson(res, 200, { id: 1, name: 'Ada' }, cors);
      case 'POST /posts':
        return sendJson(
          res,
          201,
          {
            received: JSON.parse(req.body) as unknown,
            contentType: req.headers['content-type'] ?? null,
            requestId: req.headers['x-request-id'] ?? null,
          },
          cors,
        );
      case 'GET /items': {
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        const slice = ITEMS.slice((page - 1) * limit, page * limit);
        return sendJson(res, 200, slice, { ...cors, 'x-total-count': String(ITEMS.length) });
      }
      case 'GET /flaky':
        flakyCalls += 1;
        return flakyCalls <= 2
          ? sendJson(res, 503, { error: 'warming up' }, cors)
          : sendJson(res, 200, { ok: true, calls: flakyCalls }, cors);
      case 'GET /image.png':
        res.writeHead(200, { ...cors, 'content-type': 'image/png', 'content-length': PNG.length });
        return void res.end(PNG);
      case 'GET /random':
        res.writeHead(200, { ...cors, 'content-type': 'application/octet-stream' });
        return void res.end(RANDOM);
      case 'GET /events':
        res.writeHead(200, { ...cors, 'content-type': 'text/event-stream' });
        return void res.end(
          '\uFEFF: hi\r\nid: 1\r\ndata: a\r\ndata: b\r\n\r\nevent: tick\ndata: {"n":2}\n\n',
        );
      case 'GET /trickle': {
        // A body that goes on until the client goes away.
        res.writeHead(200, { ...cors, 'content-type': 'application/octet-stream' });
        res.write('a');
        const timer = setInterval(() => res.write('b'), 20);
        held.add(res);
        res.on('close', () => {
          clearInterval(timer);
          held.delete(res);
        });
        return;
      }
      case 'HEAD /sized':
        // No body, but the Content-Length a GET would have: Chromium still gives the Response a body.
        res.writeHead(200, { ...cors, 'content-type': 'application/octet-stream', 'content-length': 5 });
        return void res.end();
      case 'GET /no-content':
        res.writeHead(204, cors);
        return void res.end();
      case 'GET /not-modified':
        res.writeHead(304, cors);
        return void res.end();
      case 'GET /cut':
        // 3 bytes of the 1000 announced, then the connection is cut.
        res.writeHead(200, { ...cors, 'content-type': 'text/plain', 'content-length': 1000 });
        return void res.write('abc', () => setTimeout(() => req.socket.destroy(), 30));
      case 'GET /events-bytes': {
        // One byte at a time: a BOM, a CRLF and UTF-8 characters split across chunks.
        res.writeHead(200, { ...cors, 'content-type': 'text/event-stream' });
        const bytes = Buffer.from('\uFEFFdata: é\r\ndata: ☃\r\n\r\nid: 7\r\ndata: b\r\n\r\n');
        let at = 0;
        const timer = setInterval(() => {
          res.write(bytes.subarray(at, ++at));
          if (at < bytes.length) return;
          clearInterval(timer);
          res.end();
        }, 2);
        return;
      }
      case 'GET /events-resume':
        // Resumes after Last-Event-ID; the first connection is cut after event 1.
        res.writeHead(200, { ...cors, 'content-type': 'text/event-stream' });
        if (req.headers['last-event-id'] === '1') return void res.end('id: 2\ndata: 2\n\n');
        return void res.write('retry: 10\nid: 1\ndata: 1\n\n', () =>
          setTimeout(() => req.socket.destroy(), 30),
        );
      case 'GET /broken':
        return sendJson(res, 500, { error: 'down' }, cors);
      case 'GET /slow':
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      case 'GET /no-cors':
        // Answered, but without CORS headers: the browser hides the response from the page.
        return sendJson(res, 200, { ok: true });
      case 'GET /login':
        // A credentialed CORS response needs Access-Control-Allow-Credentials.
        return sendJson(
          res,
          200,
          { ok: true },
          {
            ...cors,
            'access-control-allow-credentials': 'true',
            'set-cookie': 'sid=s-1; Path=/; SameSite=Lax',
          },
        );
      case 'GET /whoami':
        return sendJson(
          res,
          200,
          { cookie: req.headers.cookie ?? null },
          {
            ...cors,
            'access-control-allow-credentials': 'true',
          },
        );
      case 'GET /stall':
        // The headers and the start of a JSON body, then nothing until the client goes away.
        res.writeHead(200, { ...cors, 'content-type': 'application/json' });
        res.write('{"items": [');
        held.add(res);
        res.on('close', () => {
          held.delete(res);
          cutOff.push(url.pathname);
        });
        return;
      case 'GET /always-503':
        return sendJson(res, 503, { error: 'down' }, cors);
      case 'GET /retry-after': {
        // First call: 503 with a Retry-After (`seconds` or an HTTP `date` 10 s ahead), exposed to the page
        // only with `expose`; the next call: 200.
        const key = url.searchParams.get('key') ?? '';
        const count = (calls.get(key) ?? 0) + 1;
        calls.set(key, count);
        if (count > 1) return sendJson(res, 200, { calls: count }, cors);
        const retryAfter =
          url.searchParams.get('mode') === 'date' ? new Date(Date.now() + 10_000).toUTCString() : '7';
        const expose = url.searchParams.has('expose')
          ? { 'access-control-expose-headers': 'Retry-After' }
          : {};
        return sendJson(res, 503, { error: 'later' }, { ...cors, ...expose, 'retry-after': retryAfter });
      }
      case 'GET /headers':
        // One exposed header (X-Total-Count), one safelisted (content-type), two neither (etag, x-secret).
        return sendJson(
          res,
          200,
          { ok: true },
          {
            ...cors,
            'x-total-count': '5',
            'x-secret': 's',
            etag: '"v1"',
          },
        );
      case 'GET /delayed':
        // A JSON answer 300 ms late: time for concurrent calls to meet.
        return void setTimeout(() => sendJson(res, 200, { at: url.search }, cors), 300);
      case 'GET /redirect':
        res.writeHead(302, { ...cors, location: '/users/1' });
        return void res.end();
      case 'GET /gzip': {
        const zipped = gzipSync(Buffer.from(JSON.stringify({ text: 'x'.repeat(100_000) })));
        res.writeHead(200, {
          ...cors,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'content-length': zipped.length,
        });
        return void res.end(zipped);
      }
      case 'GET /events-slow': {
        // Five events 150 ms apart, then the end; records whether the client cut it first.
        res.writeHead(200, { ...cors, 'content-type': 'text/event-stream' });
        let n = 0;
        const timer = setInterval(() => {
          n += 1;
          res.write(`id: ${n}\ndata: ${n}\n\n`);
          if (n === 5) {
            clearInterval(timer);
            res.end();
          }
        }, 150);
        res.on('close', () => {
          clearInterval(timer);
          cutOff.push(`${url.pathname} ${res.writableEnded ? 'ended' : 'cut'}`);
        });
        return;
      }
      case 'POST /echo':
      case 'PUT /echo':
        // What arrived: the body as text, its content type and length.
        return sendJson(
          res,
          200,
          {
            body: req.body,
            type: req.headers['content-type'] ?? null,
            length: req.headers['content-length'] ?? null,
            te: req.headers['transfer-encoding'] ?? null,
          },
          cors,
        );
      case 'GET /events-utf8':
        // An id outside Latin-1; the reconnection's Last-Event-ID, read as UTF-8 bytes, comes back as data.
        res.writeHead(200, { ...cors, 'content-type': 'text/event-stream' });
        if (req.headers['last-event-id'] !== undefined) {
          const id = Buffer.from(String(req.headers['last-event-id']), 'latin1').toString('utf8');
          return void res.end(`data: ${id}\n\n`);
        }
        return void res.write('retry: 10\nid: é☃\ndata: 1\n\n', () =>
          setTimeout(() => req.socket.destroy(), 30),
        );
      case 'GET /forever': {
        // Two events (`data: {"n":1}`, `data: nope`) every 50 ms, never ending; `type` and `status` may
        // change the content type and the status. Records the cut.
        const type = url.searchParams.get('type') ?? 'text/event-stream';
        res.writeHead(Number(url.searchParams.get('status') ?? 200), { ...cors, 'content-type': type });
        const timer = setInterval(() => res.write('data: {"n":1}\n\ndata: nope\n\n'), 50);
        held.add(res);
        res.on('close', () => {
          clearInterval(timer);
          held.delete(res);
          cutOff.push(`${url.pathname}${url.search}`);
        });
        return;
      }
      case 'GET /cached': {
        // Cacheable for a minute: the browser's HTTP cache answers a second GET itself.
        const count = (calls.get('/cached') ?? 0) + 1;
        calls.set('/cached', count);
        return sendJson(res, 200, { n: count }, { ...cors, 'cache-control': 'max-age=60' });
      }
      default:
        return sendJson(res, 404, { error: 'not found' }, cors);
    }
  }

  return {
    ...server,
    cutOff,
    close: async () => {
      for (const res of held) res.destroy();
      await server.close();
    },
  };
}
