// The built ES module client under Node, Bun and Deno (their npm packages, devDependencies), each running
// fixtures/smoke.mjs, then fixtures/behaviours.mjs (the behaviours where fetch implementations differ:
// timeouts, aborts, network failures, retry, breaker, dedupe, bodies, progress, sse, interceptors), against
// loopback node:http servers.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEarlyAnswerServer,
  createTestServer,
  type EarlyAnswerServer,
  type Handler,
  sendJson,
  type TestServer,
} from '../helpers/server.js';
import { DIST_ESM, ensureLibraryBuilt, ROOT, runProgram } from '../package/helpers/dist.js';

const SMOKE = fileURLToPath(new URL('./fixtures/smoke.mjs', import.meta.url));
const BEHAVIOURS = fileURLToPath(new URL('./fixtures/behaviours.mjs', import.meta.url));
const BIN = path.join(ROOT, 'node_modules', '.bin');

let server: TestServer;
let behaviours: TestServer;
let early: EarlyAnswerServer;
let refusedUrl: string;
let denoDir: string;
const held = new Set<ServerResponse>();

beforeAll(async () => {
  await ensureLibraryBuilt();
  // Deno's cache goes to a throwaway folder, not the user's home.
  denoDir = await mkdtemp(path.join(tmpdir(), 'typefetch-deno-'));
  server = await createTestServer((req, res) => {
    if (req.url === '/users/1') sendJson(res, 200, { id: 1, name: 'Ada' });
    else if (req.url === '/posts' && req.method === 'POST') {
      sendJson(res, 201, {
        received: JSON.parse(req.body) as unknown,
        contentType: req.headers['content-type'],
      });
    } else if (req.url === '/slow') {
      // Never answered: the client's 200 ms timeout fires first. Closed in afterAll.
      held.add(res);
    } else sendJson(res, 404, { error: 'not found' });
  });
  behaviours = await createTestServer(behavioursHandler());
  early = await createEarlyAnswerServer();
  // A port nothing listens on: a server started, then closed.
  const closed = await createTestServer(() => {});
  refusedUrl = closed.url;
  await closed.close();
}, 60_000);

afterAll(async () => {
  for (const res of held) res.destroy();
  await server?.close();
  await behaviours?.close();
  await early?.close();
  if (denoDir !== undefined) await rm(denoDir, { recursive: true, force: true });
});

const RUNTIMES = {
  node: () => [process.execPath, []],
  bun: () => [path.join(BIN, 'bun'), []],
  // Only loopback network access and reading the built client: the smoke test needs nothing more.
  deno: () => [
    path.join(BIN, 'deno'),
    ['run', '--no-config', '--no-prompt', '--allow-net=127.0.0.1', `--allow-read=${path.dirname(DIST_ESM)}`],
  ],
} satisfies Record<string, () => [string, string[]]>;

describe.each(Object.keys(RUNTIMES) as Array<keyof typeof RUNTIMES>)(
  'the built client under %s',
  (runtime) => {
    it('gets, posts JSON, rejects with localized ApiErrors for a 404 and a timeout, and gets with no timeout', async () => {
      const [command, flags] = RUNTIMES[runtime]();
      // The bun and deno npm packages ship the binary; without it the run below could only say ENOENT.
      expect(
        existsSync(command),
        `${command} is missing: run npm ci (bun and deno are devDependencies)`,
      ).toBe(true);
      const before = server.requests.length;
      const result = await runProgram(command, [...flags, SMOKE, pathToFileURL(DIST_ESM).href, server.url], {
        cwd: denoDir,
        env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1' },
      });
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      const notFound = { name: 'ApiError', status: 404, body: { error: 'not found' }, isTimeout: false };
      expect(JSON.parse(result.stdout)).toEqual({
        runtime,
        user: { id: 1, name: 'Ada' },
        created: { received: { title: 'Hello', userId: 1 }, contentType: 'application/json' },
        notFound: { ...notFound, message: 'Resource not found.' },
        noEncontrado: { ...notFound, message: 'El recurso solicitado no fue encontrado.' },
        timedOut: { name: 'ApiError', status: 408, message: 'The request timed out.', isTimeout: true },
        untimed: { id: 1, name: 'Ada' },
      });
      const seen = server.requests.slice(before);
      expect(
        seen.map((request) => `${request.method} ${request.url} ${request.headers['x-runtime']}`),
      ).toEqual([
        `GET /users/1 ${runtime}`,
        `POST /posts ${runtime}`,
        `GET /missing ${runtime}`,
        `GET /missing ${runtime}`,
        `GET /slow ${runtime}`,
        `GET /users/1 ${runtime}`,
      ]);
    });

    it('times out, aborts, fails, retries, dedupes, reads bodies, reports progress and reconnects as documented', async () => {
      const [command, flags] = RUNTIMES[runtime]();
      const result = await runProgram(
        command,
        [
          ...flags,
          BEHAVIOURS,
          pathToFileURL(DIST_ESM).href,
          `${behaviours.url}/${runtime}`,
          refusedUrl,
          early.url,
        ],
        {
          cwd: denoDir,
          env: {
            PATH: process.env['PATH'] ?? '',
            NO_COLOR: '1',
            DENO_DIR: denoDir,
            DENO_NO_UPDATE_CHECK: '1',
          },
        },
      );
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(result.stdout)).toEqual(expectedBehaviours(runtime));
    }, 30_000);
  },
);

