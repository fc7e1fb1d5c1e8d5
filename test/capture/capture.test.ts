// captureTypes through the real client against a loopback API: the files it writes compile under
// strict TypeScript and accept every response they were inferred from.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ky from 'ky';
import { createFetch } from 'ofetch';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureTypes, type TypeCapture } from '../../src/capture/index.js';
import { createApiClient } from '../../src/client/create-client.js';
import { typeEndpoints } from '../../src/traffic/endpoint-types.js';
import { readHar } from '../../src/traffic/endpoints.js';
import { compile, typedCallsModule } from '../helpers/compile.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { harText } from '../traffic/helpers/har-text.js';
import { type CheckSample, typecheckSamples } from '../typegen/helpers/typecheck.js';
import { loadZodModule, schemaOf } from '../typegen/helpers/zod-module.js';

const USERS = [
  { id: 1, name: 'Ada', email: 'ada@example.com' },
  { id: 2, name: 'Linus', email: null },
];
const USER_1 = { id: 1, name: 'Ada', address: { city: 'London' } };
const USER_2 = { id: 2, name: 'Linus', address: { city: 'Helsinki', zip: '00100' }, admin: true };
// Two pages of an event feed: `type` tags two shapes of `payload`, `state` repeats two values three
// times each, `payload.size` is always integral and `score` is not.
const EVENTS = [
  [
    { id: 1, type: 'PushEvent', state: 'open', score: 1, payload: { size: 1, commits: [{ sha: 'a1' }] } },
    { id: 2, type: 'WatchEvent', state: 'closed', score: 0.5, payload: { action: 'started' } },
    { id: 3, type: 'PushEvent', state: 'open', score: 2, payload: { size: 0, commits: [] } },
  ],
  [
    { id: 4, type: 'WatchEvent', state: 'closed', score: 1, payload: { action: 'started' } },
    { id: 5, type: 'PushEvent', state: 'open', score: 3, payload: { size: 2, commits: [{ sha: 'b2' }] } },
    { id: 6, type: 'WatchEvent', state: 'closed', score: 1.5, payload: { action: 'started' } },
  ],
];

let server: TestServer;
let outDir: string;
let capture: TypeCapture | undefined;

beforeAll(async () => {
  server = await createTestServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && url.startsWith('/users?')) sendJson(res, 200, USERS);
    else if (req.method === 'GET' && url === '/users/1') sendJson(res, 200, USER_1);
    else if (req.method === 'GET' && url === '/users/2') sendJson(res, 200, USER_2);
    else if (req.method === 'POST' && url === '/users')
      sendJson(res, 201, { id: 3, ...JSON.parse(req.body) });
    else if (url === '/events?page=1') sendJson(res, 200, EVENTS[0]);
    else if (url === '/events?page=2') sendJson(res, 200, EVENTS[1]);
    else if (url === '/stats') sendJson(res, 200, { '2024-01-30': 3, '2024-01-31': 5 });
    else if (url === '/problem') {
      res.writeHead(200, { 'content-type': 'application/problem+json' });
      res.end('{"type":"about:blank","status":200}');
    } else if (url === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('{"not":"captured"}');
    } else if (url === '/broken') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id": 1,');
    } else if (url === '/blank') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    } else if (['/a-b', '/a_b', '/a/b2', '/aB', '/a/b', '/api/userProfiles/7/todos/3'].includes(url)) {
      sendJson(res, 200, { path: url });
    } else if (url === '/empty') {
      res.writeHead(204);
      res.end();
    } else sendJson(res, 404, { error: 'not found' });
  });
});
afterAll(() => server.close());

beforeEach(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'typefetch-capture-'));
});
afterEach(async () => {
  await capture?.close();
  capture = undefined;
  await rm(outDir, { recursive: true, force: true });
});

const files = async (): Promise<string[]> => (await readdir(outDir)).sort();
const read = (file: string): Promise<string> => readFile(path.join(outDir, file), 'utf8');

