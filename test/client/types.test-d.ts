import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  createApiClient,
  type ListOptions,
  type RequestOptions,
  type ResponsePromise,
} from '../../src/index.js';

interface User {
  id: number;
  name: string;
}

const api = createApiClient({ baseUrl: 'https://h.test' });

describe('an options object typed RequestOptions, without a type argument', () => {
  const opts: RequestOptions = { headers: { 'x-trace': '1' }, timeoutMs: 500, skipRetry: true };

  it('passes to every method with an explicit result type', () => {
    expectTypeOf(api.get<User>('/users/1', opts)).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.post<User>('/users', { name: 'a' }, opts)).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.post<User>('/users', opts)).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.put<User>('/users/1', { name: 'a' }, opts)).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.patch<User>('/users/1', { name: 'b' }, opts)).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.delete<User>('/users/1', opts)).toEqualTypeOf<ResponsePromise<User>>();
    expectTypeOf(api.request<User>('GET', '/users/1', opts)).toEqualTypeOf<ResponsePromise<User>>();
  });

  it('leaves the result unknown without a type argument', () => {
    expectTypeOf(api.get('/users/1', opts)).toEqualTypeOf<ResponsePromise<unknown>>();
  });

  it('spreads into list options', () => {
    const list: ListOptions<User> = { ...opts, pagination: { page: 2, limit: 10 } };
    expectTypeOf(api.getList<User>('/users', list)).toMatchTypeOf<Promise<{ data: User[] }>>();
  });

  it('still lets a Standard Schema type the result', () => {
    const schema = z.object({ id: z.number(), name: z.string() });
    expectTypeOf(api.get('/users/1', { ...opts, validateResponse: schema })).toEqualTypeOf<
      ResponsePromise<{ id: number; name: string }>
    >();
    expectTypeOf(api.post('/users', { name: 'a' }, { validateResponse: schema })).toEqualTypeOf<
      ResponsePromise<{ id: number; name: string }>
    >();
  });
});

describe("fetch's own options under exactOptionalPropertyTypes (this repository's setting)", () => {
  const signal = undefined as AbortSignal | undefined;
  const headers = undefined as Record<string, string> | undefined;
  const cache = undefined as RequestCache | undefined;

  it('take undefined, as every option of the client does', () => {
    expectTypeOf(api.get<User>('/users/1', { signal, headers, cache })).toEqualTypeOf<
      ResponsePromise<User>
    >();
    expectTypeOf(api.post('/users', { name: 'a' }, { signal, headers, parseAs: 'text' })).toEqualTypeOf<
      ResponsePromise<string>
    >();
    const opts: RequestOptions = { signal, headers, credentials: undefined, redirect: undefined };
    expectTypeOf(opts.signal).toEqualTypeOf<AbortSignal | null | undefined>();
  });

  it('still refuses a wrong type', () => {
    // @ts-expect-error: a signal is an AbortSignal
    void api.get('/x', { signal: 'abort' });
    // @ts-expect-error: not a RequestCache value
    void api.get('/x', { cache: 'sometimes' });
  });
});
