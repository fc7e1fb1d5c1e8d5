import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/run.js';
import { parserMessage } from '../../helpers/parser-message.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';
import { makeTempDir, memoryIO, removeDir } from '../helpers/memory-io.js';

let dir: string;
const servers: TestServer[] = [];
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await removeDir(dir);
});

async function serve(handler: Parameters<typeof createTestServer>[0]): Promise<TestServer> {
  const server = await createTestServer(handler);
  servers.push(server);
  return server;
}

async function cli(argv: string[]) {
  const { io, stdout, stderr } = memoryIO(dir);
  const code = await run(argv, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

describe('what reaches the server', () => {
  it('sends --body as JSON with Content-Type application/json and Accept application/json', async () => {
    const server = await serve((_req, res) => sendJson(res, 201, { ok: true }));
    await cli(['--type', '--method=post', '--body={"title":"a:b"}', `${server.url}/posts`]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/posts', body: '{"title":"a:b"}' });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(server.requests[0]?.headers['accept']).toBe('application/json');
  });

  it('lets --header replace the content type and accept, whatever their case', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    await cli([
      '--type',
      '--method=PUT',
      '--body=[1]',
      '--header=content-TYPE: application/vnd.api+json',
      '--header=ACCEPT: application/vnd.api+json',
      `${server.url}/things/1`,
    ]);
    expect(server.requests[0]?.headers['content-type']).toBe('application/vnd.api+json');
    expect(server.requests[0]?.headers['accept']).toBe('application/vnd.api+json');
  });

  it('sends no content type without a body', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    await cli(['--type', '--method=DELETE', `${server.url}/things/1`]);
    expect(server.requests[0]?.method).toBe('DELETE');
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
  });

  it('turns URL userinfo into Basic auth, keeps it out of the request line and redacts it in output', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    const url = `http://me:p%40ss%3Aword@127.0.0.1:${server.port}/me`;
    const { code, stdout } = await cli(['--type', url]);
    expect(code).toBe(0);
    expect(server.requests[0]?.url).toBe('/me');
    expect(server.requests[0]?.headers['authorization']).toBe(`Basic ${btoa('me:p@ss:word')}`);
    expect(stdout.split('\n')[0]).toBe(`🔄 Fetching GET http://[REDACTED]@127.0.0.1:${server.port}/me...`);
    expect(stdout).not.toContain('p%40ss');
  });

  it('lets an Authorization --header win over URL userinfo', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    await cli(['--type', '--header=Authorization: Bearer abc', `http://me:pw@127.0.0.1:${server.port}/me`]);
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer abc');
  });

  it('redacts secret query values in the progress line but sends them', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    const { stdout } = await cli(['--type', `${server.url}/items?page=2&api_key=k-12345`]);
    expect(stdout.split('\n')[0]).toBe(`🔄 Fetching GET ${server.url}/items?page=2&api_key=[REDACTED]...`);
    expect(server.requests[0]?.url).toBe('/items?page=2&api_key=k-12345');
  });
});

