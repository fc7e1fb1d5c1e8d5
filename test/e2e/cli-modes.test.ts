// Issue 7 end to end: the built binary in a fresh folder against a loopback server, for every mode.
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listTree } from '../cli/helpers/memory-io.js';
import { createTestServer, sendJson } from '../helpers/server.js';
import { typecheckSamples } from '../typegen/helpers/typecheck.js';
import { CLI_PATH, runCli } from './helpers/cli.js';
import { useE2eFixture } from './helpers/fixture.js';

const HEADER =
  /^\/\/ This file was auto-generated from an API response(?:: GET \/[^\n]*)?\.\n\/\/ Generated at: \S+\n\n/;
const TOKEN = 'sk_live_9Zq8Yx7Wv6Ut5Sr4';

const fx = useE2eFixture(
  () => ({
    '/users/1': { id: 1, name: 'Ann', email: 'ann@example.com', company: null, tags: [] },
    '/users/2': { id: 2, name: 'Bo', email: null, company: { name: 'Acme', size: 12 }, tags: ['vip'] },
    '/users/3': { id: 3, name: 'Cy', company: { name: 'Initech' }, tags: [] },
  }),
  // The 404 echoes the Authorization header: a test checks the CLI never prints it.
  (req) => ({ error: `unknown, ${req.headers['authorization']}` }),
);

const read = (file: string) => readFile(path.join(fx.dir, file), 'utf8');

describe('many samples, one type', () => {
  it('merges every URL into one type that compiles and accepts each sample', async () => {
    const urls = ['/users/1', '/users/2', '/users/3'].map((each) => `${fx.server.url}${each}`);
    const result = await runCli(['--type', ...urls], fx.dir);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(0, 5)).toEqual([
      ...urls.map((url) => `🔄 Fetching GET ${url}...`),
      '🧩 Merged 3 samples into one type',
      '✅ Types generated successfully!',
    ]);
    const content = await read('src/types/users.ts');
    expect(content.replace(HEADER, '')).toBe(
      [
        'export interface Users {',
        '  id: number;',
        '  name: string;',
        '  email?: string | null;',
        '  company?: {',
        '    name: string;',
        '    size?: number;',
        '  } | null;',
        '  tags: string[];',
        '}',
        '',
      ].join('\n'),
    );
    const checked = typecheckSamples(
      Object.values(fx.responses).map((value, index) => ({
        id: `user${index}`,
        declaration: content,
        typeName: 'Users',
        value,
      })),
    );
    expect(checked.map((each) => [each.id, each.diagnostics, each.anyCount])).toEqual([
      ['user0', [], 0],
      ['user1', [], 0],
      ['user2', [], 0],
    ]);
  });

  it('reads a file, a JSON Lines file and stdin in place of URLs', async () => {
    await writeFile(path.join(fx.dir, 'orders.json'), '{"id": 1, "total": 9.5}');
    await writeFile(
      path.join(fx.dir, 'orders.jsonl'),
      '{"id": 2, "total": 3, "coupon": "X"}\n{"id": 3, "total": null}\n',
    );
    const result = await runCli(
      ['--type', 'orders.json', '-', '--sample', 'orders.jsonl'],
      fx.dir,
      {},
      '{"id": 4}',
    );
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(0, 2)).toEqual([
      '📄 Reading JSON from stdin...',
      '🧩 Merged 4 samples into one type',
    ]);
    expect((await read('src/types/orders.ts')).replace(HEADER, '')).toBe(
      'export interface Orders {\n  id: number;\n  total?: number | null;\n  coupon?: string;\n}\n',
    );
  });
});

describe('--check: the contract-drift gate', () => {
  it('passes while the API keeps its shape, and fails with a member diff when it drifts', async () => {
    const url = `${fx.server.url}/users/1`;
    expect((await runCli(['--type', url], fx.dir)).code).toBe(0);
    const written = await read('src/types/users.ts');
    expect(await runCli(['--type', '--check', url], fx.dir)).toEqual({
      code: 0,
      stdout: `🔄 Fetching GET ${url}...\n✅ Types match src/types/users.ts\n`,
      stderr: '',
    });

    // The staging API changes: email may be null now, company became an object, tags hold strings,
    // name is gone and a new field appeared.
    fx.responses['/users/1'] = {
      id: 1,
      email: null,
      company: { name: 'Acme', address: { city: 'Springfield' } },
      tags: ['new'],
      createdAt: '2024-05-06T07:08:09Z',
    };
    expect(await runCli(['--type', '--check', url], fx.dir)).toEqual({
      code: 1,
      stdout: [
        `🔄 Fetching GET ${url}...`,
        '📋 src/types/users.ts differs from the response (- file, + response):',
        '  Users.name: removed',
        '    - name: string;',
        '  Users.email: changed',
        '    - email: string;',
        '    + email?: null;',
        '  Users.company: changed',
        '    - company?: null;',
        '    + company: { … };',
        '  Users.company.name: added',
        '    + name: string;',
        '  Users.company.address: added',
        '    + address: { … };',
        '  Users.company.address.city: added',
        '    + city: string;',
        '  Users.tags: changed',
        '    - tags: unknown[];',
        '    + tags: string[];',
        '  Users.createdAt: added',
        '    + createdAt: string;',
        '',
      ].join('\n'),
      stderr:
        '❌ src/types/users.ts is out of date: 3 changed, 4 added, 1 removed. Run without --check to update it.\n',
    });
    expect(await read('src/types/users.ts')).toBe(written);
  });
});

