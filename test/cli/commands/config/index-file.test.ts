// The index.ts of a config run, by the built binary in a temporary folder against a loopback server:
// what it lists when an endpoint's file cannot be read, and what --check compares when an endpoint fails.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../../../e2e/helpers/cli.js';
import { createTestServer, sendJson, type TestServer } from '../../../helpers/server.js';
import { makeTempDir, removeDir } from '../../helpers/memory-io.js';

let dir: string;
let server: TestServer;
beforeAll(async () => {
  await ensureBuilt();
  server = await createTestServer((req, res) => {
    if (req.url === '/users') return sendJson(res, 200, [{ id: 1 }]);
    if (req.url === '/down') return sendJson(res, 503, { error: 'down' });
    sendJson(res, 200, { id: 1, title: 'Hi' });
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

describe('a folder where an endpoint file of index.ts should be', () => {
  beforeEach(async () => {
    await writeFile(
      path.join(dir, 'typefetch.config.json'),
      JSON.stringify({ baseUrl: server.url, endpoints: [{ url: '/users' }, { url: '/posts' }] }),
    );
  });

  it('fails that endpoint on one line (exit 1), writes the others and an index.ts without it', async () => {
    await mkdir(path.join(dir, 'src', 'types', 'posts.ts'), { recursive: true });
    const result = await runCli(['--type', '--config=typefetch.config.json'], dir);
    const folder = path.join(dir, 'src', 'types');
    expect(result).toEqual({
      code: 1,
      stdout: '✅ users: src/types/users.ts\n',
      stderr: [
        `❌ Error: posts: EISDIR: illegal operation on a directory, read '${path.join(folder, 'posts.ts')}'`,
        '❌ 1 of 2 endpoints failed: posts; 1 written in src/types, with index.ts',
        '',
      ].join('\n'),
    });
    // A folder is no module to re-export.
    const index = await readFile(path.join(folder, 'index.ts'), 'utf8');
    expect(index.split('\n').filter((line) => line.startsWith('export *'))).toEqual([
      "export * from './users.js';",
    ]);
  });

  it('with --check, fails that endpoint on one line (exit 1), checks the others and index.ts as a run would write it', async () => {
    expect((await runCli(['--type', '--config=typefetch.config.json'], dir)).code).toBe(0);
    const folder = path.join(dir, 'src', 'types');
    await rm(path.join(folder, 'posts.ts'));
    await mkdir(path.join(folder, 'posts.ts'));
    const result = await runCli(['--type', '--config=typefetch.config.json', '--check'], dir);
    expect(result).toEqual({
      code: 1,
      // A run would fail posts too and write index.ts without it.
      stdout: [
        '✅ users: matches src/types/users.ts',
        '📋 src/types/index.ts differs from the response (- file, + response):',
        '  line 5:',
        "    - export * from './posts.js';",
        '  line 8:',
        "    - import type { Posts } from './posts.js';",
        '  line 16:',
        '    -   };',
        "    -   'GET /posts': {",
        '    -     params: never;',
        '    -     query: never;',
        '    -     body: never;',
        '    -     response: Posts;',
        '',
      ].join('\n'),
      stderr: [
        `❌ Error: posts: EISDIR: illegal operation on a directory, read '${path.join(folder, 'posts.ts')}'`,
        '❌ Check of 2 endpoints: out of date: index.ts; failed: posts. Run without --check to update.',
        '',
      ].join('\n'),
    });
  });
});

describe('--check with an endpoint that fails and has no file', () => {
  it('compares index.ts with the one a run with the same failure writes: it matches', async () => {
    await writeFile(
      path.join(dir, 'typefetch.config.json'),
      JSON.stringify({ baseUrl: server.url, endpoints: [{ url: '/users' }, { url: '/down' }] }),
    );
    const written = await runCli(['--type', '--config=typefetch.config.json'], dir);
    expect(written.code).toBe(1);
    const index = await readFile(path.join(dir, 'src', 'types', 'index.ts'), 'utf8');
    expect(index.split('\n').filter((line) => line.startsWith('export *'))).toEqual([
      "export * from './users.js';",
    ]);
    expect(await runCli(['--type', '--config=typefetch.config.json', '--check'], dir)).toEqual({
      code: 1,
      stdout: '✅ users: matches src/types/users.ts\n',
      stderr: [
        '❌ Error: down: HTTP 503: Service Unavailable',
        '❌ Check of 2 endpoints: failed: down. Run without --check to update.',
        '',
      ].join('\n'),
    });
  });
});