/** The routes fixtures/behaviours.mjs calls, with what the server saw (hits, closed connections). */
function behavioursHandler(): Handler {
  // Keyed by the path with its first segment, the runtime: each run sees its own counts.
  const hits = new Map<string, number>();
  const closed = new Map<string, Promise<void>>();
  const sseSeen = new Map<string, Array<{ lastEventId: string | null; cache: string | null }>>();
  const hold = (key: string, res: ServerResponse) => {
    held.add(res);
    closed.set(key, new Promise((resolve) => res.on('close', () => resolve())));
  };
  const respond = async (req: Parameters<Handler>[0], res: ServerResponse): Promise<unknown> => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, runtime = '', route = '', name = ''] = url.pathname.split('/');
    const at = (path: string) => `/${runtime}/${path}`;
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const send = (
      status: number,
      type: string,
      body: string | Buffer,
      headers: Record<string, string> = {},
    ) => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
      res.end(body);
    };
    switch (route) {
      case 'json':
        return sendJson(res, 200, { ok: true });
      case 'count':
        if (url.searchParams.has('fail')) return sendJson(res, 500, { failed: true });
        return sendJson(res, 200, { hits: hits.get(url.pathname) });
      case 'hits':
        return sendJson(res, 200, hits.get(at(`dedupe/${name}`)) ?? 0);
      case 'stall-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
        return hold(at(name), res);
      case 'slow-headers':
        return hold(at(name), res);
      case 'closed': {
        // Whether the held connection `name` was closed by the client (within a second of asking).
        const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000));
        const wasClosed = await Promise.race([closed.get(at(name))?.then(() => true) ?? false, timeout]);
        return sendJson(res, 200, wasClosed);
      }
      case 'reset':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"truncated":');
        setTimeout(() => req.socket.destroy(), 30);
        return;
      case 'large-error':
        return send(500, 'text/plain', 'x'.repeat(3 * 1024 * 1024));
      case 'stall-error':
        res.writeHead(500, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
        return hold(at(name), res);
      case 'redirect302':
        res.writeHead(302, { location: at('json'), 'content-length': '0' });
        return res.end();
      case 'flaky-upload':
        if (hits.get(url.pathname) === 1) return sendJson(res, 503, { busy: true });
        return sendJson(res, 200, { length: Buffer.byteLength(req.body), hits: hits.get(url.pathname) });
      case 'sse-split': {
        // A BOM, then events whose bytes (a two-byte é, a four-byte emoji) and CRLF line ends are split
        // across writes.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const bytes = Buffer.from(
          '\uFEFFdata: caf\u00e9 \u{1F600}\r\n\r\ndata: two\rdata: lines\r\r',
          'utf8',
        );
        let from = 0;
        for (const to of [1, 2, 10, 11, 14, 15, 16, 20, 22, 30]) {
          res.write(bytes.subarray(from, to));
          from = to;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return res.end(bytes.subarray(from));
      }
      case 'text-split': {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        const bytes = Buffer.from('\u00e9t\u00e9 \u{1F600}', 'utf8');
        for (let i = 0; i < bytes.length; i += 1) {
          res.write(bytes.subarray(i, i + 1));
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        return res.end();
      }
      case 'always503':
        return sendJson(res, 503, { busy: true });
      case 'retry-after':
        if (hits.get(url.pathname) === 1) return sendJson(res, 503, { busy: true }, { 'retry-after': '2' });
        return sendJson(res, 200, { attempts: hits.get(url.pathname) });
      case 'dedupe':
        await new Promise((resolve) => setTimeout(resolve, 200));
        return sendJson(res, 200, { shared: true });
      case 'bom':
        return send(200, 'application/json; charset=utf-8', '\uFEFF{"bom":true}');
      case 'problem':
        return send(200, 'application/problem+json', '{"type":"about:blank"}');
      case 'problem422':
        return send(422, 'application/problem+json', '{"title":"bad"}');
      case 'empty200':
        return send(200, 'application/json', '');
      case '204':
        res.writeHead(204);
        return res.end();
      case 'latin1':
        return send(200, 'text/plain; charset=iso-8859-1', Buffer.from('café', 'latin1'));
      case 'bytes':
        return send(200, 'application/octet-stream', Buffer.from([0, 1, 2, 255]));
      case 'invalid-json':
        return send(200, 'application/json', '{"no');
      case 'big': {
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': String(256 * 1024),
        });
        for (let i = 0; i < 4; i += 1) res.write(Buffer.alloc(64 * 1024, i));
        return res.end();
      }
      case 'upload':
        return sendJson(res, 200, {
          length: Buffer.byteLength(req.body),
          method: req.method,
          streamed: req.headers['transfer-encoding'] === 'chunked',
        });
      case 'form':
        return sendJson(res, 200, {
          length: Buffer.byteLength(req.body),
          type: req.headers['content-type']?.replace(/boundary=.*/, 'boundary=...'),
          boundaryInBody: req.body.includes(req.headers['content-type']?.split('boundary=')[1] ?? '?'),
        });
      case 'gzip': {
        const body = gzipSync('x'.repeat(100_000));
        res.writeHead(200, {
          'content-type': 'text/plain',
          'content-encoding': 'gzip',
          'content-length': String(body.length),
        });
        return res.end(body);
      }
      case 'redirect307':
        res.writeHead(307, { location: at('upload'), 'content-length': '0' });
        return res.end();
      case 'sse': {
        const lastEventId = req.headers['last-event-id'] as string | undefined;
        if (!sseSeen.has(runtime)) sseSeen.set(runtime, []);
        sseSeen
          .get(runtime)
          ?.push({ lastEventId: lastEventId ?? null, cache: req.headers['cache-control'] ?? null });
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        if (lastEventId === undefined) return res.end('retry: 25\nid: 1\ndata: a\n\n');
        res.write(`id: ${Number(lastEventId) + 1}\ndata: b\n\n`);
        return hold(at(`sse-${lastEventId}`), res);
      }
      case 'sse-seen':
        return sendJson(res, 200, sseSeen.get(runtime) ?? []);
      case 'echo-headers':
        return sendJson(res, 200, {
          a: req.headers['x-a'],
          b: req.headers['x-b'],
          intercepted: req.headers['x-intercepted'],
          authorization: req.headers.authorization,
        });
      default:
        return sendJson(res, 404, { error: 'not found' });
    }
  };
  return async (req, res) => {
    await respond(req, res);
  };
}

