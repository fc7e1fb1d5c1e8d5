import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/index.js';
import { sendJson, serveEach } from '../helpers/server.js';

const serve = serveEach();

describe('headers given as any iterable of pairs, as fetch takes them', () => {
  it('sends defaultHeaders and request headers given as a Map, instead of dropping them', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    const api = createApiClient({
      baseUrl: server.url,
      defaultHeaders: new Map([['Authorization', 'Bearer t0ken']]) as unknown as HeadersInit,
    });
    await api.get('/x', { headers: new Map([['X-Trace', 'abc']]) as unknown as HeadersInit });
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer t0ken');
    expect(server.requests[0]?.headers['x-trace']).toBe('abc');
  });

  it('refuses a bad value of an iterable on one line, without showing it', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}));
    const api = createApiClient({ baseUrl: server.url });
    await expect(
      api.get('/x', { headers: new Map([['Authorization', 'Bearer a\nb']]) as unknown as HeadersInit }),
    ).rejects.toThrow(
      new TypeError('options.headers: header "Authorization" has an invalid name or value (value not shown)'),
    );
    expect(server.requests).toEqual([]);
  });
});
