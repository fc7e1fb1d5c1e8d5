import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listTree, makeTempDir, removeDir } from '../cli/helpers/memory-io.js';
import { parserMessage } from '../helpers/parser-message.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { ensureBuilt, runCli } from './helpers/cli.js';

// Failures, usage errors, path traversal, secrets and colours, through the built binary.

const HINT = 'Run typefetch --help for usage.\n';
const SECRET = 'sk_test_51HxYz9f3c8d2e1a0b7';
const ESC = '\u001b[';

let server: TestServer;
let closedPort: number;
let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  server = await createTestServer((req, res) => {
    if (req.url === '/missing') return sendJson(res, 404, { message: `no ${req.headers['authorization']}` });
    // Echo the API key where the CLI's message quotes a cut piece of the body: the JSON parser's excerpt
    // of a body that does not parse, and the 300-character excerpt of an error body under --verbose.
    if (req.url === '/echo-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(`{"padding-padding-padding": 1, "key": ${req.headers['x-api-key']}}`);
    }
    if (req.url === '/echo-long') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return void res.end(`${'x'.repeat(290)} ${req.headers['x-api-key']}`);
    }
    // Like an API's 401: the path, query and the decoded Basic credentials the request carried, echoed.
    if (req.url?.startsWith('/echo-credentials')) {
      const basic = (req.headers['authorization'] ?? '').replace(/^Basic /, '');
      const credentials = Buffer.from(basic, 'base64').toString('utf8');
      return sendJson(res, 401, { path: req.url, credentials, user: credentials.split(':')[0] });
    }
    if (req.url === '/html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<!doctype html><p>hi</p>');
    }
    sendJson(res, 200, { ok: true });
  });
  const closed = await createTestServer(() => {});
  closedPort = closed.port;
  await closed.close();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await removeDir(dir);
});

