import { deflateRawSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUndiciFetch } from '../../src/undici/index.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
const undiciFetch = createUndiciFetch();

beforeAll(async () => {
  server = await createTestServer((req, res) => {
    // `/<coding>/<case>`: the Content-Encoding, and which body.
    const [, coding = '', kind] = (req.url ?? '').split('/');
    const headers = { 'content-type': 'text/plain', 'content-encoding': coding };
    if (kind === 'empty') {
      // What some servers send for an empty answer: the coding is announced, no byte follows.
      res.writeHead(200, { ...headers, 'content-length': '0' });
      res.end();
      return;
    }
    if (kind === 'raw') {
      // `/deflate/raw`: a raw DEFLATE body without the zlib header, as some servers send `deflate`.
      res.writeHead(200, headers);
      res.end(deflateRawSync('raw deflate'));
      return;
    }
    if (kind === 'corrupt') {
      res.writeHead(200, headers);
      res.end('not gzip at all');
      return;
    }
    if (kind === 'layers') {
      // `/gzip,gzip/layers`: gzipped once per coding listed.
      let body = Buffer.from('layered');
      for (const _ of coding.split(',')) body = gzipSync(body);
      res.writeHead(200, headers);
      res.end(body);
      return;
    }
    if (kind === 'whole') {
      res.writeHead(200, headers);
      res.end(gzipSync('whole'));
      return;
    }
    // `/gzip/truncated`: a gzip body whose CRC and size trailer never came.
    const encoded = gzipSync('cut short');
    res.writeHead(200, headers);
    res.end(encoded.subarray(0, encoded.length - 8));
  });
});
afterAll(async () => {
  await undiciFetch.close();
  await server.close();
});

describe('decodeBody', () => {
  it('reads an empty gzip or br body as an empty body, as fetch does', async () => {
    for (const coding of ['gzip', 'br']) {
      const response = await undiciFetch(`${server.url}/${coding}/empty`);
      expect(response.headers.get('content-encoding')).toBe(coding);
      expect(await response.text()).toBe('');
    }
  });

  it('reads a gzip body whose trailer is missing as far as it decodes, as fetch does', async () => {
    const response = await undiciFetch(`${server.url}/gzip/truncated`);
    expect(await response.text()).toBe('cut short');
  });

  it('reads a deflate body sent as raw DEFLATE (no zlib header), as fetch does', async () => {
    const response = await undiciFetch(`${server.url}/deflate/raw`);
    expect(await response.text()).toBe('raw deflate');
  });

  it("errors the body with TypeError('terminated') and zlib's error as cause when it cannot be decoded, as fetch does", async () => {
    const response = await undiciFetch(`${server.url}/gzip/corrupt`);
    const error: unknown = await response.text().then(
      () => 'no error',
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('terminated');
    expect((error as TypeError).cause).toMatchObject({
      code: 'Z_DATA_ERROR',
      message: 'incorrect header check',
    });
  });

  it('leaves a body whose codings include an unknown one as it came, wherever that one is listed, as fetch does', async () => {
    // Codings are undone from the last: `foo, gzip` first meets gzip, then foo, which it cannot undo.
    for (const coding of ['foo,gzip', 'gzip,foo']) {
      const response = await undiciFetch(`${server.url}/${coding}/whole`);
      expect(response.headers.get('content-encoding')).toBe(coding);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(gzipSync('whole'));
    }
  }, 10_000);

  it("decodes up to 5 stacked codings and rejects more with TypeError('fetch failed'), as fetch does", async () => {
    const five = await undiciFetch(`${server.url}/${Array(5).fill('gzip').join(',')}/layers`);
    expect(await five.text()).toBe('layered');
    const error = (await undiciFetch(`${server.url}/${Array(6).fill('gzip').join(',')}/layers`).catch(
      (e: unknown) => e,
    )) as TypeError;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect((error.cause as Error).message).toBe(
      'too many content-encodings in response: 6, maximum allowed is 5',
    );
  });
});
