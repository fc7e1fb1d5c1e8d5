import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateTypes } from '../../src/typegen/generate.js';
import { listTree, makeTempDir, removeDir } from '../cli/helpers/memory-io.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { ensureBuilt, runCli } from './helpers/cli.js';

// Spawns the built binary (dist/cli.js) in a fresh folder against a loopback server.

const SEPARATOR = '─'.repeat(50);
const HEADER =
  /^\/\/ This file was auto-generated from an API response: GET \/[^\n]*\.\n\/\/ Generated at: (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\n\n/;

const RESPONSES: Record<string, unknown> = {
  '/users': [
    {
      id: 1,
      name: 'Leanne Graham',
      address: { city: 'Gwenborough', geo: { lat: '-37.3159', lng: '81.1496' } },
    },
    {
      id: 2,
      name: 'Ervin Howell',
      address: { city: 'Wisokyburgh', geo: { lat: '-43.9509', lng: '-34.4618' } },
    },
  ],
  '/users/1': { id: 1, name: 'Leanne Graham', website: null },
  '/posts/123': { id: 123, userId: 1, title: 'sunt aut facere', tags: ['a', 'b'] },
  '/api/v1/products': [{ sku: 'P-1', price: 9.5, variants: [] }],
  '/todos/1': { userId: 1, id: 1, title: 'delectus aut autem', completed: false },
  '/users/1/posts': [{ id: 1, title: 'qui est esse' }],
};

let server: TestServer;
let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  server = await createTestServer((req, res) => {
    const body = RESPONSES[req.url ?? ''];
    if (body !== undefined) return sendJson(res, 200, body);
    sendJson(res, 200, { ok: true });
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await removeDir(dir);
});

describe('typefetch --type <url> (built binary)', () => {
  it.each([
    ['/users', 'users', 'export type Users = {'],
    ['/users/1', 'users', 'export interface Users {'],
    ['/posts/123', 'posts', 'export interface Posts {'],
    ['/api/v1/products', 'products', 'export type Products = {'],
    ['/todos/1', 'todos', 'export interface Todos {'],
    ['/users/1/posts', 'posts', 'export type Posts = {'],
  ])('%s -> src/types/%s.ts with %s', async (urlPath, file, declaration) => {
    const result = await runCli(['--type', `${server.url}${urlPath}`], dir);
    expect(result.code).toBe(0);
    expect(await listTree(dir)).toEqual(['src', 'src/types', `src/types/${file}.ts`]);
    const content = await readFile(path.join(dir, 'src', 'types', `${file}.ts`), 'utf8');
    expect(content.replace(HEADER, '')).toBe(generateTypes(RESPONSES[urlPath], { name: file }));
    expect(content.replace(HEADER, '').split('\n')[0]).toBe(declaration);
  });

  it('prints exactly the success lines, then the file content between two separators', async () => {
    const before = Date.now();
    const result = await runCli(['--type', `${server.url}/todos/1`], dir);
    const file = path.join(dir, 'src', 'types', 'todos.ts');
    const content = await readFile(file, 'utf8');
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `🔄 Fetching GET ${server.url}/todos/1...`,
        '✅ Types generated successfully!',
        `📁 Output: ${file}`,
        '📝 Generated types:',
        SEPARATOR,
        `${content}${SEPARATOR}`,
        '',
      ].join('\n'),
    });
    const stamp = HEADER.exec(content)?.[1];
    expect(stamp).toBeDefined();
    expect(Date.parse(stamp!)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(stamp!)).toBeLessThanOrEqual(Date.now());
    expect(content.replace(HEADER, '')).toBe(
      [
        'export interface Todos {',
        '  userId: number;',
        '  id: number;',
        '  title: string;',
        '  completed: boolean;',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('overwrites the file on a second run', async () => {
    await runCli(['--type', `${server.url}/todos/1`], dir);
    await runCli(['--type', `${server.url}/todos/1`, '--name', 'Task'], dir);
    expect(await listTree(dir)).toEqual(['src', 'src/types', 'src/types/todos.ts']);
    const content = await readFile(path.join(dir, 'src', 'types', 'todos.ts'), 'utf8');
    expect(content.replace(HEADER, '').split('\n')[0]).toBe('export interface Task {');
  });

  it('--out writes to another folder, relative to the working directory', async () => {
    const result = await runCli(['--type', '--out', 'gen/api', `${server.url}/users/1`], dir);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[2]).toBe(`📁 Output: ${path.join(dir, 'gen', 'api', 'users.ts')}`);
    expect(await listTree(dir)).toEqual(['gen', 'gen/api', 'gen/api/users.ts']);
  });

  it('--name sets the type name (made PascalCase) and keeps the file name', async () => {
    const result = await runCli(['--type', '--name=user-profile', `${server.url}/users/1`], dir);
    expect(result.code).toBe(0);
    const content = await readFile(path.join(dir, 'src', 'types', 'users.ts'), 'utf8');
    expect(content.replace(HEADER, '').split('\n')[0]).toBe('export interface UserProfile {');
  });

  it('sends --method, --body and every --header, values with colons intact', async () => {
    server.requests.length = 0;
    const result = await runCli(
      [
        '--type',
        '--method',
        'patch',
        '--body={"title":"a: b","when":"12:30"}',
        '--header',
        'X-Request-Url: https://example.com:8443/a?b=c:d',
        '--header=Authorization: Bearer abc:def:ghi',
        `${server.url}/posts/7`,
      ],
      dir,
    );
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    const [seen] = server.requests;
    expect(seen).toMatchObject({ method: 'PATCH', url: '/posts/7', body: '{"title":"a: b","when":"12:30"}' });
    expect(seen?.headers['x-request-url']).toBe('https://example.com:8443/a?b=c:d');
    expect(seen?.headers['authorization']).toBe('Bearer abc:def:ghi');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(result.stdout.split('\n')[0]).toBe(`🔄 Fetching PATCH ${server.url}/posts/7...`);
  });

  it('--help lists every flag with an example and exits 0', async () => {
    const result = await runCli(['--help'], dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    for (const example of [
      '--method=post',
      `--body='{"title":"Hello","userId":1}'`,
      '--header "Authorization: Bearer $TOKEN"',
      '--out=src/api/types',
      '--name=UserList',
      '--timeout=5000',
    ]) {
      expect(result.stdout).toContain(`e.g. ${example}\n`);
    }
    expect(result.stdout).toContain('\n  --type  ');
    expect(result.stdout).toMatch(/\n {2}--verbose {2}[^\n]*\n {28}e\.g\. --verbose\n/);
    expect(result.stdout).toContain('\n  -h, --help  ');
    expect(result.stdout).toContain('\n  -v, --version  ');
    expect(result.stdout).toContain('\n  typefetch --type https://jsonplaceholder.typicode.com/users\n');
  });

  it('--version and -v print the package.json version', async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(await runCli(['--version'], dir)).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    expect(await runCli(['-v'], dir)).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });
});
