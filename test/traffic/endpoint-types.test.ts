import { describe, expect, it } from 'vitest';
import { typeEndpoints } from '../../src/traffic/endpoint-types.js';
import { readHar } from '../../src/traffic/endpoints.js';
import { harText } from './helpers/har-text.js';

const typesOf = (entries: unknown[], named = false) =>
  typeEndpoints(readHar(harText(entries)).endpoints, named ? { named: true } : {});

describe('typeEndpoints', () => {
  it('writes the response, error, body and query types of an endpoint, named from its method and path', () => {
    const [users] = typesOf([
      {
        method: 'POST',
        url: 'https://h.test/users?dry=true',
        status: 201,
        response: { id: 1 },
        body: { name: 'a' },
      },
      {
        method: 'POST',
        url: 'https://h.test/users',
        status: 422,
        response: { error: 'name taken' },
        body: { name: 'a' },
      },
    ]);
    expect(users!.file).toBe('post-users');
    expect(users!.names).toEqual({
      response: 'PostUsers',
      error: 'PostUsersError',
      body: 'PostUsersBody',
      query: 'PostUsersQuery',
    });
    expect(users!.typescript).toBe(
      [
        'export interface PostUsers {\n  id: number;\n}\n',
        'export interface PostUsersError {\n  error: string;\n}\n',
        'export interface PostUsersBody {\n  name: string;\n}\n',
        'export interface PostUsersQuery {\n  dry?: boolean | undefined;\n}\n',
      ].join('\n'),
    );
  });

  it('types a body only for POST, PUT and PATCH, and leaves out roles nothing was seen for', () => {
    const [get] = typesOf([
      { method: 'DELETE', url: 'https://h.test/x', response: { ok: true }, body: { a: 1 } },
    ]);
    expect(get!.names).toEqual({ response: 'DeleteX' });
    expect(get!.samples).toEqual({ response: [{ ok: true }], error: [], body: [] });
  });

  it('numbers a name that another type already holds', () => {
    const types = typesOf([
      { url: 'https://h.test/users/1', status: 404, response: { message: 'x' } },
      { url: 'https://h.test/users/2', status: 200, response: { id: 2 } },
      { url: 'https://h.test/users-id/error', response: { code: 1 } },
    ]);
    expect(types.map((t) => [t.endpoint.key, t.file, t.names])).toEqual([
      ['GET /users/{id}', 'get-users-id', { response: 'GetUsersId', error: 'GetUsersIdError' }],
      ['GET /users-id/error', 'get-users-id-error', { response: 'GetUsersIdError2' }],
    ]);
  });

  it('numbers a type whose nested named types would clash with an earlier name', () => {
    const types = typesOf(
      [
        { url: 'https://h.test/a', response: { error: { code: 1 } } },
        { url: 'https://h.test/a', status: 500, response: { message: 'x' } },
      ],
      true,
    );
    // The response's `error` member would be named GetAError, which is the error type's name.
    expect(types[0]!.names).toEqual({ response: 'GetA', error: 'GetAError2' });
    expect(types[0]!.typescript).toContain('export interface GetAError {\n  code: number;\n}');
  });

  it('keeps file names inside their folder and distinct', () => {
    const types = typesOf([
      { url: 'https://h.test/a%2F..%2Fb', response: { a: 1 } },
      { url: 'https://h.test/a/b', response: { b: 1 } },
      { url: 'https://h.test/', response: [] },
    ]);
    expect(types.map((t) => t.file)).toEqual(['get-a-b', 'get-a-b-2', 'get-root']);
  });

  it("names an endpoint from its words with their case kept, with its file's number; files stay lower case", () => {
    const types = typesOf([
      { url: 'https://h.test/api/userProfiles/7/todos/3', response: { id: 3 } },
      { url: 'https://h.test/a-b', response: { a: 1 } },
      { url: 'https://h.test/a/b', response: { b: 1 } },
    ]);
    expect(types.map((t) => [t.endpoint.key, t.file, t.name, t.names.response])).toEqual([
      [
        'GET /api/userProfiles/{userProfileId}/todos/{id}',
        'get-api-userprofiles-userprofileid-todos-id',
        'GetApiUserProfilesUserProfileIdTodosId',
        'GetApiUserProfilesUserProfileIdTodosId',
      ],
      ['GET /a-b', 'get-a-b', 'GetAB', 'GetAB'],
      ['GET /a/b', 'get-a-b-2', 'GetAB2', 'GetAB2'],
    ]);
  });
});
