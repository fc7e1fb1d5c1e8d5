// The built ES module client under Node, Bun and Deno (their npm packages, devDependencies), each running
// fixtures/smoke.mjs against the same loopback node:http server.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { DIST_ESM, ensureLibraryBuilt, ROOT, runProgram } from '../package/helpers/dist.js';

const SMOKE = fileURLToPath(new URL('./fixtures/smoke.mjs', import.meta.url));
const BIN = path.join(ROOT, 'node_modules', '.bin');

let server: TestServer;
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
}, 60_000);

afterAll(async () => {
  for (const res of held) res.destroy();
  await server?.close();
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
  },
);
