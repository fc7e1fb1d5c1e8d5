import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureEntryBuilt, ROOT as root } from '../helpers/build.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { ensureLibraryBuilt } from '../package/helpers/dist.js';
import { UNDICI_PACKAGE, UNDICI_VERSION, undiciNodeArgs } from './helpers/undici-package.js';

/** Builds the client and the undici entries when missing or older than their sources. */
async function ensureBuilt(): Promise<void> {
  await ensureLibraryBuilt();
  await ensureEntryBuilt({
    entry: 'undici',
    outputs: ['dist/undici.js', 'dist/undici.cjs', 'dist/undici.d.ts', 'dist/undici.d.cts'],
    sources: ['src/undici', 'package.json', 'tsup.config.ts'],
  });
}

// A script that makes requests through the built client on the undici transport and prints "settled"
// when the last one settled; its keep-alive sockets must not hold it open (undici unrefs idle sockets).
// The last value printed says whether its Agent came from the undici package under test.
const SCRIPT = `
import { Agent } from '${UNDICI_PACKAGE}';
import { createApiClient } from './dist/index.js';
import { createUndiciFetch } from './dist/undici.js';
const fetchImpl = createUndiciFetch();
const api = createApiClient({ baseUrl: process.argv[1], fetchImpl, timeoutMs: 10000 });
const [a, b] = await Promise.all([api.get('/ok'), api.get('/ok')]);
const failed = await api.get('/missing').catch((e) => e.status);
console.log('settled', JSON.stringify([a, b, failed, fetchImpl.dispatcher instanceof Agent]));
`;

let server: TestServer;
beforeAll(async () => {
  await ensureBuilt();
  server = await createTestServer((req, res) => {
    if (req.url === '/ok') sendJson(res, 200, { ok: true });
    else sendJson(res, 404, { missing: true });
  });
});
afterAll(() => server.close());

describe(`createUndiciFetch in a script, on undici ${UNDICI_VERSION}`, () => {
  it('lets the process exit as soon as the last request settles (well before the 4 s keep-alive)', async () => {
    const args = [...undiciNodeArgs(), '--input-type=module', '-e', SCRIPT, server.url];
    const child = spawn(process.execPath, args, { cwd: root });
    let stdout = '';
    let settledAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (settledAt === 0 && stdout.includes('settled')) settledAt = Date.now();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toBe('settled [{"ok":true},{"ok":true},404,true]\n');
    expect(Date.now() - settledAt).toBeLessThan(2000);
  });
});
