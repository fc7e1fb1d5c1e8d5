import { execFileSync, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const built = join(root, 'dist/undici.js');

/** Builds dist when dist/undici.js is missing or older than the transport's sources. */
function ensureBuilt(): void {
  let builtAt = 0;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    // Missing: build below.
  }
  const sources = [
    'index.ts',
    'options.ts',
    'request-init.ts',
    'response-handler.ts',
    'redirect.ts',
    'decode.ts',
  ];
  const newest = Math.max(...sources.map((file) => statSync(join(root, 'src/undici', file)).mtimeMs));
  if (builtAt < newest)
    execFileSync('npx', ['tsup', '--silent'], { cwd: root, stdio: 'ignore', timeout: 120_000 });
}

// A script that makes requests through the built client on the undici transport and prints "settled"
// when the last one settled; its keep-alive sockets must not hold it open (undici unrefs idle sockets).
const SCRIPT = `
import { createApiClient } from './dist/index.js';
import { createUndiciFetch } from './dist/undici.js';
const api = createApiClient({ baseUrl: process.argv[1], fetchImpl: createUndiciFetch(), timeoutMs: 10000 });
const [a, b] = await Promise.all([api.get('/ok'), api.get('/ok')]);
const failed = await api.get('/missing').catch((e) => e.status);
console.log('settled', JSON.stringify([a, b, failed]));
`;

let server: TestServer;
beforeAll(async () => {
  ensureBuilt();
  server = await createTestServer((req, res) => {
    if (req.url === '/ok') sendJson(res, 200, { ok: true });
    else sendJson(res, 404, { missing: true });
  });
});
afterAll(() => server.close());

describe('createUndiciFetch in a script', () => {
  it('lets the process exit as soon as the last request settles (well before the 4 s keep-alive)', async () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT, server.url], { cwd: root });
    let stdout = '';
    let settledAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (settledAt === 0 && stdout.includes('settled')) settledAt = Date.now();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toBe('settled [{"ok":true},{"ok":true},404]\n');
    expect(Date.now() - settledAt).toBeLessThan(2000);
  });
});