describe('run failures exit 1 with one error line', () => {
  it('404 -> ❌ Error: HTTP 404: Not Found', async () => {
    expect(await runCli(['--type', `${server.url}/missing`], dir)).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${server.url}/missing...\n`,
      stderr: '❌ Error: HTTP 404: Not Found\n',
    });
    expect(await listTree(dir)).toEqual([]);
  });

  // Node 20's mkdir(..., { recursive: true }) never returned there: mkdir answers ENOENT under /proc
  // though the parent exists.
  it.runIf(process.platform === 'linux')(
    "--out under /proc -> ❌ Error: mkdir's ENOENT for the first folder that cannot be made, no hang",
    async () => {
      const out = '/proc/typefetch-no-such-folder/types';
      expect(await runCli(['--type', `--out=${out}`, `${server.url}/items`], dir)).toEqual({
        code: 1,
        stdout: `🔄 Fetching GET ${server.url}/items...\n`,
        stderr: "❌ Error: ENOENT: no such file or directory, mkdir '/proc/typefetch-no-such-folder'\n",
      });
      expect(await listTree(dir)).toEqual([]);
    },
  );

  it('non-JSON body -> the status, the content type and the JSON parser message', async () => {
    const result = await runCli(['--type', `${server.url}/html`], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `❌ Error: HTTP 200 OK sent text/html, not JSON: ${parserMessage('<!doctype html><p>hi</p>')}\n`,
    );
    expect(await listTree(dir)).toEqual([]);
  });

  it('empty stdin or file (a `curl -s` that failed) -> says it is empty, not the parser message', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'users.json'), ' \n');
    expect([
      await runCli(['--type', '-', '--name=users'], dir, {}, ''),
      await runCli(['--type', 'users.json'], dir),
    ]).toEqual([
      {
        code: 1,
        stdout: '📄 Reading JSON from stdin...\n',
        stderr: '❌ Error: stdin: empty input, no JSON to infer a type from\n',
      },
      { code: 1, stdout: '', stderr: '❌ Error: users.json: empty input, no JSON to infer a type from\n' },
    ]);
    expect(await listTree(dir)).toEqual(['users.json']);
  });
});

describe('usage errors exit 2 with the reason and a --help hint', () => {
  const url = () => `${server.url}/users`;
  it.each([
    ['no --type', () => [url()], '--type is required (it turns on type generation)'],
    ['unknown flag', () => ['--type', '--verbos', url()], 'Unknown option --verbos'],
    [
      'bad method',
      () => ['--type', '--method=OPTIONS', url()],
      '--method must be one of GET, POST, PUT, PATCH, DELETE, got "OPTIONS"',
    ],
    [
      '--body not JSON',
      () => ['--type', '--method=POST', '--body', '{title:1}', url()],
      `--body is not valid JSON: ${parserMessage('{title:1}')}`,
    ],
    [
      '--header without a colon',
      () => ['--type', '--header', 'X-Flag', url()],
      '--header #1 must look like "Name: value" (no colon found)',
    ],
    [
      '--header value with a control character (fetch would refuse it)',
      () => ['--type', '--header', 'X-Key: key_\u0001_4f9a8b7c', url()],
      '--header "X-Key" has a value with a control character, which HTTP cannot send',
    ],
    [
      'missing URL',
      () => ['--type'],
      'Missing <url>: give the endpoint to fetch (e.g. https://api.example.com/users), a JSON file, or - to read stdin',
    ],
    ['non-http URL', () => ['--type', 'ftp://127.0.0.1/users'], '<url> must use http or https, got "ftp:"'],
    [
      'relative URL (not an existing file either)',
      () => ['--type', 'users'],
      '<url> must be an absolute http(s) URL or an existing JSON file, got "users"',
    ],
    [
      'bad --timeout',
      () => ['--type', '--timeout=soon', url()],
      '--timeout must be a whole number of milliseconds from 1 to 2147483647, got "soon"',
    ],
  ])('%s', async (_label, argv, reason) => {
    expect(await runCli(argv(), dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `❌ Error: ${reason}\n${HINT}`,
    });
    expect(server.requests.filter((r) => r.url === '/users')).toEqual([]);
  });
});

describe('path traversal in the URL', () => {
  it.each([
    ['/..%2f..%2fetc', 'etc'],
    ['/..%2F..%2F..%2Ftmp%2Fpwned', 'pwned'],
    ['/%2e%2e/%2e%2e/%2e%2e/evil', 'evil'],
    ['/%2e%2e%2f%2e%2e%2fevil.ts', 'evil'],
    ['/..%5c..%5cevil', 'evil'],
    ['/..\\..\\evil', 'evil'],
    ['/users/..%2f..%2f..%2f', 'users'],
    ['/%2e%2e%5c%2e%2e%5c', 'root'],
  ])('%s writes only src/types/%s.ts', async (urlPath, name) => {
    // cwd is a subfolder, so a file escaping it would show up in the listing of `dir`.
    const cwd = path.join(dir, 'project');
    await mkdir(cwd);
    const result = await runCli(['--type', `${server.url}${urlPath}`], cwd);
    expect(result.code).toBe(0);
    expect(await listTree(dir)).toEqual([
      'project',
      'project/src',
      'project/src/types',
      `project/src/types/${name}.ts`,
    ]);
  });
});

describe('secrets', () => {
  const headers = [`--header=Authorization: Bearer ${SECRET}`, `--header=X-Api-Key:${SECRET}-2`];

  it.each([
    ['success', () => [`${server.url}/users`], 0],
    ['success, --verbose', () => ['--verbose', `${server.url}/users`], 0],
    ['HTTP error echoing the token, --verbose', () => ['--verbose', `${server.url}/missing`], 1],
    ['HTTP error echoing the token', () => [`${server.url}/missing`], 1],
    ['network failure, --verbose', () => ['--verbose', `http://127.0.0.1:${closedPort}/x`], 1],
    ['usage error after the header', () => [...headers, '--method=NOPE', `${server.url}/users`], 2],
  ])('never print a --header value: %s', async (_label, rest, code) => {
    const result = await runCli(['--type', ...headers, ...rest()], dir);
    expect(result.code).toBe(code);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  it.each([
    ['a JSON body that does not parse, whose parser message quotes 10 characters of it', []],
    ['the excerpt of an error body, cut after 300 characters, --verbose', ['--verbose']],
  ])('never print a piece of a --header value cut by an excerpt: %s', async (label, verbose) => {
    const path = label.startsWith('a JSON') ? '/echo-json' : '/echo-long';
    const result = await runCli(['--type', ...headers, ...verbose, `${server.url}${path}`], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[REDACTED]');
    const pieces = [...SECRET]
      .map((_, index) => SECRET.slice(index, index + 6))
      .filter((piece) => piece.length === 6);
    expect(pieces.filter((piece) => (result.stdout + result.stderr).includes(piece))).toEqual([]);
  });

  it('the server did receive the secret (so the test above means something)', async () => {
    server.requests.length = 0;
    await runCli(['--type', ...headers, `${server.url}/users`], dir);
    expect(server.requests[0]?.headers['authorization']).toBe(`Bearer ${SECRET}`);
    expect(server.requests[0]?.headers['x-api-key']).toBe(`${SECRET}-2`);
  });

  it('a JavaScript config with a syntax error: the token Node stopped at (part of a secret) is left out', async () => {
    await writeFile(
      path.join(dir, 'typefetch.config.mjs'),
      `export default { headers: { Authorization: Bearer ${SECRET} } };\n`,
    );
    expect(await runCli(['--type', '--config=typefetch.config.mjs'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '❌ Error: typefetch.config.mjs could not be loaded: SyntaxError: Unexpected identifier ' +
        `(\`node --check typefetch.config.mjs\` shows where)\n${HINT}`,
    });
  });

  it('a JavaScript config naming an undefined variable (a secret written without quotes): the name is left out', async () => {
    const token = SECRET.replace('sk_test_', 'ghp_');
    await writeFile(
      path.join(dir, 'typefetch.config.mjs'),
      `export default { headers: { Authorization: 'Bearer ' + ${token} } };\n`,
    );
    expect(await runCli(['--type', '--config=typefetch.config.mjs'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '❌ Error: typefetch.config.mjs could not be loaded: ReferenceError: a name in it is not defined, ' +
        `such as a value written without quotes (\`node typefetch.config.mjs\` shows which)\n${HINT}`,
    });
  });

  it('a JavaScript config that parses a broken JSON file of secrets: the excerpt JSON.parse quotes is left out', async () => {
    await writeFile(path.join(dir, 'secrets.json'), `{"token": ${SECRET}}\n`);
    await writeFile(
      path.join(dir, 'typefetch.config.mjs'),
      "import { readFileSync } from 'node:fs';\n" +
        "const { token } = JSON.parse(readFileSync(new URL('./secrets.json', import.meta.url), 'utf8'));\n" +
        "export default { headers: { Authorization: 'Bearer ' + token } };\n",
    );
    const result = await runCli(['--type', '--config=typefetch.config.mjs'], dir);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '❌ Error: typefetch.config.mjs could not be loaded: SyntaxError: Unexpected token ' +
        `(\`node --check typefetch.config.mjs\` shows where)\n${HINT}`,
    });
  });

  it('a --header written with a space instead of the colon: no piece of the token in the error', async () => {
    const result = await runCli(
      ['--type', '--header', 'Authorization Bearer abc:def', `${server.url}/users`],
      dir,
    );
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '❌ Error: --header #1 must look like "Name: value": the name "Authorization" is followed by a ' +
        `character a header name cannot hold\n${HINT}`,
    });
    expect(result.stdout + result.stderr).not.toContain('abc');
  });

  it.each([
    [['Authorization:', 'Bearer', 'abc'], '"Authorization: ..." '],
    [['Authorization:Bearer', 'abc'], '"Authorization: Bearer ..." '],
    [['X-Api-Key:', 'abc'], '"X-Api-Key: ..." '],
  ])(
    'an unquoted --header %j cut by the shell: the error quotes none of the words after it',
    async (words, shown) => {
      const [header, ...rest] = words;
      const result = await runCli(['--type', '--header', header!, ...rest, `${server.url}/users`], dir);
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr:
          `❌ Error: --header #1 ${shown}looks cut off by the shell: quote the whole header, as in ` +
          `--header "Name: value with spaces"\n${HINT}`,
      });
      expect(result.stdout + result.stderr).not.toContain('abc');
    },
  );

  it('URL userinfo is redacted in the progress line', async () => {
    const result = await runCli(['--type', `http://admin:${SECRET}@127.0.0.1:${server.port}/users`], dir);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(
      `🔄 Fetching GET http://[REDACTED]@127.0.0.1:${server.port}/users...`,
    );
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });
});

