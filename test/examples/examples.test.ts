// Every script in examples/ run with node, as a user would, against examples/server.mjs started on a free
// loopback port (a fresh one per example, so the request counts are the example's own).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureLibraryBuilt, ROOT, runProgram } from '../package/helpers/dist.js';

const EXAMPLES = path.join(ROOT, 'examples');

interface ExampleApi {
  url: string;
  /** Requests per `METHOD path`, as the server counted them. */
  stats(): Promise<Record<string, number>>;
}

let child: ChildProcess | undefined;

/** Starts `node examples/server.mjs` with PORT=0 and reads the URL from its first line. */
async function startExampleApi(): Promise<ExampleApi> {
  const server = spawn(process.execPath, [path.join(EXAMPLES, 'server.mjs')], {
    env: { PATH: process.env['PATH'] ?? '', PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = server;
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout.setEncoding('utf8');
    server.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /^Example API listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    server.on('exit', (code) => reject(new Error(`examples/server.mjs exited (${code}): ${output}`)));
  });
  return {
    url,
    stats: async () => (await (await fetch(`${url}/stats`)).json()) as Record<string, number>,
  };
}

/** Runs `node examples/<name>` with API_URL set, from the repository root (`typefetch` resolves to it). */
function runExample(name: string, api: ExampleApi) {
  return runProgram(process.execPath, [path.join(EXAMPLES, name)], {
    env: { PATH: process.env['PATH'] ?? '', API_URL: api.url },
  });
}

beforeAll(() => ensureLibraryBuilt(), 120_000);

afterEach(async () => {
  const server = child;
  child = undefined;
  if (server === undefined || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

describe('examples/', () => {
  it('retry-and-breaker.mjs: a flaky GET succeeds on its third attempt; the circuit opens after 3 failures', async () => {
    const api = await startExampleApi();
    const result = await runExample('retry-and-breaker.mjs', api);
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'GET /flaky -> {"ok":true,"attempt":3}',
        'GET /down #1: 500 Internal server error.',
        'GET /down #2: 500 Internal server error.',
        'circuit: closed -> open',
        'GET /down #3: 500 Internal server error.',
        'GET /down #4: refused, not sent: The service is temporarily unavailable. Please try again later.',
        'GET /flaky: CircuitOpenError (status 503), state open',
        '',
      ].join('\n'),
    });
    // Two retries of /flaky reached the server; the refused calls did not.
    expect(await api.stats()).toEqual({ 'GET /flaky': 3, 'GET /down': 3 });
  });

  it('token-refresh.mjs: a 401 triggers one refresh and one retry with the new token', async () => {
    const api = await startExampleApi();
    const result = await runExample('token-refresh.mjs', api);
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'signed in as Ada Lovelace after 1 refresh',
        'second call: ada@example.com, still 1 refresh',
        'access token renewed: true',
        '',
      ].join('\n'),
    });
    // The expired token's 401, its retry, and the second call; one refresh for all of them.
    expect(await api.stats()).toEqual({ 'GET /me': 3, 'POST /auth/refresh': 1 });
  });

  it('pagination.mjs: one sorted, filtered page with getList, then every item with paginate', async () => {
    const api = await startExampleApi();
    const result = await runExample('pagination.mjs', api);
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'page 1: Chef knife, Kettle',
        '{"page":1,"limit":2,"total":5,"totalPages":3,"hasNextPage":true,"hasPreviousPage":false}',
        'all 7 products: Desk lamp, Espresso cup, Chef knife, Cutting board, Armchair, Kettle, Tea towel',
        '',
      ].join('\n'),
    });
    // getList's one page, then paginate's pages 1, 2 and 3 of 3.
    expect(await api.stats()).toEqual({ 'GET /products': 4 });
  });

  it('validation-zod.mjs: a valid response returns the schema output; an invalid one lists every issue', async () => {
    const api = await startExampleApi();
    const result = await runExample('validation-zod.mjs', api);
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'valid: {"id":1,"name":"Ada Lovelace","email":"ada@example.com","role":"member"}',
        'ValidationError (status 200): The response does not have the expected shape.',
        '  id: Invalid input: expected number, received string (received: string)',
        '  email: Invalid input: expected string, received undefined (received: missing)',
        '',
      ].join('\n'),
    });
    // A validation failure is never retried.
    expect(await api.stats()).toEqual({ 'GET /users/1': 1, 'GET /users/2': 1 });
  });

  it('every example also takes the API address as its first argument', async () => {
    const api = await startExampleApi();
    const result = await runProgram(process.execPath, [path.join(EXAMPLES, 'pagination.mjs'), api.url], {
      env: { PATH: process.env['PATH'] ?? '' },
    });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('page 1: Chef knife, Kettle');
  });
});