describe('captureTypes with the client', () => {
  it('writes one file per endpoint that compiles and accepts every response it saw', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    const responses = {
      list: await api.get('/users', { searchParams: { page: 1 } }),
      one: await api.get('/users/1'),
      two: await api.get('/users/2'),
      created: await api.post('/users', { name: 'Grace' }),
      stats: await api.get('/stats'),
    };
    expect(responses.one).toEqual(USER_1);
    expect(responses.created).toEqual({ id: 3, name: 'Grace' });

    const written = await capture.flush();
    expect(written.sort()).toEqual(
      ['get-stats.ts', 'get-users-id.ts', 'get-users.ts', 'index.ts', 'post-users.ts'].map((f) =>
        path.join(outDir, f),
      ),
    );
    expect(await files()).toEqual([
      'get-stats.ts',
      'get-users-id.ts',
      'get-users.ts',
      'index.ts',
      'post-users.ts',
    ]);
    expect(await read('get-users-id.ts')).toBe(
      [
        '// Generated by typefetch captureTypes from 2 responses of GET /users/{id}.',
        '// Rewritten when new responses arrive: do not edit.',
        '',
        'export interface GetUsersId {',
        '  id: number;',
        '  name: string;',
        '  address: {',
        '    city: string;',
        '    zip?: string;',
        '  };',
        '  admin?: boolean;',
        '}',
        '',
      ].join('\n'),
    );
    expect(await read('get-stats.ts')).toContain('export type GetStats = Record<string, number>;\n');

    const checks: CheckSample[] = [];
    const add = async (file: string, typeName: string, ...values: unknown[]) => {
      const declaration = await read(file);
      for (const value of values) checks.push({ id: `c${checks.length}`, declaration, typeName, value });
    };
    await add('get-users.ts', 'GetUsers', responses.list);
    await add('get-users-id.ts', 'GetUsersId', responses.one, responses.two);
    await add('post-users.ts', 'PostUsers', responses.created);
    await add('get-stats.ts', 'GetStats', responses.stats);
    const results = typecheckSamples(checks);
    expect(results.map((result) => [result.id, result.diagnostics, result.anyCount])).toEqual(
      checks.map((check) => [check.id, [], 0]),
    );
  });

  it('writes index.ts with the endpoint map, whose paths type calls through TypedApiClient', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    await api.get('/users/1');
    await api.post('/users', { name: 'Grace' });
    await capture.flush();
    const map = await read('index.ts');
    expect(map).toBe(
      [
        '// Generated by typefetch captureTypes: the endpoint map of 2 endpoints, for createApiClient<Api>().',
        '// Rewritten when new endpoints arrive: do not edit.',
        '',
        "import type { GetUsersId } from './get-users-id.js';",
        "import type { PostUsers } from './post-users.js';",
        '',
        'export interface Api {',
        "  'GET /users/{id}': {",
        '    params: { id: string | number };',
        '    query: never;',
        '    body: never;',
        '    response: GetUsersId;',
        '  };',
        "  'POST /users': {",
        '    params: never;',
        '    query: never;',
        '    body: never;',
        '    response: PostUsers;',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
    const use = (lines: string[]) => typedCallsModule(...lines);
    const files = {
      'index.ts': map,
      'get-users-id.ts': await read('get-users-id.ts'),
      'post-users.ts': await read('post-users.ts'),
    };
    const typed = use([
      "const user = await api.get('/users/{id}', { params: { id: 1 } });",
      'const name: string = user.name;',
      "const created = await api.post('/users', { name: 'Ada' });",
      'const id: number = created.id;',
      'export { name, id };',
    ]);
    expect(compile({ ...files, 'use.ts': typed })).toEqual([]);
    // And the map does type: a wrong parameter name does not compile.
    const wrong = use(["await api.get('/users/{id}', { params: { userId: 1 } });", 'export {};']);
    expect(compile({ ...files, 'use.ts': wrong }).join('\n')).toMatch(/use\.ts:4: .*userId/);
  });

  it('gives paths that clean to similar names distinct files and type names, so index.ts compiles', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    // `get-a-b`, then `get-a-b-2` (GetAB2), then `/a/b2`, whose stem `get-a-b2` would also be GetAB2.
    await api.get('/a-b');
    await api.get('/a_b');
    await api.get('/a/b2');
    await capture.flush();
    const names = (await readdir(outDir)).sort();
    expect(names).toEqual(['get-a-b-2.ts', 'get-a-b.ts', 'get-a-b2-2.ts', 'index.ts']);
    const map = await read('index.ts');
    expect(map.split('\n').filter((line) => line.startsWith('import'))).toEqual([
      "import type { GetAB } from './get-a-b.js';",
      "import type { GetAB2 } from './get-a-b-2.js';",
      "import type { GetAB22 } from './get-a-b2-2.js';",
    ]);
    const files = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await read(name)])));
    expect(compile(files)).toEqual([]);
  });

  it("names the type of an endpoint as typefetch --har does, each word's case kept, in a lower-case file", async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    const body = await api.get('/api/userProfiles/7/todos/3');
    await capture.flush();
    const [har] = typeEndpoints(
      readHar(harText([{ url: `${server.url}/api/userProfiles/7/todos/3`, response: body }])).endpoints,
    );
    expect([har!.endpoint.key, har!.file, har!.names.response]).toEqual([
      'GET /api/userProfiles/{userProfileId}/todos/{id}',
      'get-api-userprofiles-userprofileid-todos-id',
      'GetApiUserProfilesUserProfileIdTodosId',
    ]);
    expect(capture.endpoints().map((each) => [each.key, each.file])).toEqual([
      [har!.endpoint.key, `${har!.file}.ts`],
    ]);
    expect(await read(`${har!.file}.ts`)).toContain(`export interface ${har!.names.response} {`);
    expect(await read('index.ts')).toContain(
      `import type { ${har!.names.response} } from './${har!.file}.js';`,
    );
  });

  it('numbers a file whose type name, case kept, another file already declares, so index.ts compiles', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    // `/aB` is `get-ab.ts` declaring GetAB, which `/a/b` would declare too: it is `get-a-b-2.ts`, GetAB2.
    await api.get('/aB');
    await api.get('/a/b');
    await capture.flush();
    const names = (await readdir(outDir)).sort();
    expect(names).toEqual(['get-a-b-2.ts', 'get-ab.ts', 'index.ts']);
    const map = await read('index.ts');
    expect(map.split('\n').filter((line) => line.startsWith('import'))).toEqual([
      "import type { GetAB } from './get-ab.js';",
      "import type { GetAB2 } from './get-a-b-2.js';",
    ]);
    const files = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await read(name)])));
    expect(compile(files)).toEqual([]);
  });

  it('imports two endpoints the name option gives one type name under distinct names, so index.ts compiles', async () => {
    // As in docs/capture.md's example: every endpoint of /users is `User`, and `Api` names the map itself.
    const name = ({ pattern }: { pattern: string }) =>
      pattern.startsWith('/users') ? 'User' : pattern === '/stats' ? 'Api' : 'Other';
    capture = captureTypes({ outDir, debounceMs: 60_000, name });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    await api.get('/users/1');
    await api.post('/users', { name: 'Grace' });
    await api.get('/stats');
    await capture.flush();
    const names = (await readdir(outDir)).sort();
    const map = await read('index.ts');
    expect(map.split('\n').filter((line) => line.startsWith('import') || line.includes('response:'))).toEqual(
      [
        "import type { User } from './get-users-id.js';",
        "import type { User as User2 } from './post-users.js';",
        "import type { Api as Api2 } from './get-stats.js';",
        '    response: User;',
        '    response: User2;',
        '    response: Api2;',
      ],
    );
    const files = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await read(name)])));
    expect(compile(files)).toEqual([]);
  });

  it('hands every response on unchanged, and parses the copy only after the caller got it', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    const response = await capture.fetch(`${server.url}/users/1`);
    // Nothing is parsed on the request path: no sample is merged yet, so no endpoint is listed.
    expect(capture.endpoints()).toEqual([]);
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual(USER_1);
    await capture.flush();
    expect(capture.endpoints()).toEqual([
      {
        method: 'GET',
        pattern: '/users/{id}',
        key: 'GET /users/{id}',
        params: [{ name: 'id', position: 1 }],
        file: 'get-users-id.ts',
        samples: 1,
      },
    ]);
  });

  it('endpoints() lists what the files hold: not an endpoint whose bodies were all empty or not JSON', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    await (await capture.fetch(`${server.url}/users/1`)).json();
    await (await capture.fetch(`${server.url}/broken`)).text();
    await (await capture.fetch(`${server.url}/blank`)).text();
    expect(await capture.flush()).toEqual([
      path.join(outDir, 'get-users-id.ts'),
      path.join(outDir, 'index.ts'),
    ]);
    expect(await files()).toEqual(['get-users-id.ts', 'index.ts']);
    expect(capture.endpoints().map((endpoint) => [endpoint.key, endpoint.file, endpoint.samples])).toEqual([
      ['GET /users/{id}', 'get-users-id.ts', 1],
    ]);
  });

  it('captures only 2xx JSON bodies (any +json type): not text, not errors, not 204, not broken JSON', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    await api.get('/text');
    await api.get('/empty');
    await api.get('/problem');
    await expect(api.get('/missing')).rejects.toMatchObject({ status: 404 });
    await expect(api.get('/broken')).rejects.toMatchObject({ status: 200 });
    await capture.flush();
    expect(await files()).toEqual(['get-problem.ts', 'index.ts']);
    expect(capture.endpoints().map((endpoint) => [endpoint.key, endpoint.samples])).toEqual([
      ['GET /problem', 1],
    ]);
  });

  it('writes after debounceMs on its own, one write for a burst of responses', async () => {
    // Generous: the three local requests take milliseconds, the window is a second.
    capture = captureTypes({ outDir, debounceMs: 1000 });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    await Promise.all([api.get('/users/1'), api.get('/users/2'), api.get('/users/1')]);
    expect(await files()).toEqual([]);
    const deadline = Date.now() + 10_000;
    // Wait for the final names: a poll can see an atomic write's temporary file before its rename.
    const written = async () => (await files()).filter((name) => !name.endsWith('.tmp'));
    while ((await written()).length < 2 && Date.now() < deadline) await sleep(25);
    expect(await files()).toEqual(['get-users-id.ts', 'index.ts']);
    expect(await read('get-users-id.ts')).toMatch(
      /^\/\/ Generated by typefetch captureTypes from 3 responses of /,
    );
    // flush() finds nothing left to write.
    expect(await capture.flush()).toEqual([]);
  });

  it('merges new responses into what it has seen and rewrites the file', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    await (await capture.fetch(`${server.url}/users/1`)).json();
    await capture.flush();
    expect(await read('get-users-id.ts')).not.toContain('admin');
    await (await capture.fetch(`${server.url}/users/2`)).json();
    await capture.flush();
    expect(await read('get-users-id.ts')).toContain('  admin?: boolean;\n');
    // Atomic writes leave no temporary file behind.
    expect(await files()).toEqual(['get-users-id.ts', 'index.ts']);
  });

  it('writes zod modules that parse the responses, named by the name option', async () => {
    capture = captureTypes({
      outDir,
      debounceMs: 60_000,
      format: 'zod',
      named: true,
      name: ({ pattern }) => (pattern === '/users/{id}' ? 'user' : pattern),
    });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    const one = await api.get('/users/1');
    const two = await api.get('/users/2');
    await capture.flush();
    const text = await read('get-users-id.ts');
    expect(text).toContain('export const userAddressSchema = z.object({\n');
    expect(text).toContain('export type User = z.infer<typeof userSchema>;\n');
    const schema = schemaOf(loadZodModule(text), 'userSchema');
    expect([schema.safeParse(one).success, schema.safeParse(two).success]).toEqual([true, true]);
  });

  it('writes JSON Schema files ending in .json, without a comment', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000, format: 'json-schema' });
    await (await capture.fetch(`${server.url}/stats`)).json();
    await capture.flush();
    expect(await files()).toEqual(['get-stats.json']);
    expect(JSON.parse(await read('get-stats.json'))).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'GetStats',
      type: 'object',
      additionalProperties: { type: 'number' },
    });
  });

  it('stops capturing on close() (the fetch still works) and leaves no beforeExit listener', async () => {
    const listeners = process.listenerCount('beforeExit');
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    await (await capture.fetch(`${server.url}/users/1`)).json();
    // Registered with the first sample, so a script that ends without flush() still gets its files.
    while (capture.endpoints()[0]?.samples !== 1) await sleep(5);
    expect(process.listenerCount('beforeExit')).toBe(listeners + 1);
    await capture.close();
    expect(process.listenerCount('beforeExit')).toBe(listeners);
    const after = await capture.fetch(`${server.url}/stats`);
    expect(await after.json()).toEqual({ '2024-01-30': 3, '2024-01-31': 5 });
    await capture.flush();
    expect(await files()).toEqual(['get-users-id.ts', 'index.ts']);
  });

  it('drops its beforeExit listener once all is written, so many captures in one process leave none behind', async () => {
    const listeners = process.listenerCount('beforeExit');
    // More than the 10 listeners after which Node warns of a leak.
    for (let i = 0; i < 12; i++) {
      capture = captureTypes({ outDir, debounceMs: 60_000 });
      await (await capture.fetch(`${server.url}/users/1`)).json();
      expect(await capture.flush()).toHaveLength(2);
      expect(process.listenerCount('beforeExit')).toBe(listeners);
    }
    // Written by the timer: dropped too.
    capture = captureTypes({ outDir, debounceMs: 0 });
    await (await capture.fetch(`${server.url}/stats`)).json();
    const done = async () =>
      (await files()).includes('get-stats.ts') && process.listenerCount('beforeExit') === listeners;
    const deadline = Date.now() + 10_000;
    while (!(await done()) && Date.now() < deadline) await sleep(25);
    expect(await files()).toContain('get-stats.ts');
    expect(process.listenerCount('beforeExit')).toBe(listeners);
  });

  /** Captures `urls` in turn with `maxEndpoints: 1`, reading each body: the capture and the errors reported. */
  async function captureOneEndpoint(urls: readonly string[]): Promise<[TypeCapture, string[]]> {
    const errors: string[] = [];
    const limited = captureTypes({
      outDir,
      debounceMs: 60_000,
      maxEndpoints: 1,
      onError: (e) => errors.push(e.message),
    });
    capture = limited;
    for (const url of urls) await (await limited.fetch(server.url + url)).text();
    await limited.flush();
    return [limited, errors];
  }

  it('keeps at most maxEndpoints endpoints and says so once', async () => {
    const [, errors] = await captureOneEndpoint(['/users/1', '/stats', '/problem']);
    expect(await files()).toEqual(['get-users-id.ts', 'index.ts']);
    expect(errors).toEqual([
      'maxEndpoints (1) reached: responses of GET /stats and other new endpoints are not captured',
    ]);
  });
  it('counts towards maxEndpoints only endpoints with a response merged, not those whose bodies were empty or not JSON', async () => {
    const [limited, errors] = await captureOneEndpoint(['/broken', '/blank', '/users/1']);
    expect(await files()).toEqual(['get-users-id.ts', 'index.ts']);
    expect(limited.endpoints().map((endpoint) => [endpoint.key, endpoint.samples])).toEqual([
      ['GET /users/{id}', 1],
    ]);
    expect(errors).toEqual([]);
  });
});

