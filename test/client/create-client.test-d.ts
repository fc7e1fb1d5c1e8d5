import * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  type ApiClient,
  ApiError,
  type ApiErrorDetails,
  type CircuitOpenError,
  type CircuitState,
  createApiClient,
  type InterceptedRequestInit,
  type PaginatedResponse,
  type ResponsePromise,
  type SseEvent,
  type ValidationError,
  type ValidationIssue,
} from '../../src/index.js';

interface User {
  id: number;
  name: string;
}

const api = createApiClient({ baseUrl: 'https://h.test' });

describe('generics flow to results', () => {
  it('types every method by its generic parameter', () => {
    expectTypeOf(api).toEqualTypeOf<ApiClient>();
    expectTypeOf(api.get<User>('/users/1')).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.post<User>('/users', { name: 'a' })).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.put<User>('/users/1', { body: { name: 'a' } })).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.patch<User>('/users/1', { name: 'b' }, { timeoutMs: 5 })).toEqualTypeOf<
      ResponsePromise<User>
    >();
    expectTypeOf(api.delete<void>('/users/1')).toEqualTypeOf<ResponsePromise<void>>();
    expectTypeOf(api.request<User[]>('GET', '/users')).toEqualTypeOf<ResponsePromise<User[]>>();
    expectTypeOf(api.getList<User>('/users')).toEqualTypeOf<Promise<PaginatedResponse<User>>>();
    expectTypeOf(api.paginate<User>('/users')).toEqualTypeOf<AsyncIterableIterator<User>>();
  });

  it('defaults to unknown without a generic', () => {
    expectTypeOf(api.get('/x')).toEqualTypeOf<ResponsePromise<unknown>>();
    expectTypeOf(api.post('/x', 'text')).toEqualTypeOf<ResponsePromise<unknown>>();
  });

  it('exposes the circuit state as a read-only union', () => {
    expectTypeOf(api.circuitState).toEqualTypeOf<CircuitState>();
    expectTypeOf<CircuitState>().toEqualTypeOf<'closed' | 'open' | 'half-open'>();
  });
});

describe('Standard Schema output type flows', () => {
  it('zod: the result is the schema output, transforms included', () => {
    const schema = z.object({ id: z.number(), name: z.string().transform((s) => s.length) });
    expectTypeOf(api.get('/users/1', { validateResponse: schema })).toEqualTypeOf<
      ResponsePromise<{ id: number; name: number }>
    >();
  });

  it('valibot: the result is the schema output', () => {
    const schema = v.array(v.object({ id: v.number() }));
    expectTypeOf(api.get('/users', { validateResponse: schema })).toEqualTypeOf<
      ResponsePromise<{ id: number }[]>
    >();
  });

  it('a simple schema keeps the generic', () => {
    expectTypeOf(
      api.get<User>('/users/1', { validateResponse: { id: { type: 'number', required: true } } }),
    ).toEqualTypeOf<ResponsePromise<User>>();
  });
});

describe('interceptors', () => {
  it('types the request init so spreading its headers needs no cast', () => {
    createApiClient({
      interceptors: {
        request: async (url, init) => [
          url,
          { ...init, headers: { ...init.headers, authorization: 'Bearer x' } },
        ],
        response: async (response) => response,
      },
    });
    expectTypeOf<InterceptedRequestInit['headers']>().toEqualTypeOf<Record<string, string>>();
    // A function written against plain RequestInit is accepted too.
    const plain = (url: string, init: RequestInit): [string, RequestInit] => [url, init];
    createApiClient({ interceptors: { request: plain } });
  });
});

describe('errors', () => {
  it('types the error fields', () => {
    const error = new ApiError({ status: 404, statusText: 'Not Found', message: 'x' });
    expectTypeOf(error.status).toEqualTypeOf<number>();
    expectTypeOf(error.statusText).toEqualTypeOf<string>();
    expectTypeOf(error.body).toEqualTypeOf<unknown>();
    expectTypeOf(error.isTimeout).toEqualTypeOf<boolean>();
    expectTypeOf(error.details).toEqualTypeOf<ApiErrorDetails>();
    expectTypeOf<CircuitOpenError>().toExtend<ApiError>();
    expectTypeOf<ValidationError>().toExtend<ApiError>();
    expectTypeOf<ValidationError['issues']>().toEqualTypeOf<readonly ValidationIssue[]>();
  });
});