describe('redirects', () => {
  it('follows a same-origin redirect with the headers and names the file after the URL asked for', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/users') return void res.writeHead(301, { location: '/v2/people' }).end();
      sendJson(res, 200, [{ id: 1 }]);
    });
    const { code, stdout } = await cli(['--type', '--header=X-Api-Key: key-123', `${server.url}/users`]);
    expect(code).toBe(0);
    expect(server.requests.map((r) => [r.url, r.headers['x-api-key']])).toEqual([
      ['/users', 'key-123'],
      ['/v2/people', 'key-123'],
    ]);
    expect(stdout).toContain('/src/types/users.ts\n');
  });

  it('drops every --header and the Basic auth when a redirect leaves the origin', async () => {
    const other = await serve((_req, res) => sendJson(res, 200, { id: 1 }));
    const first = await serve(
      (_req, res) => void res.writeHead(302, { location: `${other.url}/landing` }).end(),
    );
    const { code } = await cli([
      '--type',
      '--header=X-Api-Key: key-123',
      '--header=Authorization: Bearer t0ken',
      `http://me:pw@127.0.0.1:${first.port}/start`,
    ]);
    expect(code).toBe(0);
    expect(first.requests[0]?.headers['x-api-key']).toBe('key-123');
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]?.headers['x-api-key']).toBeUndefined();
    expect(other.requests[0]?.headers['authorization']).toBeUndefined();
  });

  it('continues a POST as a GET without body after 303, and keeps method and body after 307', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/see-other') return void res.writeHead(303, { location: '/result' }).end();
      if (req.url === '/temporary') return void res.writeHead(307, { location: '/result' }).end();
      sendJson(res, 200, { id: 1 });
    });
    await cli(['--type', '--method=POST', '--body={"a":1}', `${server.url}/see-other`]);
    await cli(['--type', '--method=POST', '--body={"a":1}', `${server.url}/temporary`]);
    expect(server.requests.map((r) => [r.method, r.url, r.body, r.headers['content-type']])).toEqual([
      ['POST', '/see-other', '{"a":1}', 'application/json'],
      ['GET', '/result', '', undefined],
      ['POST', '/temporary', '{"a":1}', 'application/json'],
      ['POST', '/result', '{"a":1}', 'application/json'],
    ]);
  });

  it.each([
    ['http://[bad', 'HTTP 302 Found redirects to a Location that is not a valid URL'],
    [
      'ftp://files.example.com/users.json',
      'HTTP 302 Found redirects to a non-http(s) URL (ftp:); only http and https are followed',
    ],
    [
      'file:///etc/passwd',
      'HTTP 302 Found redirects to a non-http(s) URL (file:); only http and https are followed',
    ],
  ])('says where a redirect to %s goes wrong, in one line', async (location, message) => {
    const server = await serve((_req, res) => void res.writeHead(302, { location }).end());
    const { code, stderr } = await cli(['--type', '--verbose', `${server.url}/moved`]);
    expect([code, stderr]).toEqual([1, `❌ Error: ${message}\n`]);
  });

  it('stops after 20 redirects', async () => {
    const server = await serve((_req, res) => void res.writeHead(302, { location: '/loop' }).end());
    const { code, stderr } = await cli(['--type', `${server.url}/loop`]);
    expect([code, stderr]).toEqual([1, '❌ Error: Too many redirects (more than 20)\n']);
    expect(server.requests).toHaveLength(21);
  });
});

