// captureTypes({ format: 'openapi' }) through the real client against a loopback API: one openapi.json
// for every endpoint, valid OpenAPI 3.1, its 2xx schemas accepting every captured body (ajv 2020),
// templated paths, and no planted secret.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureTypes, type TypeCapture } from '../../src/capture/index.js';
import { createApiClient } from '../../src/client/create-client.js';
import { typeEndpoints } from '../../src/traffic/endpoint-types.js';
import { readHar } from '../../src/traffic/endpoints.js';
import { emitOpenApi } from '../../src/traffic/openapi.js';
import { responseValidators, validateOpenApi } from '../helpers/openapi.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { harText } from '../traffic/helpers/har-text.js';

const SECRETS = {
  bearer: 'tfsecretbearer7c1e4a9d2b',
  cookie: 'tfsecretcookie3f8a2d6c1e',
  setCookie: 'tfsecretsetcookie5b9e1c7a',
  queryKey: 'tfsecretquerykey2a6d8f3b',
} as const;

const USERS = [
  { id: 1, name: 'Ada', email: 'ada@example.com' },
  { id: 2, name: 'Linus', email: null },
];

let server: TestServer;
let outDir: string;
let capture: TypeCapture | undefined;

beforeAll(async () => {
  server = await createTestServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const user = /^\/users\/(\d+)$/.exec(url.pathname);
    const cookie = { 'set-cookie': `session=${SECRETS.setCookie}; HttpOnly` };
    if (req.method === 'GET' && url.pathname === '/users') sendJson(res, 200, USERS, cookie);
    else if (req.method === 'GET' && user !== null) {
      const found = USERS.find((each) => String(each.id) === user[1]);
      if (found === undefined) sendJson(res, 404, { error: 'not found', code: 404 });
      else sendJson(res, 200, found, cookie);
    } else if (req.method === 'POST' && url.pathname === '/users') {
      sendJson(res, 201, { id: 3, ...JSON.parse(req.body) });
    } else if (url.pathname === '/api/userProfiles/7/todos/3') {
      sendJson(res, 200, { id: 3, done: false });
    } else if (url.pathname === '/tickets') {
      sendJson(res, 200, [
        { id: 1, state: 'open' },
        { id: 2, state: 'closed' },
      ]);
    } else if (url.pathname === '/articles/1') {
      sendJson(
        res,
        200,
        { id: 1, title: 'a' },
        { 'content-type': 'application/vnd.api+json; charset=utf-8' },
      );
    } else if (url.pathname === '/articles/2') {
      sendJson(res, 404, { title: 'Not Found' }, { 'content-type': 'application/problem+json' });
    } else if (url.pathname === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('{"not":"captured"}');
    } else sendJson(res, 404, { error: 'no route' });
  });
});
afterAll(() => server.close());

beforeEach(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'typefetch-capture-openapi-'));
});
afterEach(async () => {
  await capture?.close();
  capture = undefined;
  await rm(outDir, { recursive: true, force: true });
});

const read = async (): Promise<string> => readFile(path.join(outDir, 'openapi.json'), 'utf8');

/** A client that sends the planted secrets with every request. */
function client(fetchImpl: TypeCapture['fetch']) {
  return createApiClient({
    baseUrl: server.url,
    fetchImpl,
    defaultHeaders: { authorization: `Bearer ${SECRETS.bearer}`, cookie: `session=${SECRETS.cookie}` },
  });
}