describe('wrong option types fail to compile', () => {
  it('rejects bad config and request options', () => {
    // @ts-expect-error: only 'en' and 'es'
    createApiClient({ locale: 'fr' });
    // @ts-expect-error: a number of ms
    createApiClient({ timeoutMs: '100' });
    // @ts-expect-error: an unknown option
    createApiClient({ baseurl: 'https://h.test' });
    // @ts-expect-error: errorMessages is keyed by locale
    createApiClient({ errorMessages: { de: { 404: 'x' } } });
    // @ts-expect-error: messages are strings
    createApiClient({ errorMessages: { en: { 404: 1 } } });
    // @ts-expect-error: only 'en' and 'es'
    void api.get('/x', { errorLocale: 'de' });
    // @ts-expect-error: a number of ms
    void api.get('/x', { timeoutMs: '5' });
    // @ts-expect-error: a boolean
    void api.get('/x', { skipRetry: 'yes' });
    // @ts-expect-error: searchParams values are strings, numbers, booleans or arrays of those
    void api.get('/x', { searchParams: { filter: { a: 1 } } });
    // @ts-expect-error: not a method of the client
    void api.request('TRACE', '/x');
    // @ts-expect-error: the field type must be a known JSON type
    void api.get('/x', { validateResponse: { id: { type: 'integer' } } });
    // @ts-expect-error: sort order is asc or desc
    void api.getList('/x', { sort: { field: 'id', order: 'up' } });
  });

  it('takes as fetchImpl any function of (url string, init) to a Response, not only a full fetch', () => {
    // A test double, a wrapper, or fetch itself: the client calls it with a URL string and an init.
    createApiClient({ fetchImpl: async (url: string) => new Response(url) });
    createApiClient({ fetchImpl: async (url: string, init: RequestInit) => fetch(url, init) });
    createApiClient({ fetchImpl: fetch });
    createApiClient({ fetchImpl: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) });
    // @ts-expect-error: it must give a Response
    createApiClient({ fetchImpl: async (url: string) => url });
  });

  it('takes the method of request() in either case, as the client does', () => {
    expectTypeOf(api.request<User>('get', '/users/1')).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.request('post', '/x', { body: { a: 1 }, parseAs: 'text' })).toEqualTypeOf<
      ResponsePromise<string>
    >();
    // @ts-expect-error: mixed case is not a method name
    void api.request('Get', '/x');
  });

  it('refuses a misspelt option and a body on get, as the client does at run time', () => {
    // @ts-expect-error: timeoutMs, misspelt
    void api.get('/x', { timeOutMs: 5 });
    // @ts-expect-error: misspelt after a body too
    void api.post('/x', { a: 1 }, { timeOutMs: 5 });
    // @ts-expect-error: a GET has no body (a TypeError at run time)
    void api.get('/x', { body: 'a' });
    // @ts-expect-error: nor with parseAs
    void api.get('/x', { body: 'a', parseAs: 'text' });
    // @ts-expect-error: fetch's method is the client's to set
    void api.get('/x', { method: 'POST' });
    // DELETE may carry one.
    void api.delete('/x', { body: { ids: [1] } });
  });
});

describe('parseAs types the result', () => {
  it('gives each kind its type, and T for auto and json', () => {
    expectTypeOf(api.get('/a', { parseAs: 'text' })).toEqualTypeOf<ResponsePromise<string>>();
    expectTypeOf(api.get('/a', { parseAs: 'blob' })).toEqualTypeOf<ResponsePromise<Blob>>();
    expectTypeOf(api.get('/a', { parseAs: 'arrayBuffer' })).toEqualTypeOf<ResponsePromise<ArrayBuffer>>();
    expectTypeOf(api.get('/a', { parseAs: 'bytes' })).toEqualTypeOf<ResponsePromise<Uint8Array>>();
    expectTypeOf(api.get('/a', { parseAs: 'stream' })).toEqualTypeOf<
      ResponsePromise<ReadableStream<Uint8Array>>
    >();
    expectTypeOf(api.get<User>('/a', { parseAs: 'json' })).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.get<User>('/a', { parseAs: 'auto' })).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.post('/a', { x: 1 }, { parseAs: 'blob' })).toEqualTypeOf<ResponsePromise<Blob>>();
    expectTypeOf(api.delete('/a', { parseAs: 'text' })).toEqualTypeOf<ResponsePromise<string>>();
    expectTypeOf(api.request('GET', '/a', { parseAs: 'bytes' })).toEqualTypeOf<ResponsePromise<Uint8Array>>();
  });

  it('types the two-argument form of post, put and patch by its parseAs too', () => {
    expectTypeOf(api.post('/a', { body: { x: 1 }, parseAs: 'text' })).toEqualTypeOf<
      ResponsePromise<string>
    >();
    expectTypeOf(api.put('/a', { body: 'x', parseAs: 'bytes' })).toEqualTypeOf<ResponsePromise<Uint8Array>>();
    expectTypeOf(api.patch('/a', { body: null, parseAs: 'blob' })).toEqualTypeOf<ResponsePromise<Blob>>();
    // Without parseAs, or with a body that is not options, as before.
    expectTypeOf(api.post<User>('/a', { body: { x: 1 } })).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.post('/a', { title: 'a', parseAs: 'text' })).toEqualTypeOf<ResponsePromise<unknown>>();
  });

  it('types withResponse and asResponse', () => {
    expectTypeOf(api.get<User>('/a').withResponse()).toEqualTypeOf<
      Promise<{ data: User; response: Response }>
    >();
    expectTypeOf(api.get('/a', { parseAs: 'blob' }).asResponse()).toEqualTypeOf<Promise<Response>>();
  });
});

describe('sse', () => {
  it('yields typed events', () => {
    expectTypeOf(api.sse('/events')).toEqualTypeOf<AsyncIterableIterator<SseEvent<string>>>();
    expectTypeOf(api.sse<{ n: number }>('/events', { parseJson: true, maxReconnects: 3 })).toEqualTypeOf<
      AsyncIterableIterator<SseEvent<{ n: number }>>
    >();
  });

  it('types parsed JSON data as unknown without a type argument, not as a string', () => {
    expectTypeOf(api.sse('/events', { parseJson: true })).toEqualTypeOf<
      AsyncIterableIterator<SseEvent<unknown>>
    >();
    expectTypeOf(api.sse('/events', { parseJson: false })).toEqualTypeOf<
      AsyncIterableIterator<SseEvent<string>>
    >();
    // A schema's output is the data, parsed or not.
    expectTypeOf(
      api.sse('/events', { parseJson: true, validateResponse: z.object({ n: z.number() }) }),
    ).toEqualTypeOf<AsyncIterableIterator<SseEvent<{ n: number }>>>();
    expectTypeOf(api.sse('/events', { validateResponse: z.string().transform(Number) })).toEqualTypeOf<
      AsyncIterableIterator<SseEvent<number>>
    >();
  });
});
