import { describe, expect, it } from 'vitest';
import { emitEndpointMap } from '../../src/traffic/endpoint-map.js';
import { typeEndpoints } from '../../src/traffic/endpoint-types.js';
import { readHar } from '../../src/traffic/endpoints.js';
import { harText } from './helpers/har-text.js';

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

  it('writes an empty interface for no endpoints and refuses a name that is not an identifier', () => {
    expect(emitEndpointMap([])).toBe('export interface Api {}\n');
    expect(() => emitEndpointMap([], { name: 'my api' })).toThrow(
      new TypeError("name must be an identifier, got 'my api'"),
    );
  });
});
