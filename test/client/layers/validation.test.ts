import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../../../src/client/create-client.js';
import { ApiError, ValidationError } from '../../../src/client/errors.js';
import type { Clock, StandardSchemaV1, ValidationSchema } from '../../../src/client/types.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';

const stillClock: Clock = { now: () => 0, sleep: async () => {} };

/** What each path answers. */
const routes: Record<string, { status: number; body: unknown; text?: string }> = {
  '/user': { status: 200, body: { id: 1, email: 'ada@example.com', tags: ['a'] } },
  '/bad-user': { status: 200, body: { id: '1', email: null, tags: 'a', extra: 1 } },
  '/users': {
    status: 200,
    body: [{ id: 1, email: 'a@x' }, { id: 2 }, { id: 3, email: 'c@x' }, { id: 'four', email: 4 }],
  },
  '/created': { status: 201, body: { id: 'x' } },
  '/text': { status: 200, body: undefined, text: 'plain text' },
  '/rows': { status: 200, body: [{ id: '7', name: 'ada' }] },
};

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route === undefined) return sendJson(res, 404, { error: 'no route' });
    if (route.text !== undefined) {
      res.writeHead(route.status, { 'content-type': 'text/plain' });
      return void res.end(route.text);
    }
    sendJson(res, route.status, route.body);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const userSchema: ValidationSchema = {
  id: { type: 'number', required: true },
  email: { type: 'string', required: true },
  tags: { type: 'array' },
};