describe('failures', () => {
  it('reports HTTP <status>: <status text>, and the standard text when the server sends none', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/teapot') return void res.writeHead(418, 'Short And Stout').end();
      res.writeHead(503, '').end();
    });
    expect(await cli(['--type', `${server.url}/teapot`])).toMatchObject({
      code: 1,
      stderr: '❌ Error: HTTP 418: Short And Stout\n',
    });
    expect(await cli(['--type', `${server.url}/blank`])).toMatchObject({
      code: 1,
      stderr: '❌ Error: HTTP 503: Service Unavailable\n',
    });
  });

  it('shows a one-line excerpt of the error body only with --verbose', async () => {
    const server = await serve((_req, res) => sendJson(res, 422, { error: 'title\nis required' }));
    expect((await cli(['--type', `${server.url}/posts`])).stderr).toBe(
      '❌ Error: HTTP 422: Unprocessable Entity\n',
    );
    expect((await cli(['--type', '--verbose', `${server.url}/posts`])).stderr).toBe(
      '❌ Error: HTTP 422: Unprocessable Entity\n   response body: {"error":"title\\nis required"}\n',
    );
  });

  it('says the status and content type of a 2xx body that is not JSON, and of an empty body', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(req.url === '/empty' ? '' : '<html>oops</html>');
    });
    expect(await cli(['--type', `${server.url}/page`])).toMatchObject({
      code: 1,
      stderr: `❌ Error: HTTP 200 OK sent text/html, not JSON: ${parserMessage('<html>oops</html>')}\n`,
    });
    expect(await cli(['--type', `${server.url}/empty`])).toMatchObject({
      code: 1,
      stderr: '❌ Error: HTTP 200 OK sent an empty body, not JSON\n',
    });
  });

  it('keeps the JSON parser message alone for a body that says it is JSON but does not parse', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id": 1,');
    });
    expect(await cli(['--type', `${server.url}/broken`])).toMatchObject({
      code: 1,
      stderr: `❌ Error: ${parserMessage('{"id": 1,')}\n`,
    });
  });

  it('times out waiting for the response after --timeout ms', async () => {
    const server = await serve(() => {
      // Never answers; close() destroys the socket.
    });
    const started = Date.now();
    const result = await cli(['--type', '--timeout=200', `${server.url}/slow`]);
    expect(result).toMatchObject({
      code: 1,
      stderr: '❌ Error: Request timed out after 200 ms (raise it with --timeout)\n',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('times out while the body is still arriving', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"id":1},');
    });
    expect(await cli(['--type', '--timeout=200', `${server.url}/stalls`])).toMatchObject({
      code: 1,
      stderr: '❌ Error: Request timed out after 200 ms (raise it with --timeout)\n',
    });
  });

  it('reports a connection cut mid-body as a failure, with the cause under --verbose', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('[{"id":1},', () => req.socket.destroy());
    });
    expect(await cli(['--type', '--verbose', `${server.url}/cut`])).toMatchObject({
      code: 1,
      stderr:
        '❌ Error: terminated: the server closed the connection (UND_ERR_SOCKET); retry, or check the server\n   cause: other side closed (UND_ERR_SOCKET)\n',
    });
  });
});

describe('secrets', () => {
  it('redacts a --header value quoted in the error line itself (a body echoing the token is not JSON)', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(req.headers['authorization']);
    });
    const result = await cli(['--type', '--header=Authorization: Bearer tk_1234', `${server.url}/me`]);
    expect(result).toMatchObject({
      code: 1,
      stderr: `❌ Error: HTTP 200 OK sent text/plain, not JSON: ${parserMessage('Bearer tk_1234').replace('Bearer tk_1234', '[REDACTED]')}\n`,
    });
  });

  it('never prints the Basic credentials made from URL userinfo, even when the server echoes them', async () => {
    const server = await serve((req, res) => {
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end(`denied: ${req.headers['authorization']}`);
    });
    const result = await cli(['--type', '--verbose', `http://alice:s3cr3t-pw@127.0.0.1:${server.port}/me`]);
    expect(server.requests[0]?.headers['authorization']).toBe(`Basic ${btoa('alice:s3cr3t-pw')}`);
    expect(result.stderr).toBe('❌ Error: HTTP 401: Unauthorized\n   response body: denied: [REDACTED]\n');
  });

  it('never prints a --header value, even when the server echoes it into an error body under --verbose', async () => {
    const secret = 'sk_live_0123456789abcdef';
    const server = await serve((req, res) =>
      sendJson(res, 401, {
        error: `bad token ${req.headers['authorization']}`,
        key: req.headers['x-api-key'],
      }),
    );
    const result = await cli([
      '--type',
      '--verbose',
      `--header=Authorization: Bearer ${secret}`,
      `--header=X-Api-Key: other-${secret}`,
      `${server.url}/me`,
    ]);
    expect(server.requests[0]?.headers['authorization']).toBe(`Bearer ${secret}`);
    expect(result.stderr).toBe(
      '❌ Error: HTTP 401: Unauthorized\n   response body: {"error":"bad token [REDACTED]","key":"[REDACTED]"}\n',
    );
    expect(result.stdout).not.toContain(secret);
  });
});