describe('captureTypes with enums, taggedUnions and integers', () => {
  it('writes literal unions and tagged variants that narrow, and still accept every response after later ones', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000, enums: true, taggedUnions: true });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    const first = await api.get('/events', { searchParams: { page: 1 } });
    await capture.flush();
    // More responses after a write: the inference goes on from what it had.
    const second = await api.get('/events', { searchParams: { page: 2 } });
    await capture.flush();
    const declaration = await read('get-events.ts');
    expect(declaration).toBe(
      [
        '// Generated by typefetch captureTypes from 2 responses of GET /events.',
        '// Rewritten when new responses arrive: do not edit.',
        '',
        'export type GetEvents = ({',
        '  id: number;',
        '  type: "PushEvent";',
        '  state: "open" | "closed";',
        '  score: number;',
        '  payload: {',
        '    size: number;',
        '    commits: {',
        '      sha: string;',
        '    }[];',
        '  };',
        '} | {',
        '  id: number;',
        '  type: "WatchEvent";',
        '  state: "open" | "closed";',
        '  score: number;',
        '  payload: {',
        '    action: string;',
        '  };',
        '})[];',
        '',
      ].join('\n'),
    );
    const use = [
      "import type { GetEvents } from './get-events.js';",
      'declare const events: GetEvents;',
      'const commits: number[] = [];',
      'const states: Array<"open" | "closed"> = [];',
      'for (const e of events) {',
      "  if (e.type === 'PushEvent') commits.push(e.payload.commits.length);",
      '  states.push(e.state);',
      '}',
      'export { commits, states };',
    ].join('\n');
    expect(compile({ 'get-events.ts': declaration, 'use.ts': use })).toEqual([]);
    const checks = [first, second].map((value, i) => ({
      id: `p${i}`,
      declaration,
      typeName: 'GetEvents',
      value,
    }));
    expect(typecheckSamples(checks).map((result) => [result.id, result.diagnostics])).toEqual([
      ['p0', []],
      ['p1', []],
    ]);
  });

  it('writes z.int() only for members that were always integral, and the schema parses every response', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000, format: 'zod', integers: true });
    const api = createApiClient({ baseUrl: server.url, fetchImpl: capture.fetch });
    const pages = [
      await api.get('/events', { searchParams: { page: 1 } }),
      await api.get('/events', { searchParams: { page: 2 } }),
    ];
    await capture.flush();
    const text = await read('get-events.ts');
    expect(text).toBe(
      [
        '// Generated by typefetch captureTypes from 2 responses of GET /events.',
        '// Rewritten when new responses arrive: do not edit.',
        '',
        "import { z } from 'zod';",
        '',
        'export const getEventsSchema = z.array(z.object({',
        '  id: z.int(),',
        '  type: z.string(),',
        '  state: z.string(),',
        '  score: z.number(),',
        '  payload: z.object({',
        '    size: z.int().optional(),',
        '    commits: z.array(z.object({',
        '      sha: z.string(),',
        '    })).optional(),',
        '    action: z.string().optional(),',
        '  }),',
        '}));',
        'export type GetEvents = z.infer<typeof getEventsSchema>;',
        '',
      ].join('\n'),
    );
    const schema = schemaOf(loadZodModule(text), 'getEventsSchema');
    expect(pages.map((page) => schema.safeParse(page).success)).toEqual([true, true]);
  });
});

