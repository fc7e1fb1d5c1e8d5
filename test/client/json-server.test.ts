// getList against the real json-server 0.17.4, through a client whose pagination mapping is replaced
// (json-server pages with _page/_limit, sorts with _sort/_order and sends X-Total-Count).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../src/client/create-client.js';
import type { PaginationMapping } from '../../src/client/types.js';

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
      pagination: { page: 1, limit: 20, total: 1, totalPages: 1, hasNextPage: false, hasPreviousPage: false },
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
