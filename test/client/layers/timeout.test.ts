import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, NetworkError, TimeoutError } from '../../../src/index.js';
import { createTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    if (req.url === '/stall-body') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
    }
    // '/never': no answer at all.
  });
});
afterAll(() => server.close());

describe('timeouts are TimeoutError', () => {
  it('on a stalled body: an ApiError and a TimeoutError, 408, isTimeout', async () => {
    const error = await createApiClient({ baseUrl: server.url, timeoutMs: 100 })
      .get('/stall-body')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 408, statusText: 'Request Timeout', isTimeout: true });
  });

  it('on headers that never come, with the request timeoutMs', async () => {
    const error = await createApiClient({ baseUrl: server.url })
      .get('/never', { timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it("not on the caller's abort: that rejects with the caller's reason", async () => {
    const controller = new AbortController();
    const pending = createApiClient({ baseUrl: server.url }).get('/never', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(pending).rejects.toThrow('stop');
  });
});
