import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { ApiClientFor, PathsOf, TypedApiClient } from '../../src/client/endpoint-map.js';
import {
  type ApiClient,
  createApiClient,
  type TypedApiClient as PublicTypedApiClient,
  type RequestOptions,
  type ResponsePromise,
} from '../../src/index.js';

interface User {
  id: number;
  name: string;
}
interface NewUser {
  name: string;
}
interface UsersQuery {
  page?: number;
  q?: string;
}
interface SearchQuery {
  q: string;
}

// An endpoint map as `typefetch --har` writes it.
interface Api {
  'GET /users': { params: never; query: UsersQuery; body: never; response: User[] };
  'GET /users/{id}': { params: { id: string | number }; query: never; body: never; response: User };
  'GET /search': { params: never; query: SearchQuery; body: never; response: User[] };
  'POST /users': { params: never; query: never; body: NewUser; response: User };
  'PATCH /users/{id}': { params: { id: string | number }; query: never; body: NewUser; response: User };
  'POST /logout': { params: never; query: never; body: never; response: { ok: boolean } };
  'POST /comments': { params: never; query: never; body: { body: string }; response: { id: number } };
  'DELETE /repos/{owner}/{repo}': {
    params: { owner: string | number; repo: string | number };
    query: never;
    body: never;
    response: unknown;
  };
}

declare const api: TypedApiClient<Api>;

