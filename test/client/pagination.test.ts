import { describe, expect, it } from 'vitest';
import {
  defaultListRequest,
  defaultListResponse,
  paginateItems,
  toPaginatedResponse,
} from '../../src/client/pagination.js';
import type { ListQuery, PaginatedResponse } from '../../src/client/types.js';
import { createApiClient } from '../../src/index.js';
import { sendJson, serveEach } from '../helpers/server.js';

const serve = serveEach();

const q = (page: number, limit: number): ListQuery => ({ page, limit });
const res = (headers: Record<string, string> = {}) => new Response(null, { headers });

describe('defaultListRequest', () => {
  it('maps page and limit', () => {
    expect(defaultListRequest(q(1, 20))).toEqual({ page: 1, limit: 20 });
  });

  it('maps sort to sort=<field>&order=<asc|desc>, then each filter in order, arrays kept', () => {
    const params = defaultListRequest({
      page: 2,
      limit: 10,
      sort: { field: 'createdAt', order: 'desc' },
      filters: { status: 'open', tag: ['a', 'b'], archived: false, owner: undefined },
    });
    expect(params).toEqual({
      page: 2,
      limit: 10,
      sort: 'createdAt',
      order: 'desc',
      status: 'open',
      tag: ['a', 'b'],
      archived: false,
      owner: undefined,
    });
    expect(Object.keys(params)).toEqual([
      'page',
      'limit',
      'sort',
      'order',
      'status',
      'tag',
      'archived',
      'owner',
    ]);
  });

  it('refuses a filter named like a pagination parameter instead of overriding it', () => {
    expect(() => defaultListRequest({ page: 1, limit: 5, filters: { page: 9 } })).toThrow(
      new TypeError(
        'getList: filter "page" collides with the "page" query parameter of pagination/sort; ' +
          'rename it or replace the client config option pagination.request',
      ),
    );
  });

  it('refuses filters given as a URLSearchParams before sending, instead of dropping every filter', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, []));
    const api = createApiClient({ baseUrl: server.url });
    await expect(
      api.getList('/items', { filters: new URLSearchParams({ owner: 'me' }) as never }),
    ).rejects.toThrow(
      new TypeError(
        'getList: filters must be a plain object of query parameters ({ name: value }), got a URLSearchParams',
      ),
    );
    expect(server.requests).toEqual([]);
  });

  it('names filters.<name>, not searchParams.<name>, for a filter value a query cannot hold; nothing sent', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, []));
    const api = createApiClient({ baseUrl: server.url });
    const error = (name: string, got: string) =>
      new TypeError(
        `getList: filters.${name} must be a string, number, boolean or an array of those, got ${got}`,
      );
    await expect(api.getList('/items', { filters: { status: { in: ['a'] } as never } })).rejects.toThrow(
      error('status', 'object'),
    );
    await expect(api.getList('/items', { filters: { tag: ['a', null] as never } })).rejects.toThrow(
      error('tag', 'null'),
    );
    expect(server.requests).toEqual([]);
  });

  it('refuses searchParams given as a URLSearchParams before sending, instead of dropping them', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, []));
    const api = createApiClient({ baseUrl: server.url });
    await expect(
      api.getList('/items', { searchParams: new URLSearchParams({ owner: 'me' }) as never }),
    ).rejects.toThrow(
      new TypeError(
        'options.searchParams must be a plain object of query parameters ({ name: value }), got a URLSearchParams',
      ),
    );
    expect(server.requests).toEqual([]);
  });

  it('refuses a pagination.request mapping that returns a URLSearchParams (paginate would never move on)', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, [1]));
    const api = createApiClient({
      baseUrl: server.url,
      pagination: { request: ({ page }) => new URLSearchParams({ p: String(page) }) as never },
    });
    const walk = async (): Promise<unknown[]> => {
      const items: unknown[] = [];
      for await (const item of api.paginate('/items', { maxPages: 3 })) items.push(item);
      return items;
    };
    await expect(walk()).rejects.toThrow(
      new TypeError(
        'pagination.request(query) result must be a plain object of query parameters ({ name: value }), got a URLSearchParams',
      ),
    );
    expect(server.requests).toEqual([]);
  });

  it('rejects what a custom pagination.response returns unless it is { data: [...] }, one TypeError naming what it got', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, { rows: ['secret-row'] }));
    const mapped = (response: () => unknown) =>
      createApiClient({ baseUrl: server.url, pagination: { response: response as never } });
    const error = (got: string) =>
      new TypeError(
        `getList: pagination.response(body, response, query) must return { data: [...items], total? }, got ${got}`,
      );
    await expect(mapped(() => undefined).getList('/items')).rejects.toThrow(error('undefined'));
    await expect(mapped(() => ['a']).getList('/items')).rejects.toThrow(error('an array'));
    await expect(mapped(() => ({ data: 'secret-row' })).getList('/items')).rejects.toThrow(
      error('{ data: a string }'),
    );
    await expect(mapped(() => ({ items: [] })).getList('/items')).rejects.toThrow(
      error('{ data: undefined }'),
    );
    // paginate throws the same error instead of yielding a string's characters one by one.
    const yielded: unknown[] = [];
    const walk = async (): Promise<void> => {
      for await (const item of mapped(() => ({ data: 'ab' })).paginate('/items', { maxPages: 2 })) {
        yielded.push(item);
      }
    };
    await expect(walk()).rejects.toThrow(error('{ data: a string }'));
    expect(yielded).toEqual([]);
  });

  it('cancels a parseAs "stream" body when the mapping throws, so the connection is not held', async () => {
    // The server sends one chunk and holds the response open: only the client's cancel closes it.
    const closed: Promise<true>[] = [];
    const server = await serve((_req, res) => {
      closed.push(new Promise((resolve) => res.on('close', () => resolve(true))));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[1,');
    });
    const within = (promise: Promise<true> | undefined) =>
      Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('still open'), 2000))]);
    const defaults = createApiClient({ baseUrl: server.url });
    await expect(defaults.getList('/items', { parseAs: 'stream' })).rejects.toThrow(
      /^getList: cannot read a list from the response \(received an empty object\)/,
    );
    expect(await within(closed[0])).toBe(true);
    const custom = createApiClient({
      baseUrl: server.url,
      pagination: {
        response: () => {
          throw new RangeError('mapping failed');
        },
      },
    });
    await expect(custom.getList('/items', { parseAs: 'stream' })).rejects.toThrow(
      new RangeError('mapping failed'),
    );
    expect(await within(closed[1])).toBe(true);
  });

  it('cancels a parseAs "stream" body the mapping returned without reading (paging by headers), so the connection is not held', async () => {
    // Each page sends one chunk and holds the response open: only the client's cancel closes it.
    const closed: Promise<true>[] = [];
    const server = await serve((_req, res) => {
      closed.push(new Promise((resolve) => res.on('close', () => resolve(true))));
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '2' });
      res.write('[1,');
    });
    const within = (promise: Promise<true> | undefined) =>
      Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('still open'), 2000))]);
    const api = createApiClient({
      baseUrl: server.url,
      pagination: {
        response: (_body, response, query) => ({
          data: [query.page],
          total: Number(response.headers.get('x-total-count')),
        }),
      },
    });
    const page = await api.getList('/items', { parseAs: 'stream', pagination: { page: 1, limit: 1 } });
    expect(page.data).toEqual([1]);
    expect(await within(closed[0])).toBe(true);
    const items: unknown[] = [];
    for await (const item of api.paginate('/items', {
      parseAs: 'stream',
      pagination: { page: 1, limit: 1 },
    })) {
      items.push(item);
    }
    expect(items).toEqual([1, 2]);
    expect(await within(closed[1])).toBe(true);
    expect(await within(closed[2])).toBe(true);
  });

  it('leaves alone a parseAs "stream" body the mapping started reading: the rest still arrives', async () => {
    let finish: () => void = () => {};
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[1,');
      finish = () => res.end('2]');
    });
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let firstRead: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
    const api = createApiClient({
      baseUrl: server.url,
      pagination: {
        // A mapping is synchronous: it starts the read, the caller finishes it.
        response: (body) => {
          reader = (body as ReadableStream<Uint8Array>).getReader();
          firstRead = reader.read();
          return { data: [] };
        },
      },
    });
    await api.getList('/items', { parseAs: 'stream' });
    finish();
    const decoder = new TextDecoder();
    let text = '';
    for (let chunk = await firstRead; chunk !== undefined && !chunk.done; chunk = await reader?.read()) {
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(text).toBe('[1,2]');
  });

  it('refuses a query parameter given in searchParams or the path that pagination, sort or filters also set', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, [1]));
    const api = createApiClient({ baseUrl: server.url });
    const collision = (name: string) =>
      new TypeError(
        `getList: query parameter "${name}" of pagination/sort/filters is also in searchParams or the path; give it once`,
      );
    await expect(api.getList('/items', { searchParams: { page: 5 } })).rejects.toThrow(collision('page'));
    await expect(
      api.getList('/items', { searchParams: { status: 'open' }, filters: { status: 'closed' } }),
    ).rejects.toThrow(collision('status'));
    await expect(api.getList('/items?limit=5')).rejects.toThrow(collision('limit'));
    const walk = async (): Promise<unknown[]> => {
      const items: unknown[] = [];
      for await (const item of api.paginate('/items', { searchParams: { limit: 3 } })) items.push(item);
      return items;
    };
    await expect(walk()).rejects.toThrow(collision('limit'));
    expect(server.requests).toEqual([]);
    // Other parameters, and one left out (undefined), are added as before.
    await api.getList('/items?q=a', {
      searchParams: { tag: 'x', page: undefined },
      filters: { owner: 'me' },
    });
    expect(server.requests.map((request) => request.url)).toEqual([
      '/items?q=a&tag=x&page=1&limit=20&owner=me',
    ]);
  });

  it('refuses a baseUrl whose query carries a parameter that pagination, sort or filters set; another query kept', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, [1]));
    const collision = (name: string) =>
      new TypeError(
        `getList: query parameter "${name}" of pagination/sort/filters is also in the query of baseUrl; give it once`,
      );
    const paged = createApiClient({ baseUrl: `${server.url}/api?page=2` });
    await expect(paged.getList('/items')).rejects.toThrow(collision('page'));
    const walk = async (): Promise<unknown[]> => {
      const items: unknown[] = [];
      for await (const item of paged.paginate('/items', { maxPages: 2 })) items.push(item);
      return items;
    };
    await expect(walk()).rejects.toThrow(collision('page'));
    const limited = createApiClient({ baseUrl: `${server.url}/api?limit=5` });
    await expect(limited.getList('/items')).rejects.toThrow(collision('limit'));
    await expect(limited.getList('/items', { filters: { status: 'open' } })).rejects.toThrow(
      collision('limit'),
    );
    const filtered = createApiClient({ baseUrl: `${server.url}/api?status=open` });
    await expect(filtered.getList('/items', { filters: { status: 'closed' } })).rejects.toThrow(
      collision('status'),
    );
    expect(server.requests).toEqual([]);
    // A base query that no list parameter uses is sent first, as for any request.
    const versioned = createApiClient({ baseUrl: `${server.url}/api?v=2` });
    expect((await versioned.getList('/items', { filters: { status: 'open' } })).data).toEqual([1]);
    // An absolute URL of the same origin does not take the base's query: nothing to collide with.
    expect((await paged.getList(`${server.url}/items`)).data).toEqual([1]);
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/items?v=2&page=1&limit=20&status=open',
      '/items?page=1&limit=20',
    ]);
  });

  it('rejects a bad sort.field before sending with a custom pagination.request too, not after the response', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, []));
    const api = createApiClient({
      baseUrl: server.url,
      pagination: { request: ({ page, sort }) => ({ p: page, by: sort?.field }) },
    });
    await expect(api.getList('/items', { sort: { field: '', order: 'asc' } })).rejects.toThrow(
      new TypeError('getList: sort.field must be a non-empty string, got ""'),
    );
    expect(server.requests).toEqual([]);
  });

  it('leaves out a filter that is undefined or null, keeping the searchParams value of that name (no collision)', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, []));
    const api = createApiClient({ baseUrl: server.url });
    await api.getList('/items', {
      searchParams: { status: 'open', tag: 'x' },
      filters: { status: undefined, tag: null, owner: 'me' },
    });
    expect(server.requests.map((request) => request.url)).toEqual([
      '/items?status=open&tag=x&page=1&limit=20&owner=me',
    ]);
  });

  it('takes null options as no options, as get() does, instead of a destructuring crash', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, [1]));
    const api = createApiClient({ baseUrl: server.url });
    expect((await api.getList('/items', null as never)).data).toEqual([1]);
    const items: unknown[] = [];
    for await (const item of api.paginate('/items', null as never)) items.push(item);
    expect(items).toEqual([1]);
    expect(server.requests.map((request) => request.url)).toEqual([
      '/items?page=1&limit=20',
      '/items?page=1&limit=20',
    ]);
  });

  it('sends a filter named like an Object.prototype member (constructor) alongside searchParams, not as a collision', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, []));
    const api = createApiClient({ baseUrl: server.url });
    await api.getList('/results', {
      searchParams: { season: 2024 },
      filters: { constructor: 'ferrari', toString: 'x' },
    });
    expect(server.requests.map((request) => request.url)).toEqual([
      '/results?season=2024&page=1&limit=20&constructor=ferrari&toString=x',
    ]);
  });

  it.each([
    [{ page: 0, limit: 10 }, new RangeError('getList: pagination.page must be an integer >= 1, got 0')],
    [{ page: 1.5, limit: 10 }, new RangeError('getList: pagination.page must be an integer >= 1, got 1.5')],
    [{ page: 1, limit: 0 }, new RangeError('getList: pagination.limit must be an integer >= 1, got 0')],
    [
      { page: 1, limit: Number.NaN },
      new RangeError('getList: pagination.limit must be an integer >= 1, got NaN'),
    ],
    [
      { page: 1, limit: 1, sort: { field: 'a', order: 'up' } },
      new RangeError('getList: sort.order must be "asc" or "desc", got "up"'),
    ],
    [
      { page: 1, limit: 1, sort: { field: '', order: 'asc' } },
      new TypeError('getList: sort.field must be a non-empty string, got ""'),
    ],
  ])('rejects %j', (query, error) => {
    expect(() => defaultListRequest(query as ListQuery)).toThrow(error);
  });
});