describe('captureTypes with other clients', () => {
  it('works as ky’s fetch (a Request object) and as ofetch’s, keyed by the request’s method', async () => {
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    const viaKy = await ky
      .create({ prefix: server.url, fetch: capture.fetch })
      .post('users', { json: { name: 'K' } })
      .json();
    const viaOfetch = await createFetch({ fetch: capture.fetch })(`${server.url}/users/2`);
    expect([viaKy, viaOfetch]).toEqual([{ id: 3, name: 'K' }, USER_2]);
    await capture.flush();
    expect(capture.endpoints().map((endpoint) => [endpoint.key, endpoint.samples])).toEqual([
      ['POST /users', 1],
      ['GET /users/{id}', 1],
    ]);
  });
});

describe('a throwing onError', () => {
  it('never reaches the request or becomes an unhandled rejection', async () => {
    const thrown: string[] = [];
    capture = captureTypes({
      outDir,
      debounceMs: 60_000,
      maxEndpoints: 1,
      onError: (error) => {
        thrown.push(error.message);
        throw new Error('onError broke');
      },
    });
    await (await capture.fetch(`${server.url}/users/1`)).json();
    const stats = await capture.fetch(`${server.url}/stats`);
    expect(await stats.json()).toEqual({ '2024-01-30': 3, '2024-01-31': 5 });
    expect(thrown).toEqual([
      'maxEndpoints (1) reached: responses of GET /stats and other new endpoints are not captured',
    ]);
  });

  it('on a failed timer write, is called and its own error goes nowhere (vitest fails on unhandled ones)', async () => {
    const blocked = path.join(outDir, 'blocked');
    await writeFile(blocked, 'x');
    let calls = 0;
    capture = captureTypes({
      outDir: blocked,
      debounceMs: 10,
      onError: () => {
        calls++;
        throw new Error('onError broke');
      },
    });
    await (await capture.fetch(`${server.url}/users/1`)).json();
    const deadline = Date.now() + 10_000;
    while (calls === 0 && Date.now() < deadline) await sleep(25);
    expect(calls).toBe(1);
    await rm(blocked);
  });
});

