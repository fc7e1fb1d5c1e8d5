import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type RequestOptions } from '../../src/index.js';
import { createTestServer, type SeenRequest, sendJson, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((_req, res) => sendJson(res, 200, { ok: true }));
});
afterAll(() => server.close());

const last = (): SeenRequest => {
  const seen = server.requests.at(-1);
  if (seen === undefined) throw new Error('no request seen');
  return seen;
};
const client = () => createApiClient({ baseUrl: server.url });

describe('headers', () => {
  it('merges defaultHeaders with request headers by case-insensitive name, the request winning', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      defaultHeaders: { Authorization: 'Bearer default', 'X-Client': 'typefetch', accept: 'text/plain' },
    });
    await api.get('/h', { headers: { authorization: 'Bearer request', ACCEPT: 'application/json' } });
    expect(last().headers['authorization']).toBe('Bearer request');
    expect(last().headers['x-client']).toBe('typefetch');
    expect(last().headers['accept']).toBe('application/json');
  });

  it('accepts request headers as a Headers instance and as pairs', async () => {
    const api = createApiClient({ baseUrl: server.url, defaultHeaders: [['X-A', 'default']] });
    await api.get('/h', { headers: new Headers({ 'x-a': 'from-headers' }) });
    expect(last().headers['x-a']).toBe('from-headers');
    await api.get('/h', { headers: [['X-a', 'from-pairs']] });
    expect(last().headers['x-a']).toBe('from-pairs');
  });

  it('sends defaultHeaders alone when the request has none', async () => {
    const api = createApiClient({ baseUrl: server.url, defaultHeaders: new Headers({ 'x-only': '1' }) });
    await api.get('/h');
    expect(last().headers['x-only']).toBe('1');
  });
});