describe("captureTypes({ format: 'openapi' })", () => {
  it('writes one openapi.json of every endpoint: templated paths, request body, error status', async () => {
    capture = captureTypes({ outDir, format: 'openapi', debounceMs: 60_000 });
    const api = client(capture.fetch);
    await api.get('/users', { searchParams: { page: 1, api_key: SECRETS.queryKey } });
    await api.get('/users/1');
    await api.get('/users/2');
    await api.post('/users', { name: 'Grace', admin: false });
    await expect(api.get('/users/9')).rejects.toMatchObject({ status: 404 });
    await api.get('/text');

    const written = await capture.flush();
    expect(written).toEqual([path.join(outDir, 'openapi.json')]);
    expect(await readdir(outDir)).toEqual(['openapi.json']);
    expect(capture.endpoints().map((each) => [each.key, each.file, each.samples])).toEqual([
      ['GET /users', 'openapi.json', 1],
      ['GET /users/{id}', 'openapi.json', 3],
      ['POST /users', 'openapi.json', 1],
    ]);
    const document = JSON.parse(await read());
    expect(document.servers).toEqual([{ url: server.url }]);
    expect(document.paths).toEqual({
      '/users': {
        get: {
          operationId: 'getUsers',
          parameters: [
            { name: 'page', in: 'query', required: true, schema: { type: 'integer' } },
            { name: 'api_key', in: 'query', required: false, schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/GetUsers' } } },
            },
          },
        },
        post: {
          operationId: 'postUsers',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PostUsersBody' } } },
          },
          responses: {
            '201': {
              description: 'Created',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/PostUsers' } } },
            },
          },
        },
      },
      '/users/{id}': {
        get: {
          operationId: 'getUsersId',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/GetUsersId' } } },
            },
            '404': {
              description: 'Not Found',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/GetUsersIdError' } } },
            },
          },
        },
      },
    });
    expect(Object.keys(document.components.schemas)).toEqual([
      'GetUsers',
      'GetUsersId',
      'GetUsersIdError',
      'PostUsers',
      'PostUsersBody',
    ]);
    expect(document.components.schemas.PostUsersBody).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, admin: { type: 'boolean' } },
      required: ['name', 'admin'],
    });
  });

  it('writes a document that validates as OpenAPI 3.1, whose 2xx schemas accept every captured body', async () => {
    capture = captureTypes({ outDir, format: 'openapi', debounceMs: 60_000 });
    const api = client(capture.fetch);
    const bodies: [path: string, method: string, status: string, body: unknown][] = [
      ['/users', 'get', '200', await api.get('/users', { searchParams: { page: 2 } })],
      ['/users/{id}', 'get', '200', await api.get('/users/1')],
      ['/users/{id}', 'get', '200', await api.get('/users/2')],
      ['/users', 'post', '201', await api.post('/users', { name: 'Grace' })],
    ];
    await expect(api.get('/users/7')).rejects.toMatchObject({ status: 404 });
    await capture.flush();
    const document = JSON.parse(await read());

    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });

    const { schemaOf, errorsText } = responseValidators(document);
    for (const [where, method, status, body] of bodies) {
      const validate = schemaOf(where, method, status);
      expect(validate(body), `${method} ${where}: ${errorsText(validate)}`).toBe(true);
    }
    // The check can fail: a user whose id is a string is not a GetUsersId.
    expect(schemaOf('/users/{id}', 'get', '200')({ id: '1', name: 'Ada', email: null })).toBe(false);
  });

  it("gives an operation the operationId of typefetch --har's document, each word's case kept, and stays valid", async () => {
    capture = captureTypes({ outDir, format: 'openapi', debounceMs: 60_000 });
    const body = await client(capture.fetch).get('/api/userProfiles/7/todos/3');
    await capture.flush();
    const document = JSON.parse(await read());
    const har = JSON.parse(
      emitOpenApi(
        typeEndpoints(
          readHar(harText([{ url: `${server.url}/api/userProfiles/7/todos/3`, response: body }])).endpoints,
        ),
      ),
    );
    const template = '/api/userProfiles/{userProfileId}/todos/{id}';
    expect(Object.keys(document.paths)).toEqual([template]);
    expect(document.paths[template].get.operationId).toBe('getApiUserProfilesUserProfileIdTodosId');
    expect(har.paths[template].get.operationId).toBe(document.paths[template].get.operationId);
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
  });

  it('writes the JSON media type each response and request body had as its content key', async () => {
    capture = captureTypes({ outDir, format: 'openapi', debounceMs: 60_000 });
    const api = client(capture.fetch);
    await api.get('/articles/1');
    await expect(api.get('/articles/2')).rejects.toMatchObject({ status: 404 });
    await api.patch(
      '/articles/1',
      { title: 'b' },
      { headers: { 'content-type': 'application/merge-patch+json' } },
    );
    await capture.flush();
    const document = JSON.parse(await read());
    const { get, patch } = document.paths['/articles/{id}'];
    expect(Object.keys(get.responses['200'].content)).toEqual(['application/vnd.api+json']);
    expect(Object.keys(get.responses['404'].content)).toEqual(['application/problem+json']);
    expect(Object.keys(patch.requestBody.content)).toEqual(['application/merge-patch+json']);
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
  });

  it('applies enums and integers to the schemas', async () => {
    capture = captureTypes({ outDir, format: 'openapi', debounceMs: 60_000, enums: true, integers: true });
    const api = client(capture.fetch);
    for (let i = 0; i < 3; i++) await api.get('/tickets');
    await capture.flush();
    const document = JSON.parse(await read());
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
    expect(document.components.schemas.GetTickets).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, state: { type: 'string', enum: ['open', 'closed'] } },
        required: ['id', 'state'],
      },
    });
  });

  it('writes no secret: no header, cookie or secret query value, whatever the request carried', async () => {
    capture = captureTypes({ outDir, format: 'openapi', debounceMs: 60_000 });
    const api = client(capture.fetch);
    await api.get('/users', { searchParams: { api_key: SECRETS.queryKey, token: SECRETS.queryKey } });
    await api.get('/users/1');
    const request = new Request(`${server.url}/users?access_token=${SECRETS.queryKey}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${SECRETS.bearer}`,
        cookie: `session=${SECRETS.cookie}`,
      },
      body: JSON.stringify({ name: 'Grace' }),
    });
    expect(await (await capture.fetch(request)).json()).toEqual({ id: 3, name: 'Grace' });
    await capture.flush();
    const text = await read();
    // Planted in what was sent and received...
    const seen = server.requests.slice(-3);
    expect(seen.map((each) => [each.headers.authorization, each.headers.cookie])).toEqual(
      seen.map(() => [`Bearer ${SECRETS.bearer}`, `session=${SECRETS.cookie}`]),
    );
    expect(seen.map((each) => each.url.includes(SECRETS.queryKey))).toEqual([true, false, true]);
    // ...and in no byte of the document.
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    // The request body was read from a copy: the Request's own schema is in the document.
    expect(JSON.parse(text).paths['/users'].post.requestBody.required).toBe(true);
    expect(text).toContain('"access_token"');
  });

  it('rewrites the one document atomically on each flush, with every endpoint captured so far', async () => {
    capture = captureTypes({ outDir, format: 'openapi', debounceMs: 60_000 });
    const api = client(capture.fetch);
    await api.get('/users/1');
    await capture.flush();
    expect(Object.keys(JSON.parse(await read()).paths)).toEqual(['/users/{id}']);
    // Nothing new: nothing written.
    expect(await capture.flush()).toEqual([]);
    await api.post('/users', { name: 'Grace' });
    expect(await capture.flush()).toEqual([path.join(outDir, 'openapi.json')]);
    expect(Object.keys(JSON.parse(await read()).paths)).toEqual(['/users/{id}', '/users']);
    expect(await readdir(outDir)).toEqual(['openapi.json']);
  });

  it('writes the document after debounceMs on its own', async () => {
    capture = captureTypes({ outDir, format: 'openapi', debounceMs: 50 });
    await client(capture.fetch).get('/users/2');
    const deadline = Date.now() + 10_000;
    // Wait for the final name: a poll can see the atomic write's temporary file before its rename.
    while (!(await readdir(outDir)).includes('openapi.json') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(Object.keys(JSON.parse(await read()).paths)).toEqual(['/users/{id}']);
  });
});