describe('write failures', () => {
  it('flush() rejects naming the file and the endpoint, and the endpoint is written later', async () => {
    const blocked = path.join(outDir, 'blocked');
    await writeFile(blocked, 'a file where the folder should be');
    capture = captureTypes({ outDir: blocked, debounceMs: 60_000 });
    await (await capture.fetch(`${server.url}/users/1`)).json();
    await expect(capture.flush()).rejects.toThrow(
      `writing ${path.join(blocked, 'get-users-id.ts')} (GET /users/{id}) failed: `,
    );
    await rm(blocked);
    expect(await capture.flush()).toEqual([
      path.join(blocked, 'get-users-id.ts'),
      path.join(blocked, 'index.ts'),
    ]);
  });

  it('keeps index.ts pending when only its write failed, and writes it with the next flush()', async () => {
    // A folder sits where index.ts goes: the endpoint's file is written, the map's rename fails.
    await mkdir(path.join(outDir, 'index.ts', 'occupied'), { recursive: true });
    capture = captureTypes({ outDir, debounceMs: 60_000 });
    await (await capture.fetch(`${server.url}/users/1`)).json();
    await expect(capture.flush()).rejects.toThrow(
      `writing ${path.join(outDir, 'index.ts')} (the endpoint map) failed: `,
    );
    await rm(path.join(outDir, 'index.ts'), { recursive: true });
    expect(await capture.flush()).toEqual([path.join(outDir, 'index.ts')]);
    expect(await read('index.ts')).toContain(`import type { GetUsersId } from './get-users-id.js';`);
  });

  it('reports a failed timer write to onError', async () => {
    const blocked = path.join(outDir, 'blocked');
    await writeFile(blocked, 'x');
    const errors: Error[] = [];
    capture = captureTypes({ outDir: blocked, debounceMs: 10, onError: (e) => errors.push(e) });
    await (await capture.fetch(`${server.url}/users/1`)).json();
    const deadline = Date.now() + 10_000;
    while (errors.length === 0 && Date.now() < deadline) await sleep(25);
    expect(errors.map((e) => e.message.split(':')[0])).toEqual([
      `writing ${path.join(blocked, 'get-users-id.ts')} (GET /users/{id}) failed`,
    ]);
    await rm(blocked);
  });
});

