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