/** The rejection of `promise`, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<ValidationError> {
  try {
    await promise;
  } catch (error) {
    return error as ValidationError;
  }
  throw new Error('expected a rejection');
}

describe('validateResponse with a simple schema', () => {
  it('resolves to the response body when it passes', async () => {
    const api = createApiClient({ baseUrl: server.url });
    expect(await api.get('/user', { validateResponse: userSchema })).toEqual({
      id: 1,
      email: 'ada@example.com',
      tags: ['a'],
    });
  });

  it('rejects with every failing field: wrong type, null, missing', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const error = await rejection(
      api.get('/bad-user', { validateResponse: { ...userSchema, name: { type: 'string', required: true } } }),
    );
    expect(error.issues).toEqual([
      { path: 'id', expected: 'number', received: 'string' },
      { path: 'email', expected: 'string', received: 'null' },
      { path: 'tags', expected: 'array', received: 'string' },
      { path: 'name', expected: 'string', received: 'missing' },
    ]);
  });

  it('checks an array response element by element', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const error = await rejection(api.get('/users', { validateResponse: userSchema }));
    expect(error.issues).toEqual([
      { path: '[1].email', expected: 'string', received: 'missing' },
      { path: '[3].id', expected: 'number', received: 'string' },
      { path: '[3].email', expected: 'string', received: 'number' },
    ]);
  });

  it('reports a text response against a field schema as one root issue', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const error = await rejection(api.get('/text', { validateResponse: userSchema }));
    expect(error.issues).toEqual([{ path: '', expected: 'object', received: 'string' }]);
  });

  it('throws a ValidationError (an ApiError) carrying the status of the response and an English message', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const error = await rejection(api.post('/created', { a: 1 }, { validateResponse: userSchema }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(ApiError);
    expect({
      name: error.name,
      status: error.status,
      statusText: error.statusText,
      message: error.message,
      isTimeout: error.isTimeout,
      issues: error.issues,
    }).toEqual({
      name: 'ValidationError',
      status: 201,
      statusText: 'Created',
      message: 'The response does not have the expected shape.',
      isTimeout: false,
      issues: [
        { path: 'id', expected: 'number', received: 'string' },
        { path: 'email', expected: 'string', received: 'missing' },
      ],
    });
  });

  it('localizes the message: client locale es, and errorLocale per request', async () => {
    const es = createApiClient({ baseUrl: server.url, locale: 'es' });
    expect((await rejection(es.get('/bad-user', { validateResponse: userSchema }))).message).toBe(
      'La respuesta no tiene la forma esperada.',
    );
    const en = createApiClient({ baseUrl: server.url });
    expect(
      (await rejection(en.get('/bad-user', { validateResponse: userSchema, errorLocale: 'es' }))).message,
    ).toBe('La respuesta no tiene la forma esperada.');
    expect(
      (await rejection(es.get('/bad-user', { validateResponse: userSchema, errorLocale: 'en' }))).message,
    ).toBe('The response does not have the expected shape.');
  });

  it('is not retried, even with a retry policy', async () => {
    const api = createApiClient({ baseUrl: server.url, clock: stillClock, retryPolicy: { maxRetries: 3 } });
    await expect(api.get('/bad-user', { validateResponse: userSchema })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(server.requests.map((request) => request.url)).toEqual(['/bad-user']);
  });

  it('rejects a malformed schema with a TypeError naming the field', async () => {
    const api = createApiClient({ baseUrl: server.url });
    await expect(api.get('/user', { validateResponse: { id: { type: 'int' as never } } })).rejects.toThrow(
      new RangeError(
        'validateResponse: type of field "id" must be one of string, number, boolean, object, array, null, got "int"',
      ),
    );
  });
});

describe('validateResponse with a Standard Schema', () => {
  it('zod 4: returns the transformed output, typed by the schema', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const schema = z.object({ id: z.number(), email: z.string().transform((email) => email.toUpperCase()) });
    const user: { id: number; email: string } = await api.get('/user', { validateResponse: schema });
    expect(user).toEqual({ id: 1, email: 'ADA@EXAMPLE.COM' }); // `tags` stripped by zod
  });

  it('zod 4: maps its issues with paths and messages', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const schema = z.array(z.object({ id: z.number(), email: z.string() }));
    const error = await rejection(api.get('/users', { validateResponse: schema }));
    expect(error.issues).toEqual([
      {
        path: '[1].email',
        expected: 'Invalid input: expected string, received undefined',
        received: 'missing',
      },
      { path: '[3].id', expected: 'Invalid input: expected number, received string', received: 'string' },
      { path: '[3].email', expected: 'Invalid input: expected string, received number', received: 'number' },
    ]);
    expect(error.status).toBe(200);
  });

  it('valibot: returns the transformed output and maps its issues', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const rows = v.array(v.object({ id: v.pipe(v.string(), v.transform(Number)), name: v.string() }));
    expect(await api.get('/rows', { validateResponse: rows })).toEqual([{ id: 7, name: 'ada' }]);

    const user = v.object({ id: v.number(), email: v.string() });
    const error = await rejection(api.get('/bad-user', { validateResponse: user }));
    expect(error.issues).toEqual([
      { path: 'id', expected: 'Invalid type: Expected number but received "1"', received: 'string' },
      { path: 'email', expected: 'Invalid type: Expected string but received null', received: 'null' },
    ]);
  });

  it('an async Standard Schema is awaited', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const schema: StandardSchemaV1<unknown, number> = {
      '~standard': {
        version: 1,
        vendor: 'custom',
        validate: async (value) => ({ value: (value as { id: number }).id * 10 }),
      },
    };
    expect(await api.get('/user', { validateResponse: schema })).toBe(10);
  });

  it('accepts a Standard Schema that is a function (as arktype makes them)', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const schema = Object.assign((value: unknown) => value, {
      '~standard': {
        version: 1 as const,
        vendor: 'callable',
        validate: (value: unknown) => ({ value: (value as { id: number }).id * 10 }),
      },
    }) as unknown as StandardSchemaV1<unknown, number>;
    expect(await api.get('/user', { validateResponse: schema })).toBe(10);
    // A function without the Standard Schema key is still refused before anything is sent.
    const sent = server.requests.length;
    await expect(api.get('/user', { validateResponse: (() => 1) as never })).rejects.toThrow(
      new TypeError('options.validateResponse must be a validation schema or a Standard Schema'),
    );
    expect(server.requests.length).toBe(sent);
  });
});