/** What fixtures/behaviours.mjs must print under `runtime`: the documented behaviour, the same everywhere
 * but for what a runtime's own fetch does (see docs/client.md). */
function expectedBehaviours(runtime: keyof typeof RUNTIMES) {
  const error = (name: string, message: string, status: number, ...kinds: string[]) => ({
    name,
    message,
    status,
    is: ['ApiError', ...kinds],
  });
  const timedOut = error('ApiError', 'The request timed out.', 408, 'TimeoutError');
  const network = error('ApiError', 'Network error. The server could not be reached.', 0, 'NetworkError');
  const errorClass = (name: string) => ({ error: true, api: true, name });
  // Only Node's fetch (undici) adds `Cache-Control: no-cache` for the cache mode 'no-store'.
  const cache = runtime === 'node' ? 'no-cache' : null;
  const noBoundary = { boundaryInBody: false, totalIsLength: true };
  return {
    timeoutDuringBody: { error: timedOut, inTime: true, closed: true },
    timeoutDuringBodyText: { error: timedOut, closed: true },
    abortBefore: { same: true, sent: 0 },
    abortDuringHeaders: { same: true, closed: true },
    abortDuringBody: { same: true, closed: true },
    abortDefaultReason: { name: 'AbortError', same: true },
    totalTimeoutWithRetries: {
      error: error(
        'ApiError',
        'The request did not finish within its total time limit.',
        408,
        'TimeoutError',
      ),
      inTime: true,
    },
    refused: network,
    resetMidBody: network,
    resetMidBodyBytes: network,
    errorClasses: Object.fromEntries(
      ['ApiError', 'CircuitOpenError', 'NetworkError', 'TimeoutError', 'ValidationError'].map((name) => [
        name,
        errorClass(name),
      ]),
    ),
    validationError: error(
      'ValidationError',
      'The response does not have the expected shape.',
      200,
      'ValidationError',
    ),
    retryAfter: { value: { attempts: 2 }, slept: [2000] },
    breaker: {
      first: 500,
      second: 500,
      open: error(
        'CircuitOpenError',
        'The service is temporarily unavailable. Please try again later.',
        503,
        'CircuitOpenError',
      ),
      stateWhileOpen: 'open',
      probe: { value: { hits: 3 } },
      states: ['open', 'half-open', 'closed'],
    },
    dedupe: { results: Array.from({ length: 5 }, () => ({ shared: true })), hits: 1 },
    dedupeOneAborts: { leaving: true, staying: { value: { shared: true } }, hits: 1 },
    bodies: {
      bom: { bom: true },
      bomText: 12,
      problem: { type: 'about:blank' },
      problem422: 422,
      problem422Body: { title: 'bad' },
      empty200: { value: '(undefined)' },
      empty200Text: '',
      empty204: { value: '(undefined)' },
      empty204Bytes: 'Uint8Array',
      latin1: 'café',
      blob: { kind: 'Blob', type: 'application/octet-stream', bytes: [0, 1, 2, 255] },
      bytes: [0, 1, 2, 255],
      arrayBuffer: 4,
      stream: '{"ok":true}',
      withResponse: { data: { ok: true }, status: 200, bodyUsed: true },
      asResponse: { bodyUsed: false, text: '{"ok":true}' },
      invalidJson: error('ApiError', 'The response is not valid JSON.', 200),
    },
    downloadProgress: {
      length: 262_144,
      first: { transferredBytes: 0, totalBytes: 262_144, percent: 0 },
      last: { transferredBytes: 262_144, totalBytes: 262_144, percent: 1 },
      onePercentOne: 1,
      increasing: true,
    },
    uploadProgressBytes: {
      answer: { length: 204_800, method: 'POST', streamed: true },
      sent: [0, 65_536, 131_072, 196_608, 204_800],
      last: { transferredBytes: 204_800, totalBytes: 204_800, percent: 1 },
    },
    uploadProgressStream: {
      answer: { length: 204_800, method: 'POST', streamed: true },
      sent: [0, 51_200, 102_400, 153_600, 204_800, 204_800],
      first: { transferredBytes: 0 },
      last: { transferredBytes: 204_800, totalBytes: 204_800, percent: 1 },
    },
    uploadProgress307: network,
    plain307: { value: { length: 16, method: 'POST', streamed: false } },
    // Node 20's and 22's fetch cannot send binary data again after a 307; Node 24's can (see
    // docs/client.md, Progress).
    bytes307:
      runtime === 'node' && Number(process.versions.node.split('.')[0]) < 24
        ? network
        : { value: { length: 1000, method: 'POST', streamed: false } },
    sse: {
      events: [
        { event: 'message', data: 'a', id: '1', retry: 25 },
        { event: 'message', data: 'b', id: '2' },
      ],
      slept: [25],
      seen: [
        { lastEventId: null, cache },
        { lastEventId: '1', cache },
      ],
    },
    noStore: { value: { ok: true } },
    interceptors: {
      headers: { a: '1', b: '2', intercepted: 'yes', authorization: 'Bearer secret-token' },
      leaked: false,
      redacted: true,
      levels: ['debug', 'debug'],
    },
    localeEs: {
      notFound: error('ApiError', 'El recurso solicitado no fue encontrado.', 404),
      refused: error('ApiError', 'Error de red. No se pudo contactar con el servidor.', 0, 'NetworkError'),
      timeout: error('ApiError', 'La solicitud tardó demasiado en responder.', 408, 'TimeoutError'),
    },
    streamAbortAfterResolve: { first: '{"partial":', next: true, closed: true },
    asResponseAbortAfterResolve: { status: 200, text: true, closed: true },
    sseBreakCloses: true,
    sseAbort: { events: ['b'], error: true, closed: true },
    progressCallbackThrows: { upload: { ...network, cause: true }, download: { ...network, cause: true } },
    gzipDownloadProgress: {
      length: 100_000,
      first: { transferredBytes: 0 },
      unknownUntilEnd: true,
      last: { transferredBytes: 100_000, totalBytes: 100_000, percent: 1 },
    },
    head: {
      value: true,
      reports: [
        { transferredBytes: 0, totalBytes: 0, percent: 0 },
        { transferredBytes: 0, totalBytes: 0, percent: 1 },
      ],
    },
    networkErrorCause: { cause: true, statusText: 'Network Error' },
    errorBodies: {
      large: { status: 500, noBody: true },
      stalled: { ...error('ApiError', 'Internal server error.', 500), noBody: true, closed: true },
    },
    progressResponse: {
      data: { ok: true },
      status: 200,
      redirected: true,
      url: true,
      type: 'application/json',
      bodyUsed: true,
    },
    retriedUpload: {
      answer: { length: 100_000, hits: 2 },
      reports: [0, 65_536, 100_000, 0, 65_536, 100_000],
    },
    // The answer of a server that stops reading the body and closes the connection: Bun's fetch gives it;
    // Node's and Deno's give it or reject with the write error (EPIPE, Broken pipe), whichever they see
    // first (see docs/client.md, Progress).
    earlyAnswer: {
      status: runtime === 'bun' ? 413 : expect.toBeOneOf([0, 413]),
      incomplete: true,
      noFinalReport: true,
    },
    signalTimeout: { name: 'TimeoutError', apiError: false },
    dedupeKinds: Object.fromEntries(
      [
        ['blob', 'Blob'],
        ['bytes', 'Uint8Array'],
        ['arrayBuffer', 'ArrayBuffer'],
        ['text', 'String'],
      ].map(([parseAs, kind]) => [parseAs, { results: Array(3).fill(`${kind}:{"shared":true}`), hits: 1 }]),
    ),
    dedupeAllAbort: { aborted: [true, true], closed: true },
    sseSplitChunks: ['café 😀', 'two\nlines'],
    textSplitChunks: 'été 😀',
    sseRefused: { end: network, events: [], slept: [3000, 3000] },
    fetchOptions: {
      keepalive: { ok: true },
      credentials: { ok: true },
      mode: { ok: true },
      priority: { ok: true },
      referrerPolicy: { ok: true },
      cacheReload: { ok: true },
      cacheNoCache: { ok: true },
      redirectManual: 302,
      redirectError: 0,
    },
    timeoutDuringCountedBody: { error: timedOut, reports: [0, 11], closed: true },
    abortDuringCountedBody: { same: true, closed: true },
    streamBody: { sent: { length: 1000, method: 'POST', streamed: true }, retried: 503, slept: [] },
    uploadContentTypes: {
      form: {
        type: 'multipart/form-data; boundary=...',
        same: true,
        boundaryInBody: true,
        totalIsLength: true,
      },
      // Bun's fetch sends a Blob's textual type with a charset (as it sends the Blob without progress).
      blob: {
        type: `application/json${runtime === 'bun' ? ';charset=utf-8' : ''}`,
        same: true,
        ...noBoundary,
      },
      params: { type: 'application/x-www-form-urlencoded;charset=UTF-8', same: true, ...noBoundary },
      text: { type: 'text/plain;charset=UTF-8', same: true, ...noBoundary },
    },
  };
}
