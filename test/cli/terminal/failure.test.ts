// What a failure prints, through the built binary: a server that echoes the request in its error body
// must not get a secret back onto the terminal, with or without --verbose.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { secretsOf } from '../../../src/cli/terminal/failure.js';
import { ensureBuilt, runCli } from '../../e2e/helpers/cli.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';
import { makeTempDir, removeDir } from '../helpers/memory-io.js';

const KEY = 'qk_live_8Hn2Wm5Lp3Zx';
const SESSION = 'sid_7Qv3Tk9Rm2Xw';

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

  it('holds the value of each cookie of a Cookie header, which a server may echo alone', () => {
    const headers = [{ name: 'cookie', value: `theme=dark; sid=${SESSION}` }];
    expect(secretsOf(headers, [])).toEqual([`theme=dark; sid=${SESSION}`, `sid=${SESSION}`, SESSION, 'dark']);
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
