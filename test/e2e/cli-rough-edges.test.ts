// The built binary on what a first-time user runs into: no arguments, a 2xx response that is not JSON,
// zod output without zod, and two endpoints writing one file. (JSON Schema output's wording is asserted
// in cli-formats.test.ts, zod found from a folder above in the same file's zod tests.)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../cli/helpers/memory-io.js';
import { parserMessage } from '../helpers/parser-message.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { ensureBuilt, runCli } from './helpers/cli.js';

const SECRET = 'sk_live_4Rt7Yu1Io9Pa';
const ZOD_HINT =
  '⚠️ zod cannot be resolved from this folder, and the generated file imports it: install it with npm install zod\n';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  server = await createTestServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('hello world');
    }
    if (url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end(`<!doctype html>\n<p>Welcome back, your key is ${req.headers['x-api-key']}</p>\n`);
    }
    if (url === '/nothing') {
      res.writeHead(204);
      return void res.end();
    }
    sendJson(res, 200, url.startsWith('/users/') ? { id: 1, name: 'Ann' } : [{ id: 1 }]);
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

const firstLine = async (file: string) => (await readFile(path.join(dir, file), 'utf8')).split('\n')[0];

describe('typefetch with no arguments', () => {
  it('prints the usage text (the same as --help) and exits 0', async () => {
    const help = await runCli(['--help'], dir);
    expect(help.stdout.startsWith('typefetch ')).toBe(true);
    expect(help.stdout).toContain('\nUsage:\n  typefetch --type [options] <url|file|->...\n');
    expect(await runCli([], dir)).toEqual({ code: 0, stdout: help.stdout, stderr: '' });
  });
});

describe('a 2xx response that is not JSON', () => {
  it('text/plain: the status and content type, then the parser message', async () => {
    expect(await runCli(['--type', `${server.url}/text`], dir)).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${server.url}/text...\n`,
      stderr: `❌ Error: HTTP 200 OK sent text/plain; charset=utf-8, not JSON: ${parserMessage('hello world')}\n`,
    });
  });

  it('an empty 204: the status, and that the body is empty', async () => {
    expect(await runCli(['--type', `${server.url}/nothing`], dir)).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${server.url}/nothing...\n`,
      stderr: '❌ Error: HTTP 204 No Content sent an empty body, not JSON\n',
    });
  });

  it('HTML with --verbose: an excerpt of the body on one line, the --header value redacted', async () => {
    const result = await runCli(
      ['--type', '--verbose', `--header=X-Api-Key: ${SECRET}`, `${server.url}/page`],
      dir,
    );
    const page = `<!doctype html>\n<p>Welcome back, your key is ${SECRET}</p>\n`;
    expect(result).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${server.url}/page...\n`,
      stderr: [
        `❌ Error: HTTP 200 OK sent text/html, not JSON: ${parserMessage(page)}`,
        '   response body: <!doctype html> <p>Welcome back, your key is [REDACTED]</p>',
        '',
      ].join('\n'),
    });
    expect(result.stderr).not.toContain(SECRET);
  });
});

describe('--format=zod', () => {
  it('warns when zod cannot be resolved from the working folder; the file is still written', async () => {
    const result = await runCli(['--type', '--format=zod', `${server.url}/users`], dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(ZOD_HINT);
    expect(await firstLine('src/types/users.ts')).toBe(
      '// This file was auto-generated from an API response: GET /users.',
    );
  });
});

describe('two endpoints mapping to one file', () => {
  it('warns, naming both, when the file was generated from another URL path', async () => {
    expect((await runCli(['--type', `${server.url}/users`], dir)).stderr).toBe('');
    const second = await runCli(['--type', `${server.url}/users/1`], dir);
    expect([second.code, second.stderr]).toEqual([
      0,
      '⚠️ users.ts was generated from GET /users; it is replaced by the types of GET /users/{id}\n',
    ]);
    expect(await firstLine('src/types/users.ts')).toBe(
      '// This file was auto-generated from an API response: GET /users/{id}.',
    );
  });

  it('says nothing for another id of the same path; records neither the query nor the host', async () => {
    await runCli(['--type', `${server.url}/users/1?token=${SECRET}`], dir);
    const again = await runCli(['--type', `${server.url}/users/2`], dir);
    expect([again.code, again.stderr]).toEqual([0, '']);
    const content = await readFile(path.join(dir, 'src/types/users.ts'), 'utf8');
    expect(content.split('\n')[0]).toBe(
      '// This file was auto-generated from an API response: GET /users/{id}.',
    );
    expect(content).not.toContain('127.0.0.1');
  });

  it('warns when the method differs', async () => {
    await runCli(['--type', `${server.url}/users`], dir);
    const post = await runCli(['--type', '--method=POST', '--body={}', `${server.url}/users`], dir);
    expect(post.stderr).toBe(
      '⚠️ users.ts was generated from GET /users; it is replaced by the types of POST /users\n',
    );
  });
});