describe('session ids in the query', () => {
  it('?session= and &sid= are redacted in the progress line and the error body echoing them; ?code= is kept', async () => {
    const url = `http://127.0.0.1:${server.port}/echo-credentials?code=US&session=${SECRET}-s&sid=${SECRET}-i`;
    const result = await runCli(['--type', '--verbose', url], dir);
    expect(server.requests.at(-1)?.url).toBe(`/echo-credentials?code=US&session=${SECRET}-s&sid=${SECRET}-i`);
    expect(result).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET http://127.0.0.1:${server.port}/echo-credentials?code=US&session=[REDACTED]&sid=[REDACTED]...\n`,
      stderr:
        '❌ Error: HTTP 401: Unauthorized\n' +
        '   response body: {"path":"/echo-credentials?code=US&session=[REDACTED]&sid=[REDACTED]","credentials":"","user":""}\n',
    });
  });
});

describe('a token in the URL path', () => {
  it('is redacted in the progress line and reaches no written file', async () => {
    const token = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
    const result = await runCli(['--type', `http://127.0.0.1:${server.port}/bot${token}/getMe`], dir);
    expect(server.requests.at(-1)?.url).toBe(`/bot${token}/getMe`);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(
      `🔄 Fetching GET http://127.0.0.1:${server.port}/[REDACTED]/getMe...`,
    );
    expect(result.stdout + result.stderr).not.toContain('AAHdqTcv');
    expect(await listTree(dir)).toEqual(['src', 'src/types', 'src/types/getMe.ts']);
    expect(await readFile(path.join(dir, 'src/types/getMe.ts'), 'utf8')).not.toContain('AAHdqTcv');
  });
});

