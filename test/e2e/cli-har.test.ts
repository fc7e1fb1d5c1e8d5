// `typefetch --type --har` end to end: a HAR recorded from a loopback server (secrets planted in headers,
// cookies, a query and bodies) and the one exported by headless Chromium, run through the built binary in
// a fresh folder. Exact output, the files compile with the client's types, the OpenAPI document validates,
// and no planted secret reaches a file, stdout or stderr. The "Two commands" of docs/traffic.md run as
// written.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../cli/helpers/memory-io.js';
import { compile, typedCallsModule } from '../helpers/compile.js';
import { serveEach } from '../helpers/server.js';
import { harText } from '../traffic/helpers/har-text.js';
import { recordHar } from '../traffic/helpers/record-har.js';
import { SAMPLE_REQUESTS, SECRETS, sampleApi, samplePage } from '../traffic/helpers/sample-api.js';
import { ensureBuilt, ROOT, runCli } from './helpers/cli.js';

const CHROMIUM_HAR = path.join(ROOT, 'test/fixtures/har/chromium.har');
const serve = serveEach();
let dir: string;

beforeAll(ensureBuilt);
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

/** Records the sample API's session (every secret of SECRETS in it) into `<dir>/api.har`. */
async function recordSession(): Promise<string> {
  const server = await serve(sampleApi(samplePage()));
  const har = JSON.stringify(await recordHar(server.url, SAMPLE_REQUESTS), null, 2);
  for (const secret of Object.values(SECRETS)) expect(har).toContain(secret);
  await writeFile(path.join(dir, 'api.har'), har);
  return har;
}

/** Every file under `folder` (relative name -> text). */
async function readTree(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
  const files: Record<string, string> = {};
  for (const name of names) files[name] = await readFile(path.join(folder, name), 'utf8');
  return files;
}

/** The planted secrets found in any of `texts` (none expected). */
function leaked(texts: readonly string[]): string[] {
  return Object.values(SECRETS).filter((secret) => texts.some((text) => text.includes(secret)));
}

const ENDPOINT_FILES = [
  ['POST /api/login', 'post-api-login.ts'],
  ['GET /api/me', 'get-api-me.ts'],
  ['GET /api/users', 'get-api-users.ts'],
  ['GET /api/users/{id}', 'get-api-users-id.ts'],
  ['GET /api/users/{id}/posts', 'get-api-users-id-posts.ts'],
  ['POST /api/users', 'post-api-users.ts'],
  ['PATCH /api/users/{id}', 'patch-api-users-id.ts'],
  ['DELETE /api/users/{id}', 'delete-api-users-id.ts'],
  ['GET /api/repos/{owner}/{repo}', 'get-api-repos-owner-repo.ts'],
  ['GET /api/orders/{id}', 'get-api-orders-id.ts'],
  ['GET /api/search', 'get-api-search.ts'],
] as const;

