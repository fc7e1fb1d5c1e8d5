import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { typeEndpoints } from '../../src/traffic/endpoint-types.js';
import { readHar } from '../../src/traffic/endpoints.js';
import { emitOpenApi, inOpenApi } from '../../src/traffic/openapi.js';
import { compile } from '../helpers/compile.js';
import { validateOpenApi } from '../helpers/openapi.js';
import { harText } from './helpers/har-text.js';
import { outputsOf } from './helpers/outputs.js';

const traffic = readHar(
  harText([
    { url: 'https://h.test/users/1?api_key=tfsecretkey99&page=2', response: { id: 1, name: 'a' } },
    { url: 'https://h.test/users/2', status: 404, response: { message: 'no' } },
    { method: 'POST', url: 'https://h.test/users', status: 201, response: { id: 3 }, body: { name: 'x' } },
    { method: 'POST', url: 'https://h.test/users', status: 201, response: { id: 4 } },
  ]),
);

describe('emitOpenApi', () => {
  it('writes one 3.1 document: servers, templated paths, parameters, bodies, responses per status, schemas', () => {
    const document = JSON.parse(
      emitOpenApi(typeEndpoints(traffic.endpoints), {
        servers: ['https://user:pw@h.test/base'],
        title: 'Users',
        version: '2',
      }),
    );
    expect(document).toEqual({
      openapi: '3.1.0',
      info: { title: 'Users', version: '2' },
      servers: [{ url: 'https://h.test' }],
      paths: {
        '/users/{id}': {
          get: {
            operationId: 'getUsersId',
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
              { name: 'api_key', in: 'query', required: false, schema: { type: 'string' } },
              { name: 'page', in: 'query', required: false, schema: { type: 'integer' } },
            ],
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
        '/users': {
          post: {
            operationId: 'postUsers',
            requestBody: {
              required: false,
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
      },
      components: {
        schemas: {
          GetUsersId: {
            type: 'object',
            properties: { id: { type: 'number' }, name: { type: 'string' } },
            required: ['id', 'name'],
          },
          GetUsersIdError: {
            type: 'object',
            properties: { message: { type: 'string' } },
            required: ['message'],
          },
          PostUsersBody: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          PostUsers: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] },
        },
      },
    });
  });

  it('stays a valid document when the HAR holds a request saved with status 0 (no response)', async () => {
    const withBlocked = readHar(
      harText([
        { url: 'https://h.test/users/1', response: { id: 1 } },
        { url: 'https://h.test/tracking', status: 0, response: { queued: true } },
      ]),
    );
    const document = JSON.parse(emitOpenApi(typeEndpoints(withBlocked.endpoints)));
    expect(Object.keys(document.paths)).toEqual(['/users/{id}']);
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
  });

  it('writes each JSON media type seen (problem+json errors, a merge-patch body) as the content key, and stays valid', async () => {
    const typed = readHar(
      harText([
        {
          url: 'https://h.test/users/1',
          mimeType: 'application/vnd.api+json; charset=utf-8',
          response: { id: 1 },
        },
        { url: 'https://h.test/users/2', response: { id: 2 } },
        {
          url: 'https://h.test/users/3',
          status: 404,
          mimeType: 'Application/Problem+JSON',
          response: { title: 'no' },
        },
        {
          method: 'PATCH',
          url: 'https://h.test/users/1',
          body: { name: 'x' },
          bodyMimeType: 'application/merge-patch+json',
          response: { id: 1 },
        },
      ]),
    );
    const document = JSON.parse(emitOpenApi(typeEndpoints(typed.endpoints)));
    const { get, patch } = document.paths['/users/{id}'];
    expect(Object.keys(get.responses['200'].content)).toEqual([
      'application/vnd.api+json',
      'application/json',
    ]);
    expect(Object.keys(get.responses['404'].content)).toEqual(['application/problem+json']);
    expect(Object.keys(patch.requestBody.content)).toEqual(['application/merge-patch+json']);
    expect(Object.keys(patch.responses['200'].content)).toEqual(['application/json']);
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
  });

  it('escapes invisible characters of keys as the JSON Schema output does, keeping the keys once parsed', async () => {
    const key = 'total\u202e\u200bdue\u2028';
    const hidden = readHar(harText([{ url: 'https://h.test/bills/1', response: { [key]: 1 } }]));
    const text = emitOpenApi(typeEndpoints(hidden.endpoints));
    expect(text).toContain('"total\\u202e\\u200bdue\\u2028"');
    expect(text).not.toMatch(/[\u202e\u200b\u2028]/);
    const document = JSON.parse(text);
    expect(Object.keys(document.components.schemas.GetBillsId.properties)).toEqual([key]);
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
  });

  it('leaves out an endpoint whose method OpenAPI 3.1 has no operation for (QUERY), and stays valid', async () => {
    const withQuery = readHar(
      harText([
        { url: 'https://h.test/users/1', response: { id: 1 } },
        { method: 'QUERY', url: 'https://h.test/search', response: { hits: [] } },
      ]),
    );
    const types = typeEndpoints(withQuery.endpoints);
    expect(types.map((each) => [each.endpoint.key, inOpenApi(each)])).toEqual([
      ['GET /users/{id}', true],
      ['QUERY /search', false],
    ]);
    const document = JSON.parse(emitOpenApi(types));
    expect(document.paths).toEqual({ '/users/{id}': { get: expect.any(Object) } });
    expect(Object.keys(document.components.schemas)).toEqual(['GetUsersId']);
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
  });

  it('gives every operation its own operationId, also when file names differ only by a dash', () => {
    const clashing = readHar(
      harText([
        { url: 'https://h.test/a-b', response: { x: 1 } },
        { url: 'https://h.test/a_b', response: { y: 'q' } },
        { url: 'https://h.test/a/b2', response: [1, 2] },
      ]),
    );
    const types = typeEndpoints(clashing.endpoints);
    expect(types.map((endpoint) => endpoint.file)).toEqual(['get-a-b', 'get-a-b-2', 'get-a-b2']);
    const document = JSON.parse(emitOpenApi(types));
    expect(
      Object.values(document.paths).map((item) => (item as { get: { operationId: string } }).get.operationId),
    ).toEqual(['getAB', 'getAB2', 'getAB22']);
  });

  it("names an operationId from the endpoint's words with their case kept, as its types, and stays valid", async () => {
    const types = typeEndpoints(
      readHar(harText([{ url: 'https://h.test/api/userProfiles/7/todos/3', response: { id: 3 } }])).endpoints,
    );
    const document = JSON.parse(emitOpenApi(types));
    expect(document.paths).toEqual({
      '/api/userProfiles/{userProfileId}/todos/{id}': {
        get: expect.objectContaining({ operationId: 'getApiUserProfilesUserProfileIdTodosId' }),
      },
    });
    expect(Object.keys(document.components.schemas)).toEqual(['GetApiUserProfilesUserProfileIdTodosId']);
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
  });

  it('types a path parameter integer only when every value reads as one unchanged (not 02134)', () => {
    const zips = readHar(
      harText([
        { url: 'https://h.test/zips/02134', response: { city: 'Allston' } },
        { url: 'https://h.test/zips/10001', response: { city: 'New York' } },
        { url: 'https://h.test/users/7', response: { id: 7 } },
        { url: 'https://h.test/users/10', response: { id: 10 } },
      ]),
    );
    const document = JSON.parse(emitOpenApi(typeEndpoints(zips.endpoints)));
    expect(
      Object.entries(document.paths).map(([template, item]) => [
        template,
        (item as { get: { parameters: unknown[] } }).get.parameters,
      ]),
    ).toEqual([
      ['/zips/{id}', [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]],
      ['/users/{id}', [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }]],
    ]);
  });

  it('writes no value from the traffic: no example, no secret', () => {
    const text = emitOpenApi(typeEndpoints(traffic.endpoints), { servers: traffic.servers });
    expect(text).not.toContain('tfsecretkey99');
    expect(text).not.toMatch(/example|default/);
  });

  it('shares a component between endpoints given one type name for one schema, and numbers a different one', async () => {
    const har = readHar(
      harText([
        { url: 'https://h.test/users/1', response: { id: 1, address: { city: 'x' } } },
        { url: 'https://h.test/users/2', response: { id: 2, address: { city: 'w' } } },
        { method: 'PUT', url: 'https://h.test/users/1', response: { id: 1, address: { city: 'y' } } },
        { method: 'PUT', url: 'https://h.test/users/2', response: { id: 2, address: { city: 'v' } } },
        { url: 'https://h.test/me', response: { id: 1, address: { street: 'z' } } },
      ]),
    );
    // One name for all three, as capture's `name` option or a config's "name" can give.
    const endpoints = typeEndpoints(har.endpoints, { named: true }).map((types) => ({
      ...types,
      names: { response: 'User' },
    }));
    const document = JSON.parse(emitOpenApi(endpoints));
    const refs = [
      document.paths['/users/{id}'].get.responses['200'].content['application/json'].schema.$ref,
      document.paths['/users/{id}'].put.responses['200'].content['application/json'].schema.$ref,
      document.paths['/me'].get.responses['200'].content['application/json'].schema.$ref,
    ];
    expect(refs).toEqual([
      '#/components/schemas/User',
      '#/components/schemas/User',
      '#/components/schemas/User2',
    ]);
    expect(document.components.schemas).toEqual({
      User: {
        type: 'object',
        properties: { id: { type: 'number' }, address: { $ref: '#/components/schemas/UserAddress' } },
        required: ['id', 'address'],
      },
      UserAddress: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      User2: {
        type: 'object',
        properties: { id: { type: 'number' }, address: { $ref: '#/components/schemas/UserAddress2' } },
        required: ['id', 'address'],
      },
      UserAddress2: { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] },
    });
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
  });

  it('moves named nested types to components/schemas and points every $ref there', () => {
    const named = readHar(
      harText([{ url: 'https://h.test/me', response: { id: 1, address: { city: 'x' } } }]),
    );
    const document = JSON.parse(emitOpenApi(typeEndpoints(named.endpoints, { named: true })));
    expect(document.components.schemas).toEqual({
      GetMe: {
        type: 'object',
        properties: { id: { type: 'number' }, address: { $ref: '#/components/schemas/GetMeAddress' } },
        required: ['id', 'address'],
      },
      GetMeAddress: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    });
    expect(document.info).toEqual({ title: 'API recorded by typefetch', version: '0.0.0' });
    expect(document.servers).toBeUndefined();
  });

  it('says an empty object seen in a body is any object, so openapi-typescript reads it as typefetch types it', async () => {
    const { files, types } = outputsOf(
      harText([
        { url: 'https://h.test/things', response: { meta: {}, tags: [{}] } },
        { method: 'POST', url: 'https://h.test/things', status: 201, response: {}, body: { options: {} } },
      ]),
    );
    const document = JSON.parse(files['openapi.json']!);
    expect(document.components.schemas.GetThings.properties.meta).toEqual({
      type: 'object',
      additionalProperties: true,
    });
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
    expect(types.map(({ names }) => names)).toEqual([
      { response: 'GetThings' },
      { response: 'PostThings', body: 'PostThingsBody' },
    ]);
    const theirs = (path: string) => `paths['/things']${path}['content']['application/json']`;
    const mutual = [
      "import type { paths } from './openapi-types.js';",
      "import type { GetThings } from './get-things.js';",
      "import type { PostThings, PostThingsBody } from './post-things.js';",
      `export const a = (x: ${theirs("['get']['responses'][200]")}): GetThings => x;`,
      `export const b = (x: GetThings): ${theirs("['get']['responses'][200]")} => x;`,
      `export const c = (x: ${theirs("['post']['responses'][201]")}): PostThings => x;`,
      `export const d = (x: PostThings): ${theirs("['post']['responses'][201]")} => x;`,
      `export const e = (x: ${theirs("['post']['requestBody']")}): PostThingsBody => x;`,
      `export const f = (x: PostThingsBody): ${theirs("['post']['requestBody']")} => x;`,
    ].join('\n');
    const generated = astToString(await openapiTS(document));
    expect(compile({ ...files, 'openapi-types.ts': generated, 'mutual.ts': mutual })).toEqual([]);
  });
});