describe('defaultListResponse', () => {
  it('reads { data, pagination: { total } }', () => {
    const body = { data: [{ id: 1 }], pagination: { total: 41, page: 1 } };
    expect(defaultListResponse(body, res(), q(1, 20))).toEqual({ data: [{ id: 1 }], total: 41 });
  });

  it.each(['data', 'items', 'results'])('reads { %s, total | totalCount | count }', (key) => {
    expect(defaultListResponse({ [key]: [1, 2], total: 7 }, res(), q(1, 2))).toEqual({
      data: [1, 2],
      total: 7,
    });
    expect(defaultListResponse({ [key]: [1], totalCount: 8 }, res(), q(1, 2))).toEqual({
      data: [1],
      total: 8,
    });
    expect(defaultListResponse({ [key]: [], count: 0 }, res(), q(1, 2))).toEqual({ data: [], total: 0 });
  });

  it('accepts a total sent as a string of digits', () => {
    expect(defaultListResponse({ items: [1], total: '12' }, res(), q(1, 2))).toEqual({
      data: [1],
      total: 12,
    });
  });

  it('reads a bare array with X-Total-Count as the total', () => {
    expect(defaultListResponse([1, 2], res({ 'X-Total-Count': '57' }), q(1, 2))).toEqual({
      data: [1, 2],
      total: 57,
    });
  });

  it('reads a bare array alone with total undefined, and ignores a malformed X-Total-Count', () => {
    expect(defaultListResponse([1], res(), q(1, 2))).toEqual({ data: [1], total: undefined });
    expect(defaultListResponse([1], res({ 'X-Total-Count': 'many' }), q(1, 2))).toEqual({
      data: [1],
      total: undefined,
    });
  });

  it('falls back to X-Total-Count, then undefined, for an object without a total', () => {
    expect(defaultListResponse({ data: [1] }, res({ 'x-total-count': '3' }), q(1, 2))).toEqual({
      data: [1],
      total: 3,
    });
    expect(defaultListResponse({ data: [1] }, res(), q(1, 2))).toEqual({ data: [1], total: undefined });
  });

  it('rejects a present but invalid total, naming where it was', () => {
    expect(() => defaultListResponse({ data: [], pagination: { total: -1 } }, res(), q(1, 2))).toThrow(
      new TypeError('getList: pagination.total must be a non-negative integer, got -1'),
    );
    expect(() => defaultListResponse({ data: [], count: 'lots' }, res(), q(1, 2))).toThrow(
      new TypeError('getList: count must be a non-negative integer, got "lots"'),
    );
    // Shown as what it is: JSON would print NaN as null, and an object's whole contents.
    expect(() => defaultListResponse({ data: [], total: Number.NaN }, res(), q(1, 2))).toThrow(
      new TypeError('getList: total must be a non-negative integer, got NaN'),
    );
    expect(() => defaultListResponse({ data: [], total: { n: 3 } }, res(), q(1, 2))).toThrow(
      new TypeError('getList: total must be a non-negative integer, got an object'),
    );
  });

  it.each([
    [{ users: [1], total: 1 }, 'an object with keys "users", "total"'],
    [{ data: { id: 1 } }, 'an object with keys "data"'],
    [{}, 'an empty object'],
    ['<html>', 'a string'],
    [null, 'null'],
    [undefined, 'undefined'],
    [42, 'a number'],
  ])('rejects %j with a TypeError naming what was received and pagination.response', (body, received) => {
    expect(() => defaultListResponse(body, res(), q(1, 2))).toThrow(
      new TypeError(
        `getList: cannot read a list from the response (received ${received}); expected an array, ` +
          '{ data, pagination: { total } } or { data | items | results, total | totalCount | count }. ' +
          "Set the client config option pagination.response to map this API's shape",
      ),
    );
  });

  it('never puts body values in the message, only key names', () => {
    let message = '';
    try {
      defaultListResponse({ secretToken: 'abc123' }, res(), q(1, 2));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('(received an object with keys "secretToken")');
    expect(message).not.toContain('abc123');
  });
});

describe('toPaginatedResponse', () => {
  it.each([
    // page, limit, total -> totalPages, hasNextPage, hasPreviousPage
    [1, 10, 25, 3, true, false],
    [2, 10, 25, 3, true, true],
    [3, 10, 25, 3, false, true],
    [1, 10, 30, 3, true, false],
    [3, 10, 30, 3, false, true],
    [1, 10, 1, 1, false, false],
    [1, 10, 0, 0, false, false],
    [5, 10, 25, 3, false, true],
  ])(
    'page %i, limit %i, total %i -> %i pages, next %s, previous %s',
    (page, limit, total, pages, next, prev) => {
      expect(toPaginatedResponse(['x'], total, q(page, limit))).toEqual({
        data: ['x'],
        pagination: { page, limit, total, totalPages: pages, hasNextPage: next, hasPreviousPage: prev },
      });
    },
  );

  it('without a total: a full page means a next page, total and totalPages estimated', () => {
    expect(toPaginatedResponse([1, 2, 3], undefined, q(2, 3)).pagination).toEqual({
      page: 2,
      limit: 3,
      total: 6,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: true,
    });
  });

  it('without a total: a short page is the last page', () => {
    expect(toPaginatedResponse([1], undefined, q(3, 3)).pagination).toEqual({
      page: 3,
      limit: 3,
      total: 7,
      totalPages: 3,
      hasNextPage: false,
      hasPreviousPage: true,
    });
  });

  it('without a total: an empty page means every item came before it', () => {
    expect(toPaginatedResponse([], undefined, q(1, 3)).pagination).toEqual({
      page: 1,
      limit: 3,
      total: 0,
      totalPages: 0,
      hasNextPage: false,
      hasPreviousPage: false,
    });
    expect(toPaginatedResponse([], undefined, q(3, 3)).pagination).toEqual({
      page: 3,
      limit: 3,
      total: 6,
      totalPages: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
  });

  it('rejects an invalid total or page', () => {
    expect(() => toPaginatedResponse([], 2.5, q(1, 3))).toThrow(
      new TypeError('getList: total must be a non-negative integer, got 2.5'),
    );
    expect(() => toPaginatedResponse([], 2, q(-1, 3))).toThrow(
      new RangeError('getList: pagination.page must be an integer >= 1, got -1'),
    );
  });
});

/** A fake list of `total` numbered items served `limit` per page, recording the pages asked for. */
function fakeList(total: number | undefined, count: number) {
  const asked: number[] = [];
  const items = Array.from({ length: count }, (_, i) => i + 1);
  const fetchPage = async (query: ListQuery): Promise<PaginatedResponse<number>> => {
    asked.push(query.page);
    const data = items.slice((query.page - 1) * query.limit, query.page * query.limit);
    return toPaginatedResponse(data, total, query);
  };
  return { asked, fetchPage };
}

async function collect<T>(iterator: AsyncIterableIterator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterator) out.push(item);
  return out;
}

describe('paginateItems', () => {
  it('yields every item page after page and stops at the last page (known total)', async () => {
    const { asked, fetchPage } = fakeList(7, 7);
    expect(await collect(paginateItems(fetchPage, q(1, 3), 100))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at an empty page when the total is unknown and the last page was full', async () => {
    const { asked, fetchPage } = fakeList(undefined, 6);
    expect(await collect(paginateItems(fetchPage, q(1, 3), 100))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at an empty page even when the page claims a next one', async () => {
    const asked: number[] = [];
    const lying = async (query: ListQuery): Promise<PaginatedResponse<number>> => {
      asked.push(query.page);
      const data = query.page === 1 ? [1] : [];
      return {
        data,
        pagination: { ...query, total: 99, totalPages: 99, hasNextPage: true, hasPreviousPage: false },
      };
    };
    expect(await collect(paginateItems(lying, q(1, 1), 50))).toEqual([1]);
    expect(asked).toEqual([1, 2]);
  });

  it('stops after maxPages pages', async () => {
    const { asked, fetchPage } = fakeList(100, 100);
    expect(await collect(paginateItems(fetchPage, q(1, 10), 2))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(asked).toEqual([1, 2]);
  });

  it('starts at the first query page and keeps its other fields', async () => {
    const seen: ListQuery[] = [];
    const fetchPage = async (query: ListQuery) => {
      seen.push(query);
      return toPaginatedResponse([query.page], 4, query);
    };
    const first: ListQuery = { page: 3, limit: 1, sort: { field: 'id', order: 'asc' }, filters: { a: 'b' } };
    expect(await collect(paginateItems(fetchPage, first, 10))).toEqual([3, 4]);
    expect(seen).toEqual([first, { ...first, page: 4 }]);
  });

  it('allows maxPages Infinity', async () => {
    const { asked, fetchPage } = fakeList(4, 4);
    expect(await collect(paginateItems(fetchPage, q(1, 2), Number.POSITIVE_INFINITY))).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([1, 2]);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects maxPages %s before fetching anything', async (maxPages) => {
    const { asked, fetchPage } = fakeList(4, 4);
    await expect(collect(paginateItems(fetchPage, q(1, 2), maxPages))).rejects.toThrow(
      new RangeError(`paginate: maxPages must be an integer >= 1, got ${maxPages}`),
    );
    expect(asked).toEqual([]);
  });

  it('walks every page of a server that caps the page size below limit when it gives a total (asked 100, sent 10)', async () => {
    const items = Array.from({ length: 57 }, (_, i) => i + 1);
    const server = await serve((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
      // At most 10 per page, whatever the limit asked: its pages are of 10.
      sendJson(res, 200, { data: items.slice((page - 1) * 10, page * 10), total: items.length });
    });
    const api = createApiClient({ baseUrl: server.url });
    expect(await collect(api.paginate<number>('/items', { pagination: { page: 1, limit: 100 } }))).toEqual(
      items,
    );
    expect(server.requests.map((request) => request.url)).toEqual(
      [1, 2, 3, 4, 5, 6].map((page) => `/items?page=${page}&limit=100`),
    );
  });

  it('passes on an error of fetchPage', async () => {
    const failing = async (): Promise<PaginatedResponse<number>> => {
      throw new Error('page failed');
    };
    await expect(collect(paginateItems(failing, q(1, 2), 3))).rejects.toThrow('page failed');
  });
});