describe('calls typed by path', () => {
  it('resolves a path with params to its response type, no generic', () => {
    expectTypeOf(api.get('/users/{id}', { params: { id: 1 } })).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.get('/users/{id}', { params: { id: 'a/b' } })).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.get('/users')).toEqualTypeOf<ResponsePromise<User[]>>();
    expectTypeOf(api.get('/users', { searchParams: { page: 2 } })).toEqualTypeOf<ResponsePromise<User[]>>();
    expectTypeOf(api.delete('/repos/{owner}/{repo}', { params: { owner: 'o', repo: 'r' } })).toEqualTypeOf<
      ResponsePromise<unknown>
    >();
    expectTypeOf(api.request('GET', '/users/{id}', { params: { id: 1 } })).toEqualTypeOf<
      ResponsePromise<User>
    >();
    expectTypeOf(api.request('POST', '/users', { body: { name: 'a' } })).toEqualTypeOf<
      ResponsePromise<User>
    >();
    expectTypeOf(api.request('get', '/users/{id}', { params: { id: 1 } })).toEqualTypeOf<
      ResponsePromise<User>
    >();
    // @ts-expect-error a lower-case method still needs a path of the map for it
    api.request('get', '/nope');
    // @ts-expect-error request's body is typed too
    api.request('POST', '/users', { body: { nom: 'a' } });
  });

  it('types the result by parseAs, as without a map', () => {
    expectTypeOf(api.get('/users/{id}', { params: { id: 1 }, parseAs: 'text' })).toEqualTypeOf<
      ResponsePromise<string>
    >();
    expectTypeOf(api.get('/users', { parseAs: 'bytes' })).toEqualTypeOf<ResponsePromise<Uint8Array>>();
    expectTypeOf(api.get('/users', { parseAs: 'stream' })).toEqualTypeOf<
      ResponsePromise<ReadableStream<Uint8Array>>
    >();
    expectTypeOf(api.post('/users', { name: 'a' }, { parseAs: 'blob' })).toEqualTypeOf<
      ResponsePromise<Blob>
    >();
    expectTypeOf(
      api.delete('/repos/{owner}/{repo}', { params: { owner: 'o', repo: 'r' }, parseAs: 'arrayBuffer' }),
    ).toEqualTypeOf<ResponsePromise<ArrayBuffer>>();
    expectTypeOf(api.request('GET', '/users', { parseAs: 'text' })).toEqualTypeOf<ResponsePromise<string>>();
    // 'json' and 'auto' keep the endpoint's type.
    expectTypeOf(api.get('/users/{id}', { params: { id: 1 }, parseAs: 'json' })).toEqualTypeOf<
      ResponsePromise<User>
    >();
    // @ts-expect-error the params are still required
    api.get('/users/{id}', { parseAs: 'text' });
  });

  it('types the result by a Standard Schema in validateResponse, as without a map', () => {
    const Named = z.object({ id: z.number(), name: z.string().transform((name) => name.length) });
    expectTypeOf(api.get('/users/{id}', { params: { id: 1 }, validateResponse: Named })).toEqualTypeOf<
      ResponsePromise<{ id: number; name: number }>
    >();
    expectTypeOf(api.post('/users', { name: 'a' }, { validateResponse: Named })).toEqualTypeOf<
      ResponsePromise<{ id: number; name: number }>
    >();
    expectTypeOf(api.request('GET', '/users', { validateResponse: z.array(Named) })).toEqualTypeOf<
      ResponsePromise<{ id: number; name: number }[]>
    >();
    // A simple schema, or an options object typed RequestOptions (whose parseAs may be any), keeps the
    // endpoint's type.
    expectTypeOf(
      api.get('/users/{id}', { params: { id: 1 }, validateResponse: { id: { type: 'number' } } }),
    ).toEqualTypeOf<ResponsePromise<User>>();
    const options: RequestOptions = { timeoutMs: 1 };
    expectTypeOf(api.get('/users/{id}', { ...options, params: { id: 1 } })).toEqualTypeOf<
      ResponsePromise<User | string | Blob | ArrayBuffer | Uint8Array | ReadableStream<Uint8Array>>
    >();
    // Only a schema gives the result's type: not the type the caller expects of it.
    const expectsResult = async () => {
      // @ts-expect-error GET /users/{id} gives a User, not a number
      const wrong: number = await api.get('/users/{id}', { params: { id: 1 } });
      // @ts-expect-error nor a string, with a simple schema
      const alsoWrong: string = await api.get('/users', { validateResponse: { id: { type: 'number' } } });
      return [wrong, alsoWrong];
    };
    void expectsResult;
    // parseAs still wins over a schema, as it does at run time for what is read.
    expectTypeOf(api.get('/users', { parseAs: 'text', validateResponse: z.string() })).toEqualTypeOf<
      ResponsePromise<string>
    >();
  });

  it('refuses an unknown path', () => {
    // @ts-expect-error not a GET path of the map
    api.get('/nope');
    // @ts-expect-error a concrete path is not a template of the map
    api.get('/users/1');
    // @ts-expect-error GET /users/{id} exists, DELETE does not
    api.delete('/users/{id}', { params: { id: 1 } });
    // @ts-expect-error POST /users exists, PUT does not
    api.put('/users', { name: 'a' });
  });

  it('refuses a missing params', () => {
    // @ts-expect-error the options (and their params) are required
    api.get('/users/{id}');
    // @ts-expect-error params is required
    api.get('/users/{id}', {});
    // @ts-expect-error a parameter is missing
    api.delete('/repos/{owner}/{repo}', { params: { owner: 'o' } });
    // @ts-expect-error PATCH needs its params after the body
    api.patch('/users/{id}', { name: 'a' });
  });

  it('refuses a wrong param name or type', () => {
    // @ts-expect-error userId is not a parameter of /users/{id}
    api.get('/users/{id}', { params: { userId: 1 } });
    // @ts-expect-error a parameter is a string or a number
    api.get('/users/{id}', { params: { id: true } });
    // @ts-expect-error /users has no params
    api.get('/users', { params: { id: 1 } });
  });

  it('types the query from the map', () => {
    // @ts-expect-error page is a number
    api.get('/users', { searchParams: { page: 'x' } });
    // @ts-expect-error q is required by GET /search, so the options are too
    api.get('/search');
    expectTypeOf(api.get('/search', { searchParams: { q: 'a' } })).toEqualTypeOf<ResponsePromise<User[]>>();
  });

  it('post, put and patch take the endpoint body type', () => {
    expectTypeOf(api.post('/users', { name: 'a' })).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.patch('/users/{id}', { name: 'b' }, { params: { id: 1 } })).toEqualTypeOf<
      ResponsePromise<User>
    >();
    expectTypeOf(api.post('/logout')).toEqualTypeOf<ResponsePromise<{ ok: boolean }>>();
    // @ts-expect-error the body of POST /users is a NewUser
    api.post('/users', { nom: 'a' });
    // @ts-expect-error the body of POST /users is required
    api.post('/users');
    // @ts-expect-error name is a string
    api.patch('/users/{id}', { name: 1 }, { params: { id: 1 } });
  });

  it('requires the options when the body would read as options, so it is sent as the body', () => {
    expectTypeOf(api.post('/comments', { body: 'Hi' }, {})).toEqualTypeOf<ResponsePromise<{ id: number }>>();
    // @ts-expect-error post(path, { body }) would send 'Hi', not { body: 'Hi' }
    api.post('/comments', { body: 'Hi' });
  });

  it('lists the paths of a method', () => {
    expectTypeOf<PathsOf<Api, 'GET'>>().toEqualTypeOf<'/users' | '/users/{id}' | '/search'>();
    expectTypeOf<PathsOf<Api, 'PUT'>>().toEqualTypeOf<never>();
  });

  it('keeps every other member of the client', () => {
    expectTypeOf(api.circuitState).toEqualTypeOf<ApiClient['circuitState']>();
    expectTypeOf(api.getList).toEqualTypeOf<ApiClient['getList']>();
  });

  it('keeps the map on a derived client (extend)', () => {
    const admin = api.extend({ defaultHeaders: { authorization: 'Bearer x' } });
    expectTypeOf(admin).toEqualTypeOf<TypedApiClient<Api>>();
    expectTypeOf(admin.get('/users/{id}', { params: { id: 1 } })).toEqualTypeOf<ResponsePromise<User>>();
    // @ts-expect-error a derived client refuses an unknown path too
    admin.get('/usres');
    // @ts-expect-error and a missing params
    admin.get('/users/{id}');
  });
});

describe('without a map', () => {
  it('is the client as before', () => {
    expectTypeOf<ApiClientFor>().toEqualTypeOf<ApiClient>();
    expectTypeOf<ApiClientFor<Api>>().toEqualTypeOf<TypedApiClient<Api>>();
    expectTypeOf(createApiClient()).toEqualTypeOf<ApiClient>();
    expectTypeOf(createApiClient<Api>()).toEqualTypeOf<TypedApiClient<Api>>();
    expectTypeOf(createApiClient<Api>()).toEqualTypeOf<PublicTypedApiClient<Api>>();
    const untyped = {} as ApiClientFor;
    expectTypeOf(untyped.get<User>('/users/1')).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(untyped.get('/anything')).toEqualTypeOf<ResponsePromise<unknown>>();
  });
});
