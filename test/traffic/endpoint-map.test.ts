import { describe, expect, it } from 'vitest';
import { emitEndpointMap } from '../../src/traffic/endpoint-map.js';
import { typeEndpoints } from '../../src/traffic/endpoint-types.js';
import { readHar } from '../../src/traffic/endpoints.js';
import { compile, typedCallsModule } from '../helpers/compile.js';
import { harText } from './helpers/har-text.js';
import { outputsOf } from './helpers/outputs.js';

const types = typeEndpoints(
  readHar(
    harText([
      { url: 'https://h.test/users/1?fields=name', response: { id: 1 } },
      { method: 'POST', url: 'https://h.test/users', status: 201, response: { id: 2 }, body: { name: 'a' } },
      { url: "https://h.test/it's", status: 404, response: { message: 'x' } },
    ]),
  ).endpoints,
);

describe('emitEndpointMap', () => {
  it('writes one member per endpoint: params, query, body, response; never where one does not apply', () => {
    expect(emitEndpointMap(types)).toBe(
      [
        'export interface Api {',
        "  'GET /users/{id}': {",
        '    params: { id: string | number };',
        '    query: GetUsersIdQuery;',
        '    body: never;',
        '    response: GetUsersId;',
        '  };',
        "  'POST /users': {",
        '    params: never;',
        '    query: never;',
        '    body: PostUsersBody;',
        '    response: PostUsers;',
        '  };',
        "  'GET /it\\'s': {",
        '    params: never;',
        '    query: never;',
        '    body: never;',
        '    response: unknown;',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('imports the types it names from each endpoint module, and takes another interface name', () => {
    const text = emitEndpointMap(types, { importFrom: (endpoint) => `./${endpoint.file}.js`, name: 'Users' });
    expect(text.split('\n').slice(0, 4)).toEqual([
      "import type { GetUsersId, GetUsersIdQuery } from './get-users-id.js';",
      "import type { PostUsers, PostUsersBody } from './post-users.js';",
      '',
      'export interface Users {',
    ]);
  });

  it('lets a call leave out a body that some recorded requests did not have, as openapi.json does', () => {
    const { files } = outputsOf(
      harText([
        { method: 'POST', url: 'https://h.test/search', response: { hits: 1 }, body: { q: 'a' } },
        { method: 'POST', url: 'https://h.test/search', response: { hits: 2 } },
        {
          method: 'POST',
          url: 'https://h.test/users',
          status: 201,
          response: { id: 2 },
          body: { name: 'a' },
        },
      ]),
    );
    expect(files['index.ts']).toContain(
      "  'POST /search': {\n    params: never;\n    query: never;\n    body: PostSearchBody | undefined;\n",
    );
    expect(files['index.ts']).toContain(
      "  'POST /users': {\n    params: never;\n    query: never;\n    body: PostUsersBody;\n",
    );
    const operations = JSON.parse(files['openapi.json']!).paths;
    expect([
      operations['/search'].post.requestBody.required,
      operations['/users'].post.requestBody.required,
    ]).toEqual([false, true]);
    const use = typedCallsModule;
    const calls = use(
      "const a: { hits: number } = await api.post('/search');",
      "const b: { hits: number } = await api.post('/search', { q: 'x' });",
      "const c: { hits: number } = await api.request('POST', '/search');",
      'void [a, b, c];',
    );
    expect(compile({ ...files, 'use.ts': calls })).toEqual([]);
    const wrong = use("await api.post('/users');", "await api.post('/search', { nope: 1 });");
    expect(compile({ ...files, 'use.ts': wrong })).toEqual([
      'use.ts:4: Expected 2-3 arguments, but got 1.',
      "use.ts:5: Object literal may only specify known properties, and 'nope' does not exist in type 'PostSearchBody'.",
    ]);
  });

  it('lets an optional body member take undefined, which JSON leaves out, under exactOptionalPropertyTypes', () => {
    const { files } = outputsOf(
      harText([
        {
          method: 'POST',
          url: 'https://h.test/todos',
          status: 201,
          response: { id: 1 },
          body: { title: 'a', note: 'n', meta: { tag: 'x' } },
        },
        {
          method: 'POST',
          url: 'https://h.test/todos',
          status: 201,
          response: { id: 2 },
          body: { title: 'b', meta: {} },
        },
      ]),
    );
    expect(files['post-todos.ts']).toContain(
      'export interface PostTodosBody {\n  title: string;\n  note?: string | undefined;\n  meta: {\n    tag?: string | undefined;\n  };\n}\n',
    );
    const calls = typedCallsModule(
      'declare const note: string | undefined;',
      'declare const tag: string | undefined;',
      "await api.post('/todos', { title: 't', note, meta: { tag } });",
      "await api.post('/todos', { title: undefined, meta: {} });",
    );
    // The compile helper sets exactOptionalPropertyTypes; a required member stays required.
    expect(compile({ ...files, 'use.ts': calls })).toEqual([
      "use.ts:7: Type 'undefined' is not assignable to type 'string'.",
    ]);
  });

  it('makes a call pass options when its body would read as options (`{ body }`), so it is sent as the body', () => {
    const { files } = outputsOf(
      harText([
        {
          method: 'POST',
          url: 'https://h.test/comments',
          status: 201,
          response: { id: 1 },
          body: { body: 'Hi' },
        },
        {
          method: 'POST',
          url: 'https://h.test/api/notes',
          status: 201,
          response: { id: 2 },
          body: { body: 'a', title: 't' },
        },
      ]),
    );
    const use = typedCallsModule;
    const right = use(
      "const a: { id: number } = await api.post('/comments', { body: 'Hi' }, {});",
      "const b: { id: number } = await api.post('/api/notes', { body: 'a', title: 't' });",
      'void [a, b];',
    );
    expect(compile({ ...files, 'use.ts': right })).toEqual([]);
    // post(path, { body: 'Hi' }) sends 'Hi' (docs/client.md, "The two-argument form"), not { body: 'Hi' }.
    const ambiguous = use("await api.post('/comments', { body: 'Hi' });");
    expect(compile({ ...files, 'use.ts': ambiguous })).toEqual([
      'use.ts:4: Expected 3 arguments, but got 2.',
    ]);
  });

  it('writes an empty interface for no endpoints and refuses a name that is not an identifier', () => {
    expect(emitEndpointMap([])).toBe('export interface Api {}\n');
    expect(() => emitEndpointMap([], { name: 'my api' })).toThrow(
      new TypeError("name must be an identifier, got 'my api'"),
    );
  });
});