describe('body kinds', () => {
  it('sends a plain object as JSON with application/json', async () => {
    await client().post('/b', { a: 1, nested: { b: [true, null] } });
    expect(last().body).toBe('{"a":1,"nested":{"b":[true,null]}}');
    expect(last().headers['content-type']).toBe('application/json');
  });

  it('sends an array as JSON with application/json', async () => {
    await client().put('/b', [1, 'two']);
    expect(last().body).toBe('[1,"two"]');
    expect(last().headers['content-type']).toBe('application/json');
  });

  it('sends an object without prototype as JSON', async () => {
    const body = Object.assign(Object.create(null) as Record<string, unknown>, { x: 1 });
    await client().post('/b', body);
    expect(last().body).toBe('{"x":1}');
  });

  it('keeps a content type the caller set (any case) for a JSON body', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      defaultHeaders: { 'Content-Type': 'application/merge-patch+json' },
    });
    await api.patch('/b', { a: 1 });
    expect(last().headers['content-type']).toBe('application/merge-patch+json');
    await client().post('/b', { body: { a: 2 }, headers: { 'CONTENT-TYPE': 'application/vnd.api+json' } });
    expect(last().headers['content-type']).toBe('application/vnd.api+json');
    expect(last().body).toBe('{"a":2}');
  });

  it('sends a string as text/plain', async () => {
    await client().post('/b', 'hello');
    expect(last().body).toBe('hello');
    expect(last().headers['content-type']).toBe('text/plain;charset=UTF-8');
  });

  it('sends URLSearchParams form-encoded', async () => {
    await client().post('/b', new URLSearchParams({ a: '1', b: 'x y' }));
    expect(last().body).toBe('a=1&b=x+y');
    expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
  });

  it('sends FormData as multipart with a boundary', async () => {
    const form = new FormData();
    form.append('name', 'Ada');
    await client().post('/b', form);
    const type = last().headers['content-type'] ?? '';
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const boundary = type.slice('multipart/form-data; boundary='.length);
    expect(last().body).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--${boundary}--\r\n`,
    );
  });

  it('drops a content type set by hand for FormData, so the boundary is right', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      defaultHeaders: { 'Content-Type': 'application/json' },
    });
    const form = new FormData();
    form.append('a', '1');
    await api.post('/b', form);
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("drops a defaultHeaders content type for a URLSearchParams or a typed Blob: fetch's own type goes out", async () => {
    const api = createApiClient({
      baseUrl: server.url,
      defaultHeaders: { 'Content-Type': 'application/json' },
    });
    await api.post('/b', new URLSearchParams({ user: 'ada' }));
    expect([last().headers['content-type'], last().body]).toEqual([
      'application/x-www-form-urlencoded;charset=UTF-8',
      'user=ada',
    ]);
    await api.post('/b', new Blob(['<p>hi</p>'], { type: 'text/html' }));
    expect(last().headers['content-type']).toBe('text/html');
    // A Blob without a type has none of its own: the default stays, as for bytes.
    await api.post('/b', new Blob(['raw']));
    expect(last().headers['content-type']).toBe('application/json');
  });

  it('keeps a content type set on the request itself for a URLSearchParams body', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      defaultHeaders: { 'Content-Type': 'application/json' },
    });
    await api.post('/b', new URLSearchParams({ a: '1' }), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('sends a Blob with its own type', async () => {
    await client().post('/b', new Blob(['<p>hi</p>'], { type: 'text/html' }));
    expect(last().body).toBe('<p>hi</p>');
    expect(last().headers['content-type']).toBe('text/html');
  });

  it('sends a Blob without type and no content type', async () => {
    await client().post('/b', new Blob(['raw']));
    expect(last().body).toBe('raw');
    expect(last().headers['content-type']).toBeUndefined();
  });

  it('sends an ArrayBuffer as bytes with no content type', async () => {
    await client().post('/b', new TextEncoder().encode('buffer').buffer);
    expect(last().body).toBe('buffer');
    expect(last().headers['content-type']).toBeUndefined();
  });

  it('sends a Uint8Array as bytes with no content type', async () => {
    await client().post('/b', new TextEncoder().encode('bytes'));
    expect(last().body).toBe('bytes');
    expect(last().headers['content-type']).toBeUndefined();
  });

  it('streams a ReadableStream body', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('chunk-1,'));
        controller.enqueue(new TextEncoder().encode('chunk-2'));
        controller.close();
      },
    });
    await client().post('/b', stream);
    expect(last().body).toBe('chunk-1,chunk-2');
    expect(last().headers['content-type']).toBeUndefined();
    expect(last().headers['transfer-encoding']).toBe('chunked');
  });

  it('sends no body and no content type when there is none', async () => {
    await client().post('/b');
    expect(last().body).toBe('');
    expect(last().headers['content-type']).toBeUndefined();
  });

  it('rejects a GET with a body, naming the option', async () => {
    // @ts-expect-error get() takes no body: this is the run-time check behind the type
    await expect(client().get('/b', { body: 'x' })).rejects.toThrow(
      new TypeError('options.body: a GET request cannot have a body'),
    );
  });
});

describe('two-argument post/put/patch', () => {
  it('treats an object with a body key among other non-option keys as the body', async () => {
    await client().post('/posts', { title: 'a', body: 'b', userId: 1 });
    expect(last().body).toBe('{"title":"a","body":"b","userId":1}');
    expect(last().headers['content-type']).toBe('application/json');
  });

  it('treats an object without a body key as the body, even if its keys look like options', async () => {
    await client().post('/posts', { headers: { a: '1' }, timeoutMs: 5 });
    expect(last().body).toBe('{"headers":{"a":"1"},"timeoutMs":5}');
  });

  it('treats an object with body and only option keys as RequestOptions', async () => {
    await client().post('/posts', {
      body: { title: 'a' },
      headers: { 'x-trace': 't1' },
      searchParams: { draft: true },
    });
    expect(last().body).toBe('{"title":"a"}');
    expect(last().headers['x-trace']).toBe('t1');
    expect(last().url).toBe('/posts?draft=true');
  });

  it.each(['put', 'patch'] as const)('discriminates the same way for %s', async (method) => {
    await client()[method]('/posts/1', { body: 'text body', timeoutMs: 5000 });
    expect(last().method).toBe(method.toUpperCase());
    expect(last().body).toBe('text body');
    await client()[method]('/posts/1', { id: 1, body: 'b' });
    expect(last().body).toBe('{"id":1,"body":"b"}');
  });

  it('takes the second argument as the body when a third argument is given', async () => {
    await client().post('/posts', { body: 'inner' }, { headers: { 'x-third': 'yes' } });
    expect(last().body).toBe('{"body":"inner"}');
    expect(last().headers['x-third']).toBe('yes');
  });

  it('takes options.body of the third argument when the second is undefined', async () => {
    await client().post('/posts', undefined, { body: { from: 'options' } });
    expect(last().body).toBe('{"from":"options"}');
  });

  it('rejects a body given twice', async () => {
    await expect(client().post('/posts', { a: 1 }, { body: { b: 2 } })).rejects.toThrow(
      new TypeError('post(): the body is given twice, as the second argument and as options.body'),
    );
  });
});

describe('methods', () => {
  it.each([
    ['get', 'GET'],
    ['delete', 'DELETE'],
  ] as const)('%s sends %s', async (name, method) => {
    // get and delete differ in type (only delete takes a body): called one by one.
    await (name === 'get' ? client().get('/m') : client().delete('/m'));
    expect(last().method).toBe(method);
  });

  it('request() sends any method, HEAD and OPTIONS included, case-insensitively', async () => {
    await client().request('OPTIONS', '/m');
    expect(last().method).toBe('OPTIONS');
    await client().request('head' as 'HEAD', '/m');
    expect(last().method).toBe('HEAD');
  });

  it('rejects an unknown method', async () => {
    await expect(client().request('TRACE' as 'GET', '/m')).rejects.toThrow(
      new RangeError('method must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, got "TRACE"'),
    );
  });

  it('rejects options that are not an object, and searchParams that are not an object', async () => {
    await expect(client().get('/m', 'x=1' as never)).rejects.toThrow(
      new TypeError('options must be an object of request options, got "x=1"'),
    );
    await expect(client().get('/m', { searchParams: 'x=1' as never })).rejects.toThrow(
      new TypeError('options.searchParams must be an object of query parameters, got "x=1"'),
    );
  });

  it('refuses searchParams given as a URLSearchParams or a Map before sending, instead of dropping every parameter', async () => {
    const before = server.requests.length;
    await expect(
      client().delete('/items', { searchParams: new URLSearchParams({ id: '5' }) as never }),
    ).rejects.toThrow(
      new TypeError(
        'options.searchParams must be a plain object of query parameters ({ name: value }), got a URLSearchParams',
      ),
    );
    await expect(client().get('/items', { searchParams: new Map([['id', '5']]) as never })).rejects.toThrow(
      new TypeError(
        'options.searchParams must be a plain object of query parameters ({ name: value }), got a Map',
      ),
    );
    expect(server.requests.length).toBe(before);
  });

  it('passes other fetch options through (redirect: manual)', async () => {
    const redirecting = await createTestServer((_req, res) => {
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    });
    try {
      const api = createApiClient({ baseUrl: redirecting.url });
      await expect(api.get('/r', { redirect: 'manual' })).rejects.toMatchObject({ status: 302 });
      expect(redirecting.requests.map((r) => r.url)).toEqual(['/r']);
    } finally {
      await redirecting.close();
    }
  });
});

describe('request options', () => {
  it('refuses a key that is neither a request option nor a fetch option, and sends nothing', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const before = server.requests.length;
    await expect(api.get('/x', { timeOutMs: 5 } as RequestOptions)).rejects.toThrow(
      new TypeError('options.timeOutMs is not a request option (misspelt?)'),
    );
    expect(server.requests.length).toBe(before);
  });

  it('refuses options.method, which was ignored (a GET went out for { method: "DELETE" })', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const before = server.requests.length;
    await expect(api.get('/x', { method: 'DELETE' } as RequestOptions)).rejects.toThrow(
      new TypeError(
        'options.method is not a request option: call the method itself (api.delete(...)) or api.request(method, path)',
      ),
    );
    expect(server.requests.length).toBe(before);
    // In the two-argument form, an object with `method` is therefore a body, not options.
    await api.post('/x', { method: 'notify', body: 'hello' });
    expect(last().body).toBe('{"method":"notify","body":"hello"}');
  });

  it("checks a layer's option even when the client does not use that feature", async () => {
    const api = createApiClient({ baseUrl: server.url });
    await expect(api.get('/x', { skipRetry: 'yes' as never })).rejects.toThrow(
      new TypeError('options.skipRetry must be a boolean, got "yes"'),
    );
  });

  it('passes fetch options through to fetch', async () => {
    const seen: RequestInit[] = [];
    const api = createApiClient({
      baseUrl: server.url,
      fetchImpl: (url, init) => {
        seen.push(init ?? {});
        return fetch(url, init);
      },
    });
    await api.get('/x', { cache: 'no-store', credentials: 'omit', redirect: 'error', keepalive: false });
    expect(seen[0]).toMatchObject({
      cache: 'no-store',
      credentials: 'omit',
      redirect: 'error',
      keepalive: false,
    });
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual(
      ['body', 'cache', 'credentials', 'headers', 'keepalive', 'method', 'redirect', 'signal'].sort(),
    );
  });
});
