import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUndiciFetch } from '../../src/undici/index.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

let server: TestServer;
let other: TestServer;
const undiciFetch = createUndiciFetch({ maxRedirections: 3 });

const echo = (req: {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, unknown>;
  body: string;
}) => ({
  method: req.method,
  url: req.url,
  contentType: req.headers['content-type'] ?? null,
  authorization: req.headers.authorization ?? null,
  body: req.body,
});

beforeAll(async () => {
  other = await createTestServer((req, res) => sendJson(res, 200, echo(req)));
  server = await createTestServer((req, res) => {
    const redirect = (status: number, location: string) => {
      res.writeHead(status, { location });
      res.end('moved');
    };
    const path = req.url ?? '';
    if (path === '/echo') return sendJson(res, 200, echo(req));
    if (path.startsWith('/to/')) return redirect(Number(path.slice(4)), '/echo');
    if (path === '/to-fragment') return redirect(302, '/echo#part');
    if (path === '/bad-location') return redirect(302, 'http://[not-a-host');
    if (path === '/no-location') {
      res.writeHead(301);
      res.end('moved, but where?');
      return;
    }
    if (path === '/loop') return redirect(302, '/loop');
    if (path === '/away') return redirect(307, `${other.url}/landed`);
    if (path === '/ftp') return redirect(302, 'ftp://127.0.0.1/file');
    res.writeHead(404);
    res.end();
  });
});
afterAll(async () => {
  await undiciFetch.close();
  await server.close();
  await other.close();
});

const post = { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } };

