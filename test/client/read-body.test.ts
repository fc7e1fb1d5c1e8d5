import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, NetworkError, type ParseAs } from '../../src/index.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { PNG } from './fixtures/binary.js';

const RANDOM = randomBytes(256 * 1024);

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    switch (req.url) {
      case '/image.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
        return void res.end(PNG);
      case '/random':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return void res.end(RANDOM);
      case '/untyped':
        res.writeHead(200);
        return void res.end(RANDOM);
      case '/latin1':
        res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' });
        // "café, niño, ½" in ISO-8859-1: one byte per character.
        return void res.end(
          Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2c, 0x20, 0x6e, 0x69, 0xf1, 0x6f, 0x2c, 0x20, 0xbd]),
        );
      case '/xml':
        res.writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' });
        return void res.end('<feed>ñ</feed>');
      case '/json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end('{"a":1}');
      case '/empty':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': '0' });
        return void res.end();
      case '/cut':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(RANDOM.length) });
        res.write(RANDOM.subarray(0, 1000), () => setTimeout(() => req.socket.destroy(), 20));
        return;
      default:
        res.writeHead(404);
        res.end();
    }
  });
});
afterAll(() => server.close());

const api = () => createApiClient({ baseUrl: server.url });

/** The bytes of whatever a parseAs kind resolved to. */
async function bytesOf(value: unknown): Promise<Buffer> {
  if (value instanceof Blob) return Buffer.from(await value.arrayBuffer());
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Uint8Array) return Buffer.from(value);
  if (value instanceof ReadableStream) return Buffer.from(await new Response(value).arrayBuffer());
  throw new Error(`not bytes: ${typeof value}`);
}

describe('binary bodies, byte for byte', () => {
  for (const [path, expected] of [
    ['/image.png', PNG],
    ['/random', RANDOM],
  ] as const) {
    it(`'auto' resolves ${path} to a Blob with its type and exact bytes`, async () => {
      const blob = await api().get(path);
      expect(blob).toBeInstanceOf(Blob);
      expect((blob as Blob).type).toBe(path === '/image.png' ? 'image/png' : 'application/octet-stream');
      expect((await bytesOf(blob)).equals(expected)).toBe(true);
    });

    for (const kind of ['blob', 'arrayBuffer', 'bytes', 'stream'] as const) {
      it(`parseAs '${kind}' gives the exact bytes of ${path}`, async () => {
        const value = await api().get(path, { parseAs: kind });
        const types = { blob: Blob, arrayBuffer: ArrayBuffer, bytes: Uint8Array, stream: ReadableStream };
        expect(value).toBeInstanceOf(types[kind]);
        expect((await bytesOf(value)).equals(expected)).toBe(true);
      });
    }
  }

  it("'auto' resolves a response without content type to a Blob, and an empty one to undefined", async () => {
    expect((await bytesOf(await api().get('/untyped'))).equals(RANDOM)).toBe(true);
    expect(await api().get('/empty')).toBeUndefined();
    expect((await api().get('/empty', { parseAs: 'blob' })).size).toBe(0);
  });

  it('reads bytes through a custom fetchImpl too (the reader that listens to the timeout)', async () => {
    const custom = createApiClient({
      baseUrl: server.url,
      fetchImpl: async (url, init) => {
        const response = await fetch(url, init);
        return new Response(response.body, { status: response.status, headers: response.headers });
      },
    });
    expect((await bytesOf(await custom.get('/random', { parseAs: 'bytes' }))).equals(RANDOM)).toBe(true);
    expect((await bytesOf(await custom.get('/image.png'))).equals(PNG)).toBe(true);
  });

  it('a binary body cut mid-transfer is a NetworkError', async () => {
    for (const kind of ['auto', 'blob', 'arrayBuffer', 'bytes'] satisfies ParseAs[]) {
      await expect(api().get('/cut', { parseAs: kind })).rejects.toBeInstanceOf(NetworkError);
    }
  });
});

describe('text and JSON', () => {
  it('decodes a text type in the charset it declares (iso-8859-1)', async () => {
    expect(await api().get('/latin1')).toBe('café, niño, ½');
    expect(await api().get('/latin1', { parseAs: 'text' })).toBe('café, niño, ½');
  });

  it("reads the textual types (*+xml) as text in 'auto'", async () => {
    expect(await api().get('/xml')).toBe('<feed>ñ</feed>');
  });

  it("parseAs 'text' gives a JSON body as its text, and 'json' parses it", async () => {
    expect(await api().get('/json', { parseAs: 'text' })).toBe('{"a":1}');
    expect(await api().get('/json', { parseAs: 'json' })).toEqual({ a: 1 });
  });

  it('refuses an unknown parseAs, naming it', async () => {
    await expect(api().get('/json', { parseAs: 'xml' as never })).rejects.toThrow(
      new RangeError(
        `options.parseAs must be one of auto, json, text, blob, arrayBuffer, bytes, stream, got "xml"`,
      ),
    );
  });
});
