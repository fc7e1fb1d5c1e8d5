// What a failure prints, through the built binary: a server that echoes the request in its error body
// must not get a secret back onto the terminal, with or without --verbose.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { secretsOf } from '../../../src/cli/terminal/failure.js';
import { ensureBuilt, runCli } from '../../e2e/helpers/cli.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';
import { makeTempDir, removeDir } from '../helpers/memory-io.js';

const KEY = 'qk_live_8Hn2Wm5Lp3Zx';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  // Like many APIs' error bodies: the request's path and query, echoed.
  server = await createTestServer((req, res) => sendJson(res, 401, { error: 'unauthorized', path: req.url }));
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