describe('URL credentials and secret query values under --verbose', () => {
  it('the progress line and the error body echoing them show none of the userinfo nor the api_key value', async () => {
    const user = 'ghp_u5erT0ken9Kq2';
    const url = `http://${user}:${SECRET}@127.0.0.1:${server.port}/echo-credentials?page=2&api_key=${SECRET}-q`;
    const result = await runCli(['--type', '--verbose', url], dir);
    expect(server.requests.at(-1)?.url).toBe(`/echo-credentials?page=2&api_key=${SECRET}-q`);
    expect(result).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET http://[REDACTED]@127.0.0.1:${server.port}/echo-credentials?page=2&api_key=[REDACTED]...\n`,
      stderr:
        '❌ Error: HTTP 401: Unauthorized\n' +
        '   response body: {"path":"/echo-credentials?page=2&api_key=[REDACTED]","credentials":"[REDACTED]:[REDACTED]","user":"[REDACTED]"}\n',
    });
    expect(result.stdout + result.stderr).not.toContain(user);
  });
});

describe('colours', () => {
  it('none on pipes (not a TTY), on success and on error', async () => {
    const ok = await runCli(['--type', `${server.url}/users`], dir);
    const bad = await runCli(['--type', `${server.url}/missing`], dir);
    expect(ok.stdout).toContain('✅ Types generated successfully!');
    expect(ok.stdout + ok.stderr + bad.stdout + bad.stderr).not.toContain(ESC);
  });

  it('none with NO_COLOR, even when FORCE_COLOR is absent', async () => {
    const bad = await runCli(['--type', `${server.url}/missing`], dir, { NO_COLOR: '1' });
    expect(bad.stderr).toBe('❌ Error: HTTP 404: Not Found\n');
  });

  it('FORCE_COLOR turns them on for pipes', async () => {
    const bad = await runCli(['--type', `${server.url}/missing`], dir, { FORCE_COLOR: '1' });
    expect(bad.stderr).toBe(`${ESC}31m❌ Error: HTTP 404: Not Found${ESC}39m\n`);
  });
});
