// What a failure prints, through the built binary: a server that echoes the request in its error body
// must not get a secret back onto the terminal, with or without --verbose.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bodySecrets, secretsOf } from '../../../src/cli/terminal/failure.js';
import { ensureBuilt, runCli } from '../../e2e/helpers/cli.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';
import { makeTempDir, removeDir } from '../helpers/memory-io.js';

const KEY = 'qk_live_8Hn2Wm5Lp3Zx';
const SESSION = 'sid_7Qv3Tk9Rm2Xw';
const PASSWORD = 'pw_4Lk8"Vn2Qs';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  // Like many APIs' error bodies: the request's path and query, echoed.
  server = await createTestServer((req, res) => {
    // Like a session store's error: the value of one cookie, quoted without its name.
    if (req.url === '/session') {
      const sid = /(?:^|; )sid=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
      return sendJson(res, 401, { error: `session ${sid} has expired` });
    }
    // Like a validation error (pydantic's `input`): the request body, echoed whole.
    if (req.url === '/login') {
      return sendJson(res, 422, { detail: 'email: field required', input: JSON.parse(req.body) });
    }
    sendJson(res, 401, { error: 'unauthorized', path: req.url });
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

describe('secretsOf', () => {
  it('holds the values of secret-named query parameters, as written and decoded', () => {
    const url = new URL('https://h.test/x?page=2&api_key=a%2Bb%2Fcd&Token=tok12345');
    expect(secretsOf([], [url])).toEqual(['a%2Bb%2Fcd', 'tok12345', 'a+b/cd']);
  });

  it('holds the username and the password of a URL, as written and decoded (a username can be a token)', () => {
    const url = new URL('https://tok%2Ben12@h.test/x');
    const withPassword = new URL('https://user:p%40ss@h.test/x');
    expect(secretsOf([], [url])).toEqual([
      `Basic ${btoa('tok+en12:')}`,
      btoa('tok+en12:'),
      'tok%2Ben12',
      'tok+en12',
    ]);
    expect(secretsOf([], [withPassword])).toEqual([
      `Basic ${btoa('user:p@ss')}`,
      btoa('user:p@ss'),
      'p%40ss',
      'p@ss',
      'user',
      'user',
    ]);
  });

  it('holds the value of each cookie of a Cookie header, which a server may echo alone', () => {
    const headers = [{ name: 'cookie', value: `theme=dark; sid=${SESSION}` }];
    expect(secretsOf(headers, [])).toEqual([`theme=dark; sid=${SESSION}`, `sid=${SESSION}`, SESSION, 'dark']);
  });
});

describe('bodySecrets', () => {
  it('holds the values of secret-named members at any depth, as written and as JSON escapes them', () => {
    const body = { a: 'x', token: 'tok12345', list: [{ apiKey: 'k\\98765' }], password: { current: 4321 } };
    expect(bodySecrets(JSON.stringify(body))).toEqual(['4321', 'k\\98765', 'k\\\\98765', 'tok12345']);
  });

  it('holds none for a body that is not JSON, or none at all', () => {
    expect(bodySecrets('password=x')).toEqual([]);
    expect(bodySecrets(undefined)).toEqual([]);
  });
});

describe('a failed request whose error body echoes the URL', () => {
  it('--verbose shows the body with the secret query value redacted', async () => {
    const result = await runCli(['--type', '--verbose', `${server.url}/users?page=2&api_key=${KEY}`], dir);
    expect(result).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${server.url}/users?page=2&api_key=[REDACTED]...\n`,
      stderr: [
        '❌ Error: HTTP 401: Unauthorized',
        '   response body: {"error":"unauthorized","path":"/users?page=2&api_key=[REDACTED]"}',
        '',
      ].join('\n'),
    });
  });
});

describe('a failed request whose error body echoes the request body', () => {
  it('--verbose shows the body with the values of its secret-named members redacted', async () => {
    const body = JSON.stringify({ username: 'leanne', credentials: { password: PASSWORD } });
    const args = ['--type', '--verbose', '--method', 'POST', '--body', body, `${server.url}/login`];
    const result = await runCli(args, dir);
    expect(result).toEqual({
      code: 1,
      stdout: `🔄 Fetching POST ${server.url}/login...\n`,
      stderr: [
        '❌ Error: HTTP 422: Unprocessable Entity',
        '   response body: {"detail":"email: field required","input":{"username":"leanne","credentials":{"password":"[REDACTED]"}}}',
        '',
      ].join('\n'),
    });
    expect(server.requests.at(-1)?.body).toBe(body);
  });
});

describe('a failed request whose error body echoes the value of one cookie', () => {
  it('--verbose shows the body with the cookie value redacted', async () => {
    const cookie = `Cookie: theme=dark; sid=${SESSION}`;
    const result = await runCli(['--type', '--verbose', '--header', cookie, `${server.url}/session`], dir);
    expect(result).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${server.url}/session...\n`,
      stderr: [
        '❌ Error: HTTP 401: Unauthorized',
        '   response body: {"error":"session [REDACTED] has expired"}',
        '',
      ].join('\n'),
    });
    expect(server.requests.at(-1)?.headers.cookie).toBe(`theme=dark; sid=${SESSION}`);
  });
});