describe('typefetch --type --har <file>', () => {
  it('writes one file per endpoint and index.ts with the map, prints each and a summary counting what it skipped', async () => {
    await recordSession();
    const result = await runCli(['--type', '--har', 'api.har', '--out=src/api'], dir);
    expect(result).toEqual({
      code: 0,
      stdout: [
        ...ENDPOINT_FILES.map(([key, file]) => `✅ ${key} -> src/api/${file}`),
        '✅ export interface Api -> src/api/index.ts',
        '✅ 11 endpoints from 18 requests in api.har, written to src/api; 2 entries skipped (2 not JSON)',
        '',
      ].join('\n'),
      stderr: '',
    });
    const files = await readTree(path.join(dir, 'src/api'));
    expect(Object.keys(files)).toEqual([...ENDPOINT_FILES.map(([, file]) => file), 'index.ts'].sort());
    expect(files['get-api-users-id.ts']).toMatch(
      /^\/\/ This file was auto-generated from an API response: GET \/api\/users\/\{id\}\.\n\/\/ Generated at: \S+\n\nexport interface GetApiUsersId \{\n/,
    );
    expect(files['index.ts']).toContain(
      "  'GET /api/users/{id}': {\n    params: { id: string | number };\n    query: never;\n    body: never;\n    response: GetApiUsersId;\n  };\n",
    );
    // The DELETE answered 204: in the map, resolving to undefined; its file declares nothing.
    expect(files['index.ts']).toContain(
      "  'DELETE /api/users/{id}': {\n    params: { id: string | number };\n    query: never;\n    body: never;\n    response: undefined;\n  };\n",
    );
    expect(files['delete-api-users-id.ts']).toMatch(/\nexport \{\};\n$/);
    // The map types calls by path through the client's types; a wrong parameter name does not compile.
    const use = typedCallsModule;
    const typed = use(
      "const user = await api.get('/api/users/{id}', { params: { id: 1 } }); const city: string = user.address.city; void city;",
    );
    expect(compile({ ...files, 'use.ts': typed })).toEqual([]);
    const deleted = use(
      "const gone: undefined = await api.delete('/api/users/{id}', { params: { id: 3 } }); void gone;",
    );
    expect(compile({ ...files, 'use.ts': deleted })).toEqual([]);
    const wrong = use("await api.get('/api/users/{id}', { params: { userId: 1 } });");
    expect(compile({ ...files, 'use.ts': wrong }).join('\n')).toMatch(/use\.ts:4: .*userId/);
    expect(leaked([result.stdout, result.stderr, ...Object.values(files)])).toEqual([]);
  });

  it('--format=openapi writes one openapi.json that validates as OpenAPI 3.1, with no secret in it', async () => {
    await recordSession();
    const result = await runCli(['--type', '--har=api.har', '--format=openapi', '--out=src/api'], dir);
    expect(result).toEqual({
      code: 0,
      stdout:
        '✅ OpenAPI 3.1, 11 endpoints -> src/api/openapi.json\n' +
        '✅ 11 endpoints from 18 requests in api.har, written to src/api; 2 entries skipped (2 not JSON)\n',
      stderr: '',
    });
    const files = await readTree(path.join(dir, 'src/api'));
    expect(Object.keys(files)).toEqual(['openapi.json']);
    const document = JSON.parse(files['openapi.json']!) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/users/{id}');
    expect(document.paths['/api/users/{id}']).toMatchObject({
      delete: { operationId: 'deleteApiUsersId', responses: { '204': { description: 'No Content' } } },
    });
    const validation = await new Validator().validate(document);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(leaked([result.stdout, result.stderr, ...Object.values(files)])).toEqual([]);
  });

  it('reads the HAR headless Chromium exported, with no secret in any output', async () => {
    const har = await readFile(CHROMIUM_HAR, 'utf8');
    for (const secret of [SECRETS.bearer, SECRETS.cookie, SECRETS.queryKey]) expect(har).toContain(secret);
    await writeFile(path.join(dir, 'chromium.har'), har);
    const types = await runCli(['--type', '--har', 'chromium.har'], dir);
    const openapi = await runCli(['--type', '--har', 'chromium.har', '--format', 'openapi'], dir);
    expect([types.code, openapi.code]).toEqual([0, 0]);
    expect(types.stdout.split('\n').at(-2)).toBe(
      '✅ 11 endpoints from 18 requests in chromium.har, written to src/types; 3 entries skipped (3 not JSON)',
    );
    const files = await readTree(path.join(dir, 'src/types'));
    expect(Object.keys(files)).toContain('openapi.json');
    expect(Object.keys(files)).toContain('index.ts');
    const outputs = [types.stdout, types.stderr, openapi.stdout, openapi.stderr, ...Object.values(files)];
    expect(leaked(outputs)).toEqual([]);
  });
});

describe('the journey: a HAR, its map and OpenAPI document, typed calls', () => {
  const todo = (id: number) => ({ id, title: `t${id}`, done: false });
  const JOURNEY = harText([
    { url: 'https://api.test/todos?page=1&limit=10', response: [todo(1), todo(2)] },
    { url: 'https://api.test/todos?page=2', response: [todo(3)] },
    { url: 'https://api.test/todos/1', response: todo(1) },
    { url: 'https://api.test/todos/2', response: todo(2) },
    {
      method: 'POST',
      url: 'https://api.test/todos',
      body: { title: 'a', done: false },
      status: 201,
      response: todo(9),
    },
    { method: 'PUT', url: 'https://api.test/todos/9', body: { title: 'b', done: true }, response: todo(9) },
    { method: 'DELETE', url: 'https://api.test/todos/9', status: 204, mimeType: 'x-unknown', rawText: '' },
    { url: 'https://api.test/users/3/todos/1', response: todo(1) },
    { url: 'https://api.test/users/4/todos/7', response: todo(7) },
  ]);

  it('the map has exactly the operations of the OpenAPI document, which validates; each call is typed by its path', async () => {
    await writeFile(path.join(dir, 'api.har'), JOURNEY);
    const types = await runCli(['--type', '--har', 'api.har', '--out=src/api'], dir);
    const openapi = await runCli(['--type', '--har', 'api.har', '--format=openapi', '--out=doc'], dir);
    expect([types.code, types.stderr, openapi.code, openapi.stderr]).toEqual([0, '', 0, '']);
    const files = await readTree(path.join(dir, 'src/api'));
    const document = JSON.parse(await readFile(path.join(dir, 'doc/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect((await new Validator().validate(document)).valid).toBe(true);
    const operations = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`),
    );
    const mapKeys = [...files['index.ts']!.matchAll(/^ {2}'([A-Z]+ [^']+)': \{$/gm)].map((match) => match[1]);
    expect(mapKeys).toEqual([
      'GET /todos',
      'GET /todos/{id}',
      'POST /todos',
      'PUT /todos/{id}',
      'DELETE /todos/{id}',
      'GET /users/{userId}/todos/{id}',
    ]);
    expect(operations.sort()).toEqual([...mapKeys].sort());
    const calls = typedCallsModule(
      "const list: { id: number; title: string; done: boolean }[] = await api.get('/todos', { searchParams: { page: 1 } });",
      "const one: { id: number } = await api.get('/todos/{id}', { params: { id: 1 } });",
      "const made: { id: number } = await api.post('/todos', { title: 'a', done: false });",
      "const put: { done: boolean } = await api.put('/todos/{id}', { title: 'b', done: true }, { params: { id: 9 } });",
      "const gone: undefined = await api.delete('/todos/{id}', { params: { id: 9 } });",
      "const nested: { title: string } = await api.get('/users/{userId}/todos/{id}', { params: { userId: 3, id: 1 } });",
      'void [list, one, made, put, gone, nested];',
    );
    expect(compile({ ...files, 'use.ts': calls })).toEqual([]);
    const wrong = typedCallsModule(
      "await api.post('/todos', { title: 1, done: false });",
      "await api.put('/todos/{id}', { titel: 'b', done: true }, { params: { id: 9 } });",
      "await api.get('/todo');",
      "await api.get('/users/{userId}/todos/{id}', { params: { userId: 3 } });",
      "await api.get('/todos', { searchParams: { pgae: 1 } });",
    );
    expect(compile({ ...files, 'use.ts': wrong })).toEqual([
      "use.ts:4: Type 'number' is not assignable to type 'string'.",
      "use.ts:5: Object literal may only specify known properties, but 'titel' does not exist in type 'PutTodosIdBody'. Did you mean to write 'title'?",
      `use.ts:6: Argument of type '"/todo"' is not assignable to parameter of type '"/todos" | "/todos/{id}" | "/users/{userId}/todos/{id}"'.`,
      "use.ts:7: Property 'id' is missing in type '{ userId: number; }' but required in type '{ userId: string | number; id: string | number; }'.",
      "use.ts:8: Object literal may only specify known properties, and 'pgae' does not exist in type 'GetTodosQuery'.",
    ]);
  });
});

describe('--har: mistakes, one line each', () => {
  it('a missing file is a usage error naming it', async () => {
    expect(await runCli(['--type', '--har', 'missing.har'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: '❌ Error: --har file not found: "missing.har"\nRun typefetch --help for usage.\n',
    });
  });

  it('a file that is not JSON is refused without quoting it (it may hold secrets)', async () => {
    await writeFile(path.join(dir, 'notes.har'), `Authorization: Bearer ${SECRETS.bearer}\n`);
    expect(await runCli(['--type', '--har', 'notes.har'], dir)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '❌ Error: notes.har: not a HAR file: the text is not JSON; save one with the browser devtools (Network tab, "Save all as HAR")\n',
    });
  });

  it('JSON that is not HAR is refused, and nothing is written', async () => {
    await writeFile(path.join(dir, 'data.har'), '{"users":[]}');
    expect(await runCli(['--type', '--har', 'data.har'], dir)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '❌ Error: data.har: not a HAR file: no "log.entries" array at the top level; save one with the browser devtools (Network tab, "Save all as HAR")\n',
    });
    expect(await readdir(dir)).toEqual(['data.har']);
  });

  it('skips the CORS preflights a cross-origin app made and says so', async () => {
    const har = {
      log: {
        entries: [
          {
            request: {
              method: 'OPTIONS',
              url: 'https://api.example/users',
              headers: [{ name: 'Access-Control-Request-Method', value: 'POST' }],
            },
            response: { status: 204, content: { mimeType: 'x-unknown', text: '' } },
          },
          {
            request: { method: 'POST', url: 'https://api.example/users' },
            response: { status: 201, content: { mimeType: 'application/json', text: '{"id":1}' } },
          },
        ],
      },
    };
    await writeFile(path.join(dir, 'app.har'), JSON.stringify(har));
    const result = await runCli(['--type', '--har', 'app.har'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '✅ 1 endpoint from 1 request in app.har, written to src/types; 1 entry skipped (1 CORS preflight)\n',
    );
    expect(await readdir(path.join(dir, 'src/types'))).toEqual(['index.ts', 'post-users.ts']);
  });

  it('a HAR with no JSON response says what it skipped', async () => {
    const har = {
      log: {
        entries: [
          {
            request: { method: 'GET', url: 'https://h.example/' },
            response: { status: 200, content: { mimeType: 'text/html', text: '<p>' } },
          },
        ],
      },
    };
    await writeFile(path.join(dir, 'page.har'), JSON.stringify(har));
    expect(await runCli(['--type', '--har', 'page.har'], dir)).toEqual({
      code: 1,
      stdout: '',
      stderr: '❌ Error: page.har holds no JSON response to type; 1 entry skipped (1 not JSON)\n',
    });
  });

  it.each([
    [
      ['--format=zod'],
      '--har writes typescript (the types and the endpoint map) or openapi, got --format=zod',
    ],
    [
      ['https://h.example/users', '--header', `Authorization: Bearer ${SECRETS.bearer}`],
      '--har cannot be combined with <url>, --header: the HAR file holds the requests',
    ],
    [['--check'], '--har cannot be combined with --check: the HAR file holds the requests'],
  ])('%j -> %s', async (args, message) => {
    expect(await runCli(['--type', '--har', 'api.har', ...args], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `❌ Error: ${message}\nRun typefetch --help for usage.\n`,
    });
  });

  it('--format=openapi without --har or --config is a usage error', async () => {
    expect(await runCli(['--type', '--format=openapi', 'https://h.example/users'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '❌ Error: --format=openapi writes one document for many endpoints: use it with --har or --config\nRun typefetch --help for usage.\n',
    });
  });
});

describe('docs/traffic.md, "Two commands"', () => {
  it('runs as written on a recorded HAR: the types and map, then the OpenAPI document', async () => {
    await recordSession();
    const docs = await readFile(path.join(ROOT, 'docs/traffic.md'), 'utf8');
    const section = docs.slice(
      docs.indexOf('## Two commands'),
      docs.indexOf('\n## ', docs.indexOf('## Two commands') + 1),
    );
    const commands = [...section.matchAll(/```sh\n\s*typefetch (.+)\n\s*```/g)].map((match) => match[1]!);
    expect(commands).toEqual([
      '--type --har api.har --out=src/api',
      '--type --har api.har --format=openapi --out=src/api',
    ]);
    for (const command of commands) expect((await runCli(command.split(' '), dir)).code).toBe(0);
    const files = Object.keys(await readTree(path.join(dir, 'src/api')));
    expect(files).toEqual([...ENDPOINT_FILES.map(([, file]) => file), 'index.ts', 'openapi.json'].sort());
  });
});