describe('options', () => {
  it('rejects bad options with one-line errors naming the option and the value', () => {
    const bad = (options: unknown) => () => captureTypes(options as { outDir: string });
    expect(bad(undefined)).toThrow(
      new TypeError('captureTypes options must be an object with an outDir, got undefined'),
    );
    expect(bad({})).toThrow(new TypeError('outDir must be a non-empty string, got undefined'));
    expect(bad({ outDir: ' ' })).toThrow(new TypeError('outDir must be a non-empty string, got " "'));
    expect(bad({ outDir, debounceMs: -1 })).toThrow(
      new RangeError('debounceMs must be an integer from 0 to 2147483647, got -1'),
    );
    expect(bad({ outDir, maxEndpoints: 0 })).toThrow(
      new RangeError('maxEndpoints must be a positive integer, got 0'),
    );
    expect(bad({ outDir, name: 'x' })).toThrow(new TypeError('name must be a function, got "x"'));
    expect(bad({ outDir, fetch: 1 })).toThrow(new TypeError('fetch must be a function, got 1'));
    expect(bad({ outDir, onError: null })).toThrow(new TypeError('onError must be a function, got null'));
    expect(bad({ outDir, format: 'yaml' })).toThrow(
      new TypeError('format must be one of typescript, zod, json-schema, openapi, got "yaml"'),
    );
    expect(bad({ outDir, named: 'yes' })).toThrow(new TypeError('named must be a boolean, got "yes"'));
    expect(bad({ outDir, enums: 1 })).toThrow(new TypeError('enums must be a boolean, got 1'));
    expect(bad({ outDir, taggedUnions: 'on' })).toThrow(
      new TypeError('taggedUnions must be a boolean, got "on"'),
    );
    expect(bad({ outDir, integers: null })).toThrow(new TypeError('integers must be a boolean, got null'));
    // A misspelt option is refused rather than ignored.
    expect(bad({ outDir, enum: true })).toThrow(
      new TypeError('captureTypes(options): enum is not a capture option (misspelt?)'),
    );
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
