// 2xx answers without a body (204, 205, an empty JSON body): their endpoint is in the map, typed as the
// client resolves such a call (`undefined`), and in openapi.json with a response that has no content.
// What has no body outside a 2xx, redirects, HEAD and bodies that are not JSON stay skipped.
import { describe, expect, it } from 'vitest';
import { compile, typedCallsModule } from '../helpers/compile.js';
import { validateOpenApi } from '../helpers/openapi.js';
import { harText } from './helpers/har-text.js';
import { outputsOf } from './helpers/outputs.js';

const use = typedCallsModule;

describe('a 2xx answer without a body', () => {
  // As a loopback recording saves a 204: no content type, no text.
  const { traffic, types, files } = outputsOf(
    harText([
      { url: 'https://h.test/users/1', response: { id: 1, name: 'a' } },
      { method: 'DELETE', url: 'https://h.test/users/1', status: 204, mimeType: '' },
    ]),
  );

  it('makes its endpoint one of the run, counted as a request, not skipped', () => {
    expect(traffic.endpoints.map((endpoint) => `${endpoint.key} ${endpoint.exchanges.length}`)).toEqual([
      'GET /users/{id} 1',
      'DELETE /users/{id} 1',
    ]);
    expect(traffic.skipped).toEqual({ total: 0, notJson: 0, notRecorded: 0, malformed: 0, preflight: 0 });
    expect(types.map(({ file, names, typescript }) => [file, names, typescript])).toEqual([
      ['get-users-id', { response: 'GetUsersId' }, expect.stringContaining('export interface GetUsersId')],
      ['delete-users-id', {}, ''],
    ]);
  });

  it('is in the map with response undefined, so api.delete compiles and resolves to undefined', () => {
    expect(files['index.ts']).toBe(
      [
        "import type { GetUsersId } from './get-users-id.js';",
        '',
        'export interface Api {',
        "  'GET /users/{id}': {",
        '    params: { id: string | number };',
        '    query: never;',
        '    body: never;',
        '    response: GetUsersId;',
        '  };',
        "  'DELETE /users/{id}': {",
        '    params: { id: string | number };',
        '    query: never;',
        '    body: never;',
        '    response: undefined;',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
    const deleted = use(
      "const gone: undefined = await api.delete('/users/{id}', { params: { id: 1 } }); void gone;",
    );
    expect(compile({ ...files, 'use.ts': deleted })).toEqual([]);
    const wrong = use("await api.delete('/users/{id}', { params: { userId: 1 } });");
    expect(compile({ ...files, 'use.ts': wrong }).join('\n')).toMatch(/use\.ts:4: .*userId/);
  });

  it('is in openapi.json: a 204 response with no content, and the document validates as 3.1', async () => {
    const document = JSON.parse(files['openapi.json']!);
    expect(document.paths['/users/{id}'].delete).toEqual({
      operationId: 'deleteUsersId',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      responses: { '204': { description: 'No Content' } },
    });
    expect(Object.keys(document.components.schemas)).toEqual(['GetUsersId']);
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
  });
});

describe('an endpoint with JSON 2xx answers and empty ones', () => {
  const { files } = outputsOf(
    harText([
      { method: 'PUT', url: 'https://h.test/users/1', response: { id: 1 }, body: { name: 'a' } },
      { method: 'PUT', url: 'https://h.test/users/2', status: 204, mimeType: '', body: { name: 'b' } },
      { method: 'PATCH', url: 'https://h.test/users/1', response: { id: 1 } },
      // A 200 whose JSON body was empty (`"text": ""`): the client resolves it to undefined too.
      { method: 'PATCH', url: 'https://h.test/users/2', rawText: '' },
    ]),
  );

  it('keeps the JSON type and adds undefined, what the client gives for the empty ones', () => {
    expect(files['index.ts']).toContain(
      "  'PUT /users/{id}': {\n    params: { id: string | number };\n    query: never;\n    body: PutUsersIdBody;\n    response: PutUsersId | undefined;\n  };\n",
    );
    expect(files['index.ts']).toContain('    response: PatchUsersId | undefined;\n  };\n}\n');
    const either = use(
      "const put: PutUsersId | undefined = await api.put('/users/{id}', { name: 'c' }, { params: { id: 1 } }); void put;",
    ).replace(
      "import type { Api } from './index.js';",
      "import type { Api } from './index.js';\nimport type { PutUsersId } from './put-users-id.js';",
    );
    expect(compile({ ...files, 'use.ts': either })).toEqual([]);
    const sure = either.replace('PutUsersId | undefined =', 'PutUsersId =');
    expect(compile({ ...files, 'use.ts': sure }).join('\n')).toMatch(/use\.ts:5: .*undefined/);
  });

  it('writes the JSON status with its schema and the empty one without content', async () => {
    const document = JSON.parse(files['openapi.json']!);
    expect(document.paths['/users/{id}'].put.responses).toEqual({
      '200': {
        description: 'OK',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/PutUsersId' } } },
      },
      '204': { description: 'No Content' },
    });
    // One status with a JSON body and an empty one: the schema describes the JSON body.
    expect(document.paths['/users/{id}'].patch.responses).toEqual({
      '200': {
        description: 'OK',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/PatchUsersId' } } },
      },
    });
    expect(await validateOpenApi(document)).toEqual({ result: { valid: true }, version: '3.1' });
  });
});

describe('answers without a body that stay skipped', () => {
  it('a 205 and an empty JSON 2xx are endpoints; HEAD, 304, redirects, empty errors, images and HTML are not', () => {
    const { traffic, files } = outputsOf(
      harText([
        { method: 'POST', url: 'https://h.test/form/reset', status: 205, mimeType: 'x-unknown', rawText: '' },
        { method: 'POST', url: 'https://h.test/track', rawText: '' },
        { method: 'HEAD', url: 'https://h.test/users', mimeType: '' },
        { url: 'https://h.test/cached', status: 304, mimeType: '' },
        { url: 'https://h.test/old', status: 302, mimeType: '', rawText: '' },
        { method: 'DELETE', url: 'https://h.test/locked', status: 409, mimeType: '', rawText: '' },
        { url: 'https://h.test/broken', status: 500, rawText: '' },
        // Chromium saves an image's body as `"text": ""`: it had one, it is not JSON.
        { url: 'https://h.test/logo.png', mimeType: 'image/png', rawText: '' },
        { url: 'https://h.test/page', mimeType: 'text/html', response: '<p>hi</p>' },
        { url: 'https://h.test/health', mimeType: 'text/plain', rawText: '' },
      ]),
    );
    expect(traffic.endpoints.map((endpoint) => endpoint.key)).toEqual(['POST /form/reset', 'POST /track']);
    expect(traffic.skipped).toEqual({ total: 8, notJson: 8, notRecorded: 0, malformed: 0, preflight: 0 });
    expect(files['index.ts']).toContain(
      "  'POST /form/reset': {\n    params: never;\n    query: never;\n    body: never;\n    response: undefined;\n  };\n",
    );
    expect(JSON.parse(files['openapi.json']!).paths['/track'].post.responses).toEqual({
      '200': { description: 'OK' },
    });
  });
});
