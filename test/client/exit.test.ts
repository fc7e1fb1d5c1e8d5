import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist/index.js');

/** Newest modification time of the files under `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Builds dist with the project's tsup config when it is missing or older than the client sources. */
function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(dist).mtimeMs;
  } catch {
    // Missing: build below.
  }
  if (built < newest(join(root, 'src'))) {
    execFileSync('npx', ['tsup', '--silent'], { cwd: root, stdio: 'ignore', timeout: 120_000 });
  }
}

interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** ms from the "settled" line to the process exit. */
  exitAfterSettleMs: number;
}

/** Runs a script importing the built package; it prints "settled ..." when its last request settles. */
function runChild(source: string, baseUrl: string): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source, baseUrl], { cwd: root });
    let stdout = '';
    let stderr = '';
    let settledAt: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (settledAt === undefined && stdout.includes('settled')) settledAt = Date.now();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      resolve({ code, stdout, stderr, exitAfterSettleMs: Date.now() - (settledAt ?? Number.NaN) });
    });
  });
}

const script = (call: string): string => `
import { createApiClient } from ${JSON.stringify(dist)};
process.on('unhandledRejection', (e) => { console.error('unhandled', e); process.exitCode = 3; });
const api = createApiClient({ baseUrl: process.argv[1] });
let outcome;
try { outcome = 'value ' + JSON.stringify(await ${call}); }
catch (e) { outcome = 'error ' + e.name + ' ' + e.status + ' ' + e.isTimeout; }
console.log('settled ' + outcome);
`;

let server: TestServer;
beforeAll(async () => {
  ensureBuilt();
  server = await createTestServer((req, res) => {
    if (req.url === '/ok') return sendJson(res, 200, { ok: true });
    if (req.url === '/stall') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '50' });
      res.write('{');
      return;
    }
    sendJson(res, 404, { error: 'missing' });
  });
}, 150_000);
afterAll(() => server.close());

// The default timeout is 15 s: a timer left behind would keep the child alive that long.
describe('a script using the built package exits as soon as its last request settles', () => {
  it.each([
    ['a success', "api.get('/ok')", 'settled value {"ok":true}'],
    ['an error status', "api.get('/missing')", 'settled error ApiError 404 false'],
    [
      'a timeout on a stalled body',
      "api.get('/stall', { timeoutMs: 200 })",
      'settled error ApiError 408 true',
    ],
    [
      'a caller abort',
      "api.get('/stall', { signal: AbortSignal.timeout(100) })",
      'settled error TimeoutError undefined undefined',
    ],
  ])('after %s', async (_case, call, line) => {
    const run = await runChild(script(call), server.url);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(line);
    expect(run.code).toBe(0);
    expect(run.exitAfterSettleMs).toBeLessThan(5000);
  });
});
