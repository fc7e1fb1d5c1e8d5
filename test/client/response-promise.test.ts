import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, ValidationError } from '../../src/index.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { buildChildClient, runChild } from './fixtures/child-client.js';

let server: TestServer;
let child: Awaited<ReturnType<typeof buildChildClient>>;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    if (req.url === '/user') return sendJson(res, 200, { id: 1 }, { etag: '"v1"', 'x-rate-limit': '42' });
    if (req.url === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return void res.end('hello');
    }
    sendJson(res, 500, { error: 'down' });
  });
  child = await buildChildClient();
}, 120_000);
afterAll(async () => {
  await server.close();
  await child.cleanup();
});

const api = () => createApiClient({ baseUrl: server.url });

describe('ResponsePromise', () => {
  it('is the data when awaited', async () => {
    expect(await api().get('/user')).toEqual({ id: 1 });
  });

  it('withResponse() gives the data and the response with its headers, body read', async () => {
    const { data, response } = await api().get('/user').withResponse();
    expect(data).toEqual({ id: 1 });
    expect([response.status, response.headers.get('etag'), response.headers.get('x-rate-limit')]).toEqual([
      200,
      '"v1"',
      '42',
    ]);
    expect(response.bodyUsed).toBe(true);
  });

  it('asResponse() gives the response with its body unread', async () => {
    const response = await api().get('/text').asResponse();
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('hello');
  });

  it('asResponse() still rejects a non-2xx with ApiError, and skips validateResponse', async () => {
    await expect(api().get('/down').asResponse()).rejects.toBeInstanceOf(ApiError);
    const schema = { id: { type: 'string' as const, required: true } };
    const response = await api().get('/user', { validateResponse: schema }).asResponse();
    expect(await response.json()).toEqual({ id: 1 });
    await expect(api().get('/user', { validateResponse: schema }).withResponse()).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('every method but getList and paginate returns one', () => {
    const client = api();
    const promises = [
      client.get('/user'),
      client.post('/user', { a: 1 }),
      client.put('/user', { a: 1 }),
      client.patch('/user', { a: 1 }),
      client.delete('/user'),
      client.request('GET', '/user'),
    ];
    for (const promise of promises) {
      expect([typeof promise.withResponse, typeof promise.asResponse]).toEqual(['function', 'function']);
      promise.catch(() => {});
    }
  });

  it('asResponse() after the response arrived is refused, with what to do', async () => {
    const promise = api().get('/user');
    await promise;
    await expect(promise.asResponse()).rejects.toThrow(
      'asResponse() must be called before the response arrives: call it on the promise the method returned',
    );
  });

  it('a failing call awaited only through withResponse() or asResponse() leaves no unhandled rejection', async () => {
    const source = `
const { createApiClient } = await import(${JSON.stringify(child.bundle)});
const api = createApiClient({ baseUrl: process.argv[1] });
const outcomes = [];
for (const use of ['withResponse', 'asResponse']) {
  try { await api.get('/down')[use](); } catch (e) { outcomes.push(use + ' ' + e.status); }
}
try { await api.get('/down'); } catch (e) { outcomes.push('await ' + e.status); }
await new Promise((resolve) => setTimeout(resolve, 50));
console.log('settled ' + outcomes.join(', '));
`;
    const run = await runChild(source, server.url);
    expect(run.stdout.trim()).toBe('settled withResponse 500, asResponse 500, await 500');
    expect(run.code).toBe(0);
  });
});