describe('createUndiciFetch: redirects', () => {
  it('follows a 302 for a GET, and sets url and redirected', async () => {
    const response = await undiciFetch(`${server.url}/to/302`);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${server.url}/echo`);
    expect(response.redirected).toBe(true);
    expect(await response.json()).toEqual({
      method: 'GET',
      url: '/echo',
      contentType: null,
      authorization: null,
      body: '',
    });
  });

  it.each([301, 302, 303])('turns a POST into a GET without body or content type on %i', async (status) => {
    const response = await undiciFetch(`${server.url}/to/${status}`, post);
    expect(await response.json()).toEqual({
      method: 'GET',
      url: '/echo',
      contentType: null,
      authorization: null,
      body: '',
    });
  });

  it.each([307, 308])('repeats the method and body on %i', async (status) => {
    const response = await undiciFetch(`${server.url}/to/${status}`, post);
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/echo',
      contentType: 'application/json',
      authorization: null,
      body: '{"a":1}',
    });
  });

  it("keeps url and redirected on the response's clone(), and on a clone's clone, as fetch does", async () => {
    const response = await undiciFetch(`${server.url}/to/302`);
    const copy = response.clone();
    const copyOfCopy = copy.clone();
    for (const each of [copy, copyOfCopy]) {
      expect(each.url).toBe(`${server.url}/echo`);
      expect(each.redirected).toBe(true);
    }
    expect(await copyOfCopy.json()).toEqual(await response.json());
    await copy.body?.cancel();
  });

  it('gives a url without the fragment of the Location, as fetch does', async () => {
    const response = await undiciFetch(`${server.url}/to-fragment`);
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${server.url}/echo`);
    await response.body?.cancel();
  });

  it('repeats a FormData body on a 307, with the same multipart boundary', async () => {
    const form = new FormData();
    form.append('name', 'Ann');
    const seen = (await (
      await undiciFetch(`${server.url}/to/307`, { method: 'POST', body: form })
    ).json()) as {
      method: string;
      url: string;
      contentType: string;
      body: string;
    };
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(seen.contentType)?.[1];
    expect([seen.method, seen.url]).toEqual(['POST', '/echo']);
    expect(seen.body).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n--${boundary}--\r\n`,
    );
  });

  it('drops the Authorization header on a redirect to another origin', async () => {
    const response = await undiciFetch(`${server.url}/away`, { headers: { authorization: 'Bearer secret' } });
    expect(response.url).toBe(`${other.url}/landed`);
    expect(await response.json()).toEqual({
      method: 'GET',
      url: '/landed',
      contentType: null,
      authorization: null,
      body: '',
    });
  });

  it("drops Cookie, Proxy-Authorization and the caller's Host on a redirect to another origin, as fetch does", async () => {
    const headers = { host: 'api.example', cookie: 'session=secret', 'proxy-authorization': 'Basic secret' };
    const response = await undiciFetch(`${server.url}/away`, { headers });
    expect(response.status).toBe(200);
    expect(server.requests.at(-1)?.headers).toMatchObject(headers);
    const landed = other.requests.at(-1)?.headers;
    // The new origin gets its own Host, as the request would without a redirect.
    expect(landed?.host).toBe(new URL(other.url).host);
    expect(landed?.cookie).toBeUndefined();
    expect(landed?.['proxy-authorization']).toBeUndefined();
  });

  it('keeps the Authorization header on a same-origin redirect', async () => {
    const response = await undiciFetch(`${server.url}/to/302`, {
      headers: { authorization: 'Bearer secret' },
    });
    expect(((await response.json()) as { authorization: string }).authorization).toBe('Bearer secret');
  });

  it("returns the 3xx itself with redirect: 'manual'", async () => {
    const response = await undiciFetch(`${server.url}/to/302`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/echo');
    expect(response.redirected).toBe(false);
    expect(await response.text()).toBe('moved');
  });

  it("rejects with redirect: 'error'", async () => {
    const error = (await undiciFetch(`${server.url}/to/302`, { redirect: 'error' }).catch(
      (e: unknown) => e,
    )) as TypeError;
    expect(error.message).toBe('fetch failed');
    expect((error.cause as Error).message).toBe('unexpected redirect');
  });

  it("rejects with redirect: 'error' a redirect status without Location too, as fetch does", async () => {
    const error = (await undiciFetch(`${server.url}/no-location`, { redirect: 'error' }).catch(
      (e: unknown) => e,
    )) as TypeError;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect((error.cause as Error).message).toBe('unexpected redirect');
    // With 'follow' there is nowhere to go: the 301 is the answer.
    const followed = await undiciFetch(`${server.url}/no-location`);
    expect(followed.status).toBe(301);
    expect(await followed.text()).toBe('moved, but where?');
  });

  it('fails after maxRedirections redirects', async () => {
    const error = (await undiciFetch(`${server.url}/loop`).catch((e: unknown) => e)) as TypeError;
    expect(error.message).toBe('fetch failed');
    expect((error.cause as Error).message).toBe('redirect count exceeded');
    // 1 request + 3 redirects followed = 4 requests seen.
    expect(server.requests.filter((r) => r.url === '/loop')).toHaveLength(4);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const error = (await undiciFetch(`${server.url}/ftp`).catch((e: unknown) => e)) as TypeError;
    expect(error.message).toBe('fetch failed');
    expect((error.cause as Error).message).toBe('redirect to unsupported URL scheme ftp:');
  });

  it("rejects with TypeError('fetch failed') when the Location is not a URL, as fetch does", async () => {
    const error = (await undiciFetch(`${server.url}/bad-location`).catch((e: unknown) => e)) as TypeError;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause).toBeInstanceOf(TypeError);
    expect((error.cause as Error).message).toBe('Invalid URL');
    // Not followed, the 3xx is the answer with redirect: 'manual'.
    const manual = await undiciFetch(`${server.url}/bad-location`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(await manual.text()).toBe('moved');
  });

  it("repeats a Request's body on a 307 and a 308, as fetch does", async () => {
    for (const status of [307, 308]) {
      const request = new Request(`${server.url}/to/${status}`, { method: 'POST', body: '{"a":1}' });
      const response = await undiciFetch(request);
      expect(await response.json()).toMatchObject({ method: 'POST', url: '/echo', body: '{"a":1}' });
      expect(response.redirected).toBe(true);
    }
  });

  it('cannot repeat a stream body on a 307', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('once'));
        controller.close();
      },
    });
    const init = { method: 'POST', body, duplex: 'half' } as RequestInit;
    const error = (await undiciFetch(`${server.url}/to/307`, init).catch((e: unknown) => e)) as TypeError;
    expect(error.message).toBe('fetch failed');
    expect((error.cause as Error).message).toBe('cannot follow a redirect with a stream body');
  });

  it("cannot repeat a Request's stream body on a 307 either: it was streamed, not read first", async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (pulls++ > 0) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 20)); // still being produced
        controller.enqueue(new TextEncoder().encode('once'));
      },
    });
    const init = { method: 'POST', body, duplex: 'half' } as RequestInit;
    const request = new Request(`${server.url}/to/307`, init);
    const error = (await undiciFetch(request).catch((e: unknown) => e)) as TypeError;
    expect(error.message).toBe('fetch failed');
    expect((error.cause as Error).message).toBe('cannot follow a redirect with a stream body');
  });
});
