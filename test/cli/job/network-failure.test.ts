import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../../e2e/helpers/cli.js';
import { createTestServer } from '../../helpers/server.js';
import { makeTempDir, removeDir } from '../helpers/memory-io.js';

// A network failure's one line says what went wrong and what to do, through the built binary, against
// real sockets: a closed port, a name that never resolves, a TLS server with a self-signed certificate.

const REFUSED = 'connection refused (ECONNREFUSED); is the server running, on that host and port?';

// A self-signed certificate for the name `localhost` only, no IP address (see the folder's README).
const TLS = fileURLToPath(new URL('../../fixtures/tls/', import.meta.url));
const CERT = path.join(TLS, 'localhost-cert.pem');

let dir: string;
let tls: Server;
let tlsPort: number;
beforeAll(async () => {
  await ensureBuilt();
  dir = await makeTempDir();
  const [key, cert] = await Promise.all([readFile(path.join(TLS, 'localhost-key.pem')), readFile(CERT)]);
  tls = createServer({ key, cert }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"id":1}');
  });
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  tlsPort = (tls.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => tls?.close(resolve));
  await removeDir(dir);
});

describe('a network failure says why and what to do', () => {
  it('a closed port: connection refused, and the address under --verbose', async () => {
    const closed = await createTestServer(() => {});
    await closed.close();
    const url = `http://127.0.0.1:${closed.port}/users`;
    expect(await runCli(['--type', url], dir)).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${url}...\n`,
      stderr: `❌ Error: fetch failed: ${REFUSED}\n`,
    });
    expect((await runCli(['--type', '--verbose', url], dir)).stderr).toBe(
      `❌ Error: fetch failed: ${REFUSED}\n   cause: connect ECONNREFUSED 127.0.0.1:${closed.port} (ECONNREFUSED)\n`,
    );
  });

  it('a host name that does not resolve (.invalid never does): host not found', async () => {
    const result = await runCli(['--type', 'http://typefetch-test.invalid/users'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      '❌ Error: fetch failed: host not found (ENOTFOUND); check the host name in the URL\n',
    );
  });

  it('a self-signed certificate: not trusted, and NODE_EXTRA_CA_CERTS, as the message says, makes it work', async () => {
    const url = `https://localhost:${tlsPort}/users`;
    const untrusted = await runCli(['--type', url], dir);
    expect(untrusted).toMatchObject({
      code: 1,
      stderr:
        "❌ Error: fetch failed: the server's TLS certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT); for a private or self-signed CA, point NODE_EXTRA_CA_CERTS at its PEM file\n",
    });
    const trusted = await runCli(['--type', url], dir, { NODE_EXTRA_CA_CERTS: CERT });
    expect(trusted.code).toBe(0);
    expect(await readFile(path.join(dir, 'src/types/users.ts'), 'utf8')).toContain('id: number;');
  });

  it('a certificate for another name (trusted, but the URL says 127.0.0.1): says so', async () => {
    const result = await runCli(['--type', `https://127.0.0.1:${tlsPort}/users`], dir, {
      NODE_EXTRA_CA_CERTS: CERT,
    });
    expect(result).toMatchObject({
      code: 1,
      stderr:
        "❌ Error: fetch failed: the server's TLS certificate is for another host name (ERR_TLS_CERT_ALTNAME_INVALID); check the host name in the URL\n",
    });
  });

  it('a port fetch refuses to use: the cause said once', async () => {
    expect((await runCli(['--type', '--verbose', 'http://127.0.0.1:1/users'], dir)).stderr).toBe(
      '❌ Error: fetch failed: bad port\n',
    );
  });
});
