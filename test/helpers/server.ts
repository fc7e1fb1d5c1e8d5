import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach } from 'vitest';

/** A request as the test server saw it, body read in full. */
export interface SeenRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: SeenRequest[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage & { body: string }, res: ServerResponse) => void | Promise<void>;

/**
 * A real HTTP server on 127.0.0.1, port 0, that records each request and hands it to `handler`.
 * `close()` also destroys open sockets so keep-alive connections do not hold the test open.
 */
export async function createTestServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      // The client went away mid-body (an aborted upload): there is no one to answer.
      return;
    }
    const body = Buffer.concat(chunks).toString('utf8');
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    try {
      await handler(Object.assign(req, { body }), res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Sends `body` as JSON with the given status. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * A `serve(handler)` for one test file: each server it starts is closed after the test that started it.
 * Call once at the top of a test file.
 */
export function serveEach(): (handler: Handler) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (handler) => {
    const server = await createTestServer(handler);
    servers.push(server);
    return server;
  };
}

export interface EarlyAnswerServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A server that answers `413` once 128 KiB of a request body have arrived, reads no more and closes the
 * connection (`destroyAfterMs` after its answer, if given): a server that refuses an upload early.
 * `createTestServer` reads whole bodies first, so it cannot be one.
 */
export async function createEarlyAnswerServer(destroyAfterMs?: number): Promise<EarlyAnswerServer> {
  const server = createServer((req, res) => {
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received < 128 * 1024 || res.headersSent) return;
      req.pause();
      res.writeHead(413, { connection: 'close', 'content-type': 'application/json' });
      res.end('{"error":"too large"}', () => {
        if (destroyAfterMs !== undefined) setTimeout(() => req.socket.destroy(), destroyAfterMs);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
