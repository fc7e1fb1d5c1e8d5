import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../../src/index.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';

let server: TestServer;
/** Hits per path. */
const hits = new Map<string, number>();
/** Requests to a path whose connection the client closed before an answer. */
const closed = new Map<string, number>();
/** Releases the answers held by /slow. */
let release: () => void = () => {};
let held = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  server = await createTestServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/hang') {
      // Never answered: the client's abort is seen as the connection closing.
      res.on('close', () => closed.set(path, (closed.get(path) ?? 0) + 1));
      return;
    }
    if (path === '/slow' || path === '/broken' || path === '/not-json') await held;
    if (path === '/not-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end('{not json');
    }
    if (path === '/broken') return sendJson(res, 500, { error: 'down' });
    if (path === '/moved') {
      res.writeHead(302, { location: '/fast' });
      return void res.end();
    }
    sendJson(res, 200, { path, items: [1, 2, 3] });
  });
});
afterAll(() => server.close());

function hold(): void {
  held = new Promise<void>((resolve) => {
    release = resolve;
  });
}

/** Resolves once the server has seen `count` requests to `path`. */
async function seen(path: string, count: number): Promise<void> {
  while ((hits.get(path) ?? 0) < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('dedupe', () => {
  it('sends one request for five concurrent identical GETs', async () => {
    hits.clear();
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const calls = Array.from({ length: 5 }, () => api.get('/slow'));
    await seen('/slow', 1);
    release();
    const results = await Promise.all(calls);
    expect(hits.get('/slow')).toBe(1);
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ path: '/slow', items: [1, 2, 3] })));
  });

  it('sends five requests without it (the default)', async () => {
    hits.clear();
    hold();
    const api = createApiClient({ baseUrl: server.url });
    const calls = Array.from({ length: 5 }, () => api.get('/slow'));
    await seen('/slow', 5);
    release();
    await Promise.all(calls);
    expect(hits.get('/slow')).toBe(5);
  });

  it('gives every caller its own copy of the data', async () => {
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const [a, b] = (await Promise.all([api.get('/slow'), api.get('/slow'), release()])) as {
      items: number[];
    }[];
    expect(a).not.toBe(b);
    a?.items.push(4);
    expect(b?.items).toEqual([1, 2, 3]);
  });

  it('rejects every caller of a failed shared request with the same error object, from one request', async () => {
    hits.clear();
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const calls = [api.get('/broken'), api.get('/broken')].map((call) => call.catch((e: unknown) => e));
    await seen('/broken', 1);
    release();
    const [a, b] = await Promise.all(calls);
    expect(hits.get('/broken')).toBe(1);
    expect(a).toBeInstanceOf(ApiError);
    expect(a).toMatchObject({ status: 500, body: { error: 'down' } });
    expect(b).toBe(a);
  });

  it('detaches only the caller that aborts: the others get their result', async () => {
    hits.clear();
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const controller = new AbortController();
    const aborted = api.get('/slow', { signal: controller.signal });
    const others = [api.get('/slow'), api.get('/slow')];
    await seen('/slow', 1);
    controller.abort(new Error('caller gave up'));
    await expect(aborted).rejects.toThrow('caller gave up');
    release();
    expect(await Promise.all(others)).toEqual([
      { path: '/slow', items: [1, 2, 3] },
      { path: '/slow', items: [1, 2, 3] },
    ]);
    expect(hits.get('/slow')).toBe(1);
  });

  it('aborts the shared request once every caller has aborted', async () => {
    hits.clear();
    // A timeout far away: the connection must close because of the callers' aborts.
    const api = createApiClient({ baseUrl: server.url, dedupe: true, timeoutMs: 60_000 });
    const first = new AbortController();
    const second = new AbortController();
    const calls = [api.get('/hang', { signal: first.signal }), api.get('/hang', { signal: second.signal })];
    await seen('/hang', 1);
    first.abort(new Error('first gave up'));
    second.abort(new Error('second gave up'));
    await expect(calls[0]).rejects.toThrow('first gave up');
    await expect(calls[1]).rejects.toThrow('second gave up');
    const by = Date.now() + 2000;
    while ((closed.get('/hang') ?? 0) < 1 && Date.now() < by) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(hits.get('/hang')).toBe(1);
    expect(closed.get('/hang')).toBe(1);
  });

  it('shares only GETs with the same URL and the same headers', async () => {
    hits.clear();
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const calls = [
      api.get('/slow'),
      api.get('/slow', { searchParams: { page: 2 } }),
      api.get('/slow', { headers: { 'x-user': 'b' } }),
      api.post('/slow', { a: 1 }),
    ];
    await seen('/slow', 4);
    release();
    await Promise.all(calls);
    expect(hits.get('/slow')).toBe(4);
  });

  it('shares a GET only between callers with the same fetch options (redirect)', async () => {
    hits.clear();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const manual = api.get('/moved', { redirect: 'manual' });
    const followed = api.get('/moved');
    const again = api.get('/moved', { redirect: 'manual' });
    await expect(manual).rejects.toMatchObject({ status: 302 });
    await expect(again).rejects.toMatchObject({ status: 302 });
    expect(await followed).toEqual({ path: '/fast', items: [1, 2, 3] });
    expect(hits.get('/moved')).toBe(2);
  });

  it('gives a caller with onDownloadProgress a request of its own, so that its progress is reported', async () => {
    hits.clear();
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const percents: Array<number | undefined> = [];
    const plain = api.get('/slow');
    const counted = api.get('/slow', { onDownloadProgress: ({ percent }) => percents.push(percent) });
    await seen('/slow', 2);
    release();
    expect(await plain).toEqual({ path: '/slow', items: [1, 2, 3] });
    expect(await counted).toEqual({ path: '/slow', items: [1, 2, 3] });
    expect(percents).toEqual([0, 1]);
    expect(hits.get('/slow')).toBe(2);
  });

  it('shares a GET only between callers that read the body the same way (parseAs)', async () => {
    hits.clear();
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const json = api.get('/slow');
    const text = api.get('/slow', { parseAs: 'text' });
    await seen('/slow', 2);
    release();
    expect(await json).toEqual({ path: '/slow', items: [1, 2, 3] });
    expect(await text).toBe('{"path":"/slow","items":[1,2,3]}');
    expect(hits.get('/slow')).toBe(2);
  });

  it("never shares a 'stream' read: every caller settles, the stream is readable", async () => {
    hits.clear();
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const stream = api.get('/slow', { parseAs: 'stream' });
    const json = api.get('/slow');
    await seen('/slow', 2);
    release();
    expect(await json).toEqual({ path: '/slow', items: [1, 2, 3] });
    expect(await new Response(await stream).text()).toBe('{"path":"/slow","items":[1,2,3]}');
    expect(hits.get('/slow')).toBe(2);
  });

  it('gives an asResponse() caller a Response with its body unread beside a JSON caller', async () => {
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const json = api.get('/slow');
    const raw = api.get('/slow').asResponse();
    await seen('/slow', 1);
    release();
    expect(await json).toEqual({ path: '/slow', items: [1, 2, 3] });
    const response = await raw;
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual({ path: '/slow', items: [1, 2, 3] });
  });

  it('gives an asResponse() caller its Response beside a JSON caller whose read of the body failed', async () => {
    hits.clear();
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const json = api.get('/not-json').catch((e: unknown) => e);
    const raw = api.get('/not-json').asResponse();
    await seen('/not-json', 1);
    release();
    expect(await json).toMatchObject({ status: 200, message: 'The response is not valid JSON.' });
    const response = await raw;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{not json');
    expect(hits.get('/not-json')).toBe(2);
  });

  it('gives a JSON caller the data beside an asResponse() caller that came first', async () => {
    hold();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    const raw = api.get('/slow').asResponse();
    const json = api.get('/slow');
    await seen('/slow', 1);
    release();
    expect(await json).toEqual({ path: '/slow', items: [1, 2, 3] });
    expect(await (await raw).json()).toEqual({ path: '/slow', items: [1, 2, 3] });
  });

  it('starts a new request once the shared one has settled', async () => {
    hits.clear();
    const api = createApiClient({ baseUrl: server.url, dedupe: true });
    await api.get('/fast');
    await api.get('/fast');
    expect(hits.get('/fast')).toBe(2);
  });
});
