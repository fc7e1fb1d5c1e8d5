import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { DIST_ESM, ensureLibraryBuilt } from '../package/helpers/dist.js';
import { runChild } from './fixtures/child-client.js';

const script = (call: string): string => `
import { createApiClient } from ${JSON.stringify(DIST_ESM)};
const api = createApiClient({ baseUrl: process.argv[1] });
let outcome;
try { outcome = 'value ' + JSON.stringify(await ${call}); }
catch (e) { outcome = 'error ' + e.name + ' ' + e.status + ' ' + e.isTimeout; }
console.log('settled ' + outcome);
`;

let server: TestServer;
beforeAll(async () => {
  await ensureLibraryBuilt();
  server = await createTestServer((req, res) => {
    if (req.url === '/ok') return sendJson(res, 200, { ok: true });
    if (req.url === '/stall') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '50' });
      res.write('{');
      return;
    }
    if (req.url === '/busy') return sendJson(res, 503, { error: 'busy' });
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
      'retries exhausted',
      "createApiClient({ baseUrl: process.argv[1], retryPolicy: { maxRetries: 2, initialDelayMs: 1 } }).get('/busy')",
      'settled error ApiError 503 false',
    ],
    [
      'a refusal by the open circuit breaker',
      "(async () => { const b = createApiClient({ baseUrl: process.argv[1], circuitBreaker: { threshold: 1 } }); await b.get('/busy').catch(() => {}); return b.get('/busy'); })()",
      'settled error CircuitOpenError 503 false',
    ],
    [
      'a total timeout',
      "createApiClient({ baseUrl: process.argv[1], totalTimeoutMs: 200 }).get('/stall')",
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
