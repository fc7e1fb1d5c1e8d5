import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../src/client/create-client.js';
import { ApiError } from '../../src/client/errors.js';
import type { PaginationMapping } from '../../src/client/types.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

/** 7 items with ids 1..7. */
const ITEMS = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));

/** Serves ITEMS paged by `page`/`limit`, in the shape named by the first path segment. */
function serveList(url: URL): { body: unknown; headers?: Record<string, string> } {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const data = ITEMS.slice((page - 1) * limit, page * limit);
  const total = ITEMS.length;
  switch (url.pathname) {
    case '/nested':
      return { body: { data, pagination: { total, page, limit } } };
    case '/items':
      return { body: { items: data, totalCount: total } };
    case '/results':
      return { body: { results: data, count: total } };
    case '/header':
      return { body: data, headers: { 'X-Total-Count': String(total) } };
    case '/bare':
      return { body: data };
    default:
      return { body: { rows: data, size: total } };
  }
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/broken') return sendJson(res, 500, { error: 'down' });
    const { body, headers } = serveList(url);
    sendJson(res, 200, body, headers);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const sent = () => server.requests.map((request) => request.url);

describe('getList: the four response shapes', () => {
  it('{ data, pagination: { total } }', async () => {
    const api = createApiClient({ baseUrl: server.url });
    expect(await api.getList('/nested', { pagination: { page: 2, limit: 3 } })).toEqual({
      data: [{ id: 4 }, { id: 5 }, { id: 6 }],
      pagination: { page: 2, limit: 3, total: 7, totalPages: 3, hasNextPage: true, hasPreviousPage: true },
    });
  });

  it('{ items, totalCount } and { results, count }', async () => {
    const api = createApiClient({ baseUrl: server.url });
    expect(await api.getList('/items', { pagination: { page: 3, limit: 3 } })).toEqual({
      data: [{ id: 7 }],
      pagination: { page: 3, limit: 3, total: 7, totalPages: 3, hasNextPage: false, hasPreviousPage: true },
    });
    expect(await api.getList('/results', { pagination: { page: 1, limit: 10 } })).toEqual({
      data: ITEMS,
      pagination: { page: 1, limit: 10, total: 7, totalPages: 1, hasNextPage: false, hasPreviousPage: false },
    });
  });

  it('a bare array with X-Total-Count', async () => {
    const api = createApiClient({ baseUrl: server.url });
    expect(await api.getList('/header', { pagination: { page: 1, limit: 2 } })).toEqual({
      data: [{ id: 1 }, { id: 2 }],
      pagination: { page: 1, limit: 2, total: 7, totalPages: 4, hasNextPage: true, hasPreviousPage: false },
    });
  });

  it('a bare array alone: a full page has a next page, a short one is the last', async () => {
    const api = createApiClient({ baseUrl: server.url });
    expect((await api.getList('/bare', { pagination: { page: 2, limit: 3 } })).pagination).toEqual({
      page: 2,
      limit: 3,
      total: 6,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    expect(await api.getList('/bare', { pagination: { page: 3, limit: 3 } })).toEqual({
      data: [{ id: 7 }],
      pagination: { page: 3, limit: 3, total: 7, totalPages: 3, hasNextPage: false, hasPreviousPage: true },
    });
  });

  it('defaults to page 1, limit 20', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const page = await api.getList('/nested');
    expect(page.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 7,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
    expect(sent()).toEqual(['/nested?page=1&limit=20']);
  });

  it('an unknown shape rejects with a TypeError naming what came and the pagination.response option', async () => {
    const api = createApiClient({ baseUrl: server.url });
    await expect(api.getList('/other')).rejects.toThrow(
      new TypeError(
        'getList: cannot read a list from the response (received an object with keys "rows", "size"); ' +
          'expected an array, { data, pagination: { total } } or { data | items | results, total | totalCount | count }. ' +
          "Set the client config option pagination.response to map this API's shape",
      ),
    );
  });

  it('an error status rejects with the ApiError, as any request', async () => {
    const api = createApiClient({ baseUrl: server.url });
    await expect(api.getList('/broken')).rejects.toMatchObject({ name: 'ApiError', status: 500 });
  });
});

describe('getList: the query sent', () => {
  it('sends page, limit, sort, order and each filter, arrays repeated, null/undefined left out', async () => {
    const api = createApiClient({ baseUrl: server.url });
    await api.getList('/nested', {
      pagination: { page: 2, limit: 10 },
      sort: { field: 'createdAt', order: 'desc' },
      filters: { status: 'open', tag: ['a', 'b c'], archived: false, min: 5, owner: null, team: undefined },
    });
    expect(sent()).toEqual([
      '/nested?page=2&limit=10&sort=createdAt&order=desc&status=open&tag=a&tag=b+c&archived=false&min=5',
    ]);
  });

  it('keeps the query of the path and searchParams, and the other request options', async () => {
    const api = createApiClient({ baseUrl: server.url });
    await api.getList('/nested?v=2', {
      pagination: { page: 1, limit: 5 },
      sort: { field: 'id', order: 'asc' },
      searchParams: { lang: 'es' },
      headers: { 'X-Trace': 'list-1' },
    });
    expect(sent()).toEqual(['/nested?v=2&lang=es&page=1&limit=5&sort=id&order=asc']);
    expect(server.requests[0]?.headers['x-trace']).toBe('list-1');
  });

  it('rejects a filter that collides with a pagination parameter, sending nothing', async () => {
    const api = createApiClient({ baseUrl: server.url });
    await expect(api.getList('/nested', { filters: { order: 'x' } })).rejects.toThrow(
      new TypeError(
        'getList: filter "order" collides with the "order" query parameter of pagination/sort; ' +
          'rename it or replace the client config option pagination.request',
      ),
    );
    expect(sent()).toEqual([]);
  });

  it('rejects bad pagination and sort options with a one-line error, sending nothing', async () => {
    const api = createApiClient({ baseUrl: server.url });
    await expect(api.getList('/nested', { pagination: { page: 0, limit: 10 } })).rejects.toThrow(
      new RangeError('pagination.page must be an integer >= 1, got 0'),
    );
    await expect(api.getList('/nested', { pagination: { page: 1, limit: 2.5 } })).rejects.toThrow(
      new RangeError('pagination.limit must be an integer >= 1, got 2.5'),
    );
    await expect(api.getList('/nested', { sort: { field: 'id', order: 'up' as never } })).rejects.toThrow(
      new RangeError(`sort.order must be 'asc' or 'desc', got "up"`),
    );
    await expect(api.getList('/nested', { sort: { field: '', order: 'asc' } })).rejects.toThrow(
      new TypeError('getList: sort.field must be a non-empty string, got ""'),
    );
    // A string is shown quoted, and is the wrong type (not a page number out of range).
    await expect(api.getList('/nested', { pagination: { page: '2' as never, limit: 10 } })).rejects.toThrow(
      new TypeError('pagination.page must be a number, got "2"'),
    );
    const pages = api.paginate('/nested', { maxPages: '2' as never });
    await expect(pages.next()).rejects.toThrow(new TypeError('paginate: maxPages must be a number, got "2"'));
    expect(sent()).toEqual([]);
  });

  it('reads pagination: null and sort: null as not given, as filters: null is', async () => {
    const api = createApiClient({ baseUrl: server.url });
    await api.getList('/nested', { pagination: null as never, sort: null as never, filters: null as never });
    expect(sent()).toEqual(['/nested?page=1&limit=20']);
  });

  it('uses a replaced request and response mapping', async () => {
    const api = createApiClient({
      baseUrl: server.url,
      pagination: {
        request: ({ page, limit }) => ({ offset: (page - 1) * limit, count: limit }),
        response: (body) => ({
          data: (body as { rows: unknown[] }).rows,
          total: (body as { size: number }).size,
        }),
      },
    });
    const page = await api.getList('/other', { pagination: { page: 3, limit: 2 } });
    expect(sent()).toEqual(['/other?offset=4&count=2']);
    // The fake server pages by `page`/`limit`, which this mapping does not send: it answers page 1 of 20.
    expect(page).toEqual({
      data: ITEMS,
      pagination: { page: 3, limit: 2, total: 7, totalPages: 4, hasNextPage: true, hasPreviousPage: true },
    });
  });
});

describe('paginate', () => {
  it('yields every item over 3 pages and stops at the last page', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const ids: number[] = [];
    for await (const item of api.paginate<{ id: number }>('/nested', { pagination: { page: 1, limit: 3 } })) {
      ids.push(item.id);
    }
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sent()).toEqual(['/nested?page=1&limit=3', '/nested?page=2&limit=3', '/nested?page=3&limit=3']);
  });

  it('with a bare array and no total, stops after the first short page', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const ids: number[] = [];
    for await (const item of api.paginate<{ id: number }>('/bare', { pagination: { page: 1, limit: 3 } })) {
      ids.push(item.id);
    }
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sent()).toEqual(['/bare?page=1&limit=3', '/bare?page=2&limit=3', '/bare?page=3&limit=3']);
  });

  it("stops at the caller's abort with its reason, not after the rest of the page already read", async () => {
    const api = createApiClient({ baseUrl: server.url });
    const controller = new AbortController();
    const reason = new Error('left the page');
    const ids: number[] = [];
    const walk = async () => {
      for await (const item of api.paginate<{ id: number }>('/nested', {
        pagination: { page: 1, limit: 3 },
        signal: controller.signal,
      })) {
        ids.push(item.id);
        controller.abort(reason);
      }
    };
    await expect(walk()).rejects.toBe(reason);
    expect(ids).toEqual([1]);
    expect(sent()).toEqual(['/nested?page=1&limit=3']);
  });

  it('stops after maxPages pages', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const ids: number[] = [];
    for await (const item of api.paginate<{ id: number }>('/header', {
      pagination: { page: 1, limit: 2 },
      maxPages: 2,
    })) {
      ids.push(item.id);
    }
    expect(ids).toEqual([1, 2, 3, 4]);
    expect(sent()).toEqual(['/header?page=1&limit=2', '/header?page=2&limit=2']);
  });

  it('starts at the page asked for and keeps sort and filters on every page', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const ids: number[] = [];
    const pages = api.paginate<{ id: number }>('/items', {
      pagination: { page: 2, limit: 3 },
      sort: { field: 'id', order: 'asc' },
      filters: { kind: ['x', 'y'] },
    });
    for await (const item of pages) ids.push(item.id);
    expect(ids).toEqual([4, 5, 6, 7]);
    expect(sent()).toEqual([
      '/items?page=2&limit=3&sort=id&order=asc&kind=x&kind=y',
      '/items?page=3&limit=3&sort=id&order=asc&kind=x&kind=y',
    ]);
  });

  it('stops fetching when the loop breaks', async () => {
    const api = createApiClient({ baseUrl: server.url });
    for await (const item of api.paginate<{ id: number }>('/nested', { pagination: { page: 1, limit: 2 } })) {
      if (item.id === 3) break;
    }
    expect(sent()).toEqual(['/nested?page=1&limit=2', '/nested?page=2&limit=2']);
  });

  it('rejects maxPages 0 without sending anything', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const pages = api.paginate('/nested', { maxPages: 0 });
    await expect(pages.next()).rejects.toThrow(
      new RangeError('paginate: maxPages must be an integer >= 1, got 0'),
    );
    expect(sent()).toEqual([]);
  });

  it('a failing page ends the loop with its ApiError', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const pages = api.paginate('/broken');
    await expect(pages.next()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('getList against a real json-server', () => {
  // getList against the real json-server 0.17.4, through a client whose pagination mapping is replaced
  // (json-server pages with _page/_limit, sorts with _sort/_order and sends X-Total-Count).
  const BIN = resolve('node_modules/json-server/lib/cli/bin.js');

  interface User {
    id: number;
    name: string;
    role: 'admin' | 'user' | 'guest';
  }

  const USERS: User[] = [
    { id: 1, name: 'Ada', role: 'admin' },
    { id: 2, name: 'Bob', role: 'user' },
    { id: 3, name: 'Cy', role: 'user' },
    { id: 4, name: 'Di', role: 'guest' },
    { id: 5, name: 'Ed', role: 'user' },
  ];
  const DB = { users: USERS };

  /** The mapping of docs/pagination.md, as it is. */
  const jsonServerPagination: PaginationMapping = {
    request: ({ page, limit, sort, filters }) => ({
      _page: page,
      _limit: limit,
      ...(sort && { _sort: sort.field, _order: sort.order }),
      ...filters,
    }),
    response: (body, response) => ({
      data: body as unknown[],
      total: Number(response.headers.get('x-total-count')),
    }),
  };

  /** json-server 0.17 prints its URL with the port it was given, so `--port 0` is no use: find a free one. */
  function freePort(): Promise<number> {
    return new Promise((done, fail) => {
      const probe = createServer();
      probe.once('error', fail);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        const port = typeof address === 'object' && address !== null ? address.port : 0;
        probe.close(() => done(port));
      });
    });
  }

  /** Resolves once `url` serves our database; rejects when the child exits first or after 15 s. */
  async function waitUntilServing(child: ChildProcess, url: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error('json-server exited');
      try {
        const response = await fetch(`${url}/db`);
        // Our own data: not some other process that took the port between probe and spawn.
        if (response.ok && JSON.stringify(await response.json()) === JSON.stringify(DB)) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error('json-server did not answer within 15 s');
  }

  let folder: string;
  let child: ChildProcess | undefined;
  let output = '';
  let api: ApiClient;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'typefetch-json-server-'));
    await writeFile(join(folder, 'db.json'), JSON.stringify(DB));
    // A port can be taken between the probe and the spawn: then json-server exits and we try another.
    for (let tries = 1; ; tries++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      child = spawn(
        process.execPath,
        [BIN, '--port', String(port), '--host', '127.0.0.1', '--quiet', 'db.json'],
        {
          cwd: folder,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      try {
        await waitUntilServing(child, url);
        api = createApiClient({ baseUrl: url, pagination: jsonServerPagination });
        return;
      } catch (error) {
        child.kill();
        if (tries === 3) throw new Error(`json-server did not start: ${String(error)}\n${output}`);
      }
    }
  });

  afterAll(async () => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child?.once('exit', done));
      child.kill();
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  });

  describe('getList against json-server 0.17.4', () => {
    it('pages with _page/_limit and reads the total from X-Total-Count', async () => {
      expect(await api.getList<User>('/users', { pagination: { page: 1, limit: 2 } })).toEqual({
        data: [USERS[0], USERS[1]],
        pagination: { page: 1, limit: 2, total: 5, totalPages: 3, hasNextPage: true, hasPreviousPage: false },
      });
      expect(await api.getList<User>('/users', { pagination: { page: 3, limit: 2 } })).toEqual({
        data: [USERS[4]],
        pagination: { page: 3, limit: 2, total: 5, totalPages: 3, hasNextPage: false, hasPreviousPage: true },
      });
    });

    it('sorts with _sort/_order', async () => {
      const desc = await api.getList<User>('/users', {
        pagination: { page: 1, limit: 5 },
        sort: { field: 'name', order: 'desc' },
      });
      expect(desc.data.map((user) => user.name)).toEqual(['Ed', 'Di', 'Cy', 'Bob', 'Ada']);
      const asc = await api.getList<User>('/users', {
        pagination: { page: 1, limit: 3 },
        sort: { field: 'id', order: 'asc' },
      });
      expect(asc.data.map((user) => user.id)).toEqual([1, 2, 3]);
    });

    it('filters by field, an array meaning any of its values, with the total of the filtered list', async () => {
      const page = await api.getList<User>('/users', {
        pagination: { page: 1, limit: 2 },
        sort: { field: 'name', order: 'desc' },
        filters: { role: ['user', 'guest'] },
      });
      expect(page).toEqual({
        data: [USERS[4], USERS[3]],
        pagination: { page: 1, limit: 2, total: 4, totalPages: 2, hasNextPage: true, hasPreviousPage: false },
      });
      const admins = await api.getList<User>('/users', { filters: { role: 'admin' } });
      expect(admins).toEqual({
        data: [USERS[0]],
        pagination: {
          page: 1,
          limit: 20,
          total: 1,
          totalPages: 1,
          hasNextPage: false,
          hasPreviousPage: false,
        },
      });
    });

    it("supports json-server's operators as filters (id_gte)", async () => {
      const page = await api.getList<User>('/users', { filters: { id_gte: 4 } });
      expect(page.data.map((user) => user.id)).toEqual([4, 5]);
      expect(page.pagination.total).toBe(2);
    });

    it('paginate walks every page and stops at the last', async () => {
      const names: string[] = [];
      for await (const user of api.paginate<User>('/users', {
        pagination: { page: 1, limit: 2 },
        sort: { field: 'name', order: 'asc' },
      })) {
        names.push(user.name);
      }
      expect(names).toEqual(['Ada', 'Bob', 'Cy', 'Di', 'Ed']);
    });
  });
});

describe('the default transport', () => {
  it('is the global fetch at the time of each call, so one patched after the client was made (msw, tracing) sees it', async () => {
    const api = createApiClient({ baseUrl: server.url });
    const original = globalThis.fetch;
    const seen: string[] = [];
    // What instrumentation does once the app's modules (and its client) are loaded: wrap the real fetch.
    globalThis.fetch = (input, init) => {
      seen.push(String(input));
      return original(input, init);
    };
    try {
      await api.get('/traced');
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual([`${server.url}/traced`]);
    expect(sent()).toEqual(['/traced']);
  });
});