describe('--config', () => {
  it(`substitutes \${VAR} in headers, writes every endpoint and index.ts, and reports the failing one`, async () => {
    await mkdir(path.join(fx.dir, 'fixtures'));
    await writeFile(
      path.join(fx.dir, 'fixtures', 'user-deleted.json'),
      '{"id": 9, "name": "Zed", "deletedAt": "x"}',
    );
    await writeFile(
      path.join(fx.dir, 'typefetch.config.json'),
      JSON.stringify({
        baseUrl: fx.server.url,
        concurrency: 2,
        headers: { Authorization: `Bearer \${API_TOKEN}` },
        endpoints: [
          { name: 'user', url: ['/users/1', '/users/2'], samples: ['fixtures/user-deleted.json'] },
          { name: 'admins', url: '/admins' },
          { name: 'third', url: '/users/3' },
        ],
      }),
    );
    const result = await runCli(['--type', '--config', 'typefetch.config.json', '--verbose'], fx.dir, {
      API_TOKEN: TOKEN,
    });
    expect(result.code).toBe(1);
    expect(fx.server.requests.map((each) => each.headers['authorization'])).toEqual(
      Array(4).fill(`Bearer ${TOKEN}`),
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain(TOKEN);
    expect(result.stdout.split('\n').slice(0, 2).sort()).toEqual([
      '✅ third: src/types/third.ts',
      '✅ user: src/types/user.ts (3 samples)',
    ]);
    expect(result.stderr).toBe(
      [
        '❌ Error: admins: HTTP 404: Not Found',
        '   response body: {"error":"unknown, [REDACTED]"}',
        '❌ 1 of 3 endpoints failed: admins; 2 written in src/types, with index.ts',
        '',
      ].join('\n'),
    );
    expect(await listTree(path.join(fx.dir, 'src'))).toEqual([
      'types',
      'types/index.ts',
      'types/third.ts',
      'types/user.ts',
    ]);
    // The map keys both by GET /users/{id}: the first endpoint with that key is in it.
    expect((await read('src/types/index.ts')).split('\n').slice(3)).toEqual([
      "export * from './user.js';",
      "export * from './third.js';",
      '',
      "import type { User } from './user.js';",
      '',
      'export interface Api {',
      "  'GET /users/{id}': {",
      '    params: { id: string | number };',
      '    query: never;',
      '    body: never;',
      '    response: User;',
      '  };',
      '}',
      '',
    ]);
    expect((await read('src/types/user.ts')).replace(HEADER, '')).toContain('  deletedAt?: string;\n');
  });

  it('fails the endpoints whose variable is missing, and exits 1', async () => {
    await writeFile(
      path.join(fx.dir, 'typefetch.config.json'),
      JSON.stringify({
        baseUrl: fx.server.url,
        endpoints: [{ url: '/users/3', headers: { 'X-Key': `\${KEY}` } }],
      }),
    );
    expect(await runCli(['--type', '--config=typefetch.config.json'], fx.dir)).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        '❌ Error: users: header "X-Key" needs the environment variable KEY, which is not set or is empty',
        '❌ 1 of 1 endpoint failed: users',
        '',
      ].join('\n'),
    });
    expect(fx.server.requests).toEqual([]);
  });
});

/** The built binary under --watch in the fixture's folder: its stdout so far, a wait for a condition, its exit. */
function watchCli(args: string[]) {
  const child = spawn(process.execPath, [CLI_PATH, '--type', '--watch', ...args], {
    cwd: fx.dir,
    env: { PATH: process.env['PATH'] ?? '' },
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = async (condition: () => boolean) => {
    for (let waited = 0; !condition(); waited += 20) {
      if (waited > 10_000) throw new Error(`timed out; stdout so far:\n${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { child, stdout: () => stdout, until, exited };
}

describe('--watch', () => {
  it('rewrites the file when the response changes and stops on SIGINT with exit 0', async () => {
    const { child, stdout, until, exited } = watchCli(['--interval=1000', `${fx.server.url}/users/3`]);
    await until(() => stdout().includes('👀 Watching'));
    fx.responses['/users/3'] = { id: 3, name: 'Cy', active: true };
    await until(() => stdout().includes('the response changed'));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout().endsWith('👋 Stopped watching.\n')).toBe(true);
    expect((await read('src/types/users.ts')).replace(HEADER, '')).toBe(
      'export interface Users {\n  id: number;\n  name: string;\n  active: boolean;\n}\n',
    );
  });

  it('stopped during its first run, finishes the request under way, then exits 0 (Ctrl+C does not kill it)', async () => {
    let answered = false;
    const slow = await createTestServer(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      answered = true;
      sendJson(res, 200, { id: 7 });
    });
    try {
      const { child, stdout, until, exited } = watchCli([`${slow.url}/items`]);
      await until(() => slow.requests.length > 0);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(answered).toBe(true);
      expect(stdout()).not.toContain('👀 Watching');
      expect(stdout().endsWith('👋 Stopped watching.\n')).toBe(true);
      expect((await read('src/types/items.ts')).replace(HEADER, '')).toBe(
        'export interface Items {\n  id: number;\n}\n',
      );
      expect(slow.requests).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

describe('--help', () => {
  it('documents every new option with an example', async () => {
    const { stdout } = await runCli(['--help'], fx.dir);
    for (const example of [
      '--sample=fixtures/user-deleted.json',
      '--check',
      '--config=typefetch.config.json',
      '--concurrency=8',
      '--watch',
      '--interval=10000',
    ]) {
      expect(stdout).toContain(`e.g. ${example}\n`);
    }
  });
});
