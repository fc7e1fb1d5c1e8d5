/**
 * A consumer that writes code against the client's public types as a careful user of ky or ofetch
 * would, compiled against the installed package (test/package/tarball.test.ts). Each `@ts-expect-error`
 * is a call the types must refuse; each `same<...>()` a result type they must give exactly.
 */
export const TYPED_CONSUMER = `import {
  ApiError,
  createApiClient,
  type ResponsePromise,
  type RequestOptions,
  type SseEvent,
  ValidationError,
} from 'typefetch';
import { captureTypes } from 'typefetch/capture';
import { z } from 'zod';

type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
const same = <T extends true>(_?: T): void => {};

interface User {
  id: number;
  name: string;
}
interface Api {
  'GET /users': { params: never; query: { page?: number }; body: never; response: User[] };
  'GET /users/{id}': { params: { id: string | number }; query: never; body: never; response: User };
  'POST /users': { params: never; query: never; body: { name: string }; response: User };
}

export async function untyped(): Promise<void> {
  const api = createApiClient({ baseUrl: 'https://h.test', defaultHeaders: [['x-a', '1']] });
  const user = api.get<User>('/users/1', { headers: { a: 'b' }, signal: AbortSignal.timeout(1) });
  same<Same<typeof user, ResponsePromise<User>>>();
  const { data, response } = await user.withResponse();
  same<Same<typeof data, User>>();
  same<Same<typeof response, Response>>();
  const text = api.get('/x', { parseAs: 'text' });
  same<Same<typeof text, ResponsePromise<string>>>();
  const bytes = api.post('/x', new FormData(), { parseAs: 'bytes' });
  same<Same<typeof bytes, ResponsePromise<Uint8Array>>>();
  api.post('/x', new URLSearchParams('a=1'));
  api.put('/x', new Blob(['a']), { headers: new Headers() });
  api.patch('/x', { name: 'a' }, { searchParams: { tag: ['a', 2], q: undefined } });
  const options: RequestOptions = { timeoutMs: 500 };
  api.get<User>('/users/1', options);
  // @ts-expect-error a misspelt option
  api.get('/x', { timeOutMs: 1 });
  // @ts-expect-error GET sends no body
  api.get('/x', { body: 'a' });
  const page = await api.getList<User>('/users');
  same<Same<typeof page.data, User[]>>();
  for await (const event of api.sse<{ n: number }>('/events', { parseJson: true })) {
    same<Same<typeof event, SseEvent<{ n: number }>>>();
  }
  for await (const event of api.sse('/events', { parseJson: true })) same<Same<typeof event.data, unknown>>();
  const signal = undefined as AbortSignal | undefined;
  const lower = api.request<User>('get', '/users/1', { signal });
  same<Same<typeof lower, ResponsePromise<User>>>();
  createApiClient({ fetchImpl: async (url: string) => new Response(url) });
  try {
    await api.get('/x');
  } catch (error) {
    if (error instanceof ValidationError) same<Same<typeof error.issues[number]['path'], string>>();
    else if (error instanceof ApiError) same<Same<typeof error.status, number>>();
  }
  const capture = captureTypes({ outDir: 'types' });
  createApiClient({ baseUrl: 'https://h.test', fetchImpl: capture.fetch });
  await capture.fetch('https://h.test/x', { method: 'GET' });
}

export async function byPath(): Promise<void> {
  const api = createApiClient<Api>({ baseUrl: 'https://h.test' });
  const user = api.get('/users/{id}', { params: { id: 1 } });
  same<Same<typeof user, ResponsePromise<User>>>();
  const users = api.extend({ timeoutMs: 1 }).get('/users', { searchParams: { page: 2 } });
  same<Same<typeof users, ResponsePromise<User[]>>>();
  same<Same<Awaited<ReturnType<typeof api.post<'/users'>>>, User>>();
  const shaped = api.get('/users/{id}', { params: { id: 1 }, validateResponse: z.object({ id: z.number() }) });
  same<Same<typeof shaped, ResponsePromise<{ id: number }>>>();
  // @ts-expect-error params is missing
  await api.get('/users/{id}');
  // @ts-expect-error no parameter userId
  await api.get('/users/{id}', { params: { userId: 1 } });
  // @ts-expect-error not a path of Api
  await api.get('/usres');
  // @ts-expect-error the body of POST /users is a { name: string }
  await api.post('/users', { nom: 'a' });
}
`;
