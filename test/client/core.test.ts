import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, NetworkError, TimeoutError } from '../../src/index.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    if (req.url === '/reset-mid-body') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"items":[1,2,3', () => setTimeout(() => req.socket.destroy(), 20));
      return;
    }
    req.socket.destroy();
  });
});
afterAll(() => server.close());

describe('network failures are NetworkError', () => {
  it('on a refused port: an ApiError and a NetworkError, status 0, the platform error in cause', async () => {
    const closed = await createTestServer(() => {});
    await closed.close();
    const error = await createApiClient({ baseUrl: closed.url })
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      status: 0,
      statusText: 'Network Error',
      isTimeout: false,
      name: 'ApiError',
    });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('on a connection reset before the headers', async () => {
    const error = await createApiClient({ baseUrl: server.url })
      .get('/reset')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('on a body cut mid-transfer after a 200', async () => {
    const error = await createApiClient({ baseUrl: server.url })
      .get('/reset-mid-body')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 0 });
  });
});
