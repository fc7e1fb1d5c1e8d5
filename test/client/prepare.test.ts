import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type RequestOptions } from '../../src/index.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => sendJson(res, 200, { url: req.url }));
});
afterAll(() => server.close());

describe('request options', () => {
  it('refuses a key that is neither a request option nor a fetch option, and sends nothing', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const before = server.requests.length;
    await expect(api.get('/x', { timeOutMs: 5 } as RequestOptions)).rejects.toThrow(
      new TypeError('options.timeOutMs is not a request option (misspelt?)'),
    );
    expect(server.requests.length).toBe(before);
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
