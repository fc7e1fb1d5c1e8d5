// What a config run prints about its endpoints, by the built binary in a temporary folder against a
// loopback server.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../../../e2e/helpers/cli.js';
import { createTestServer, sendJson, type TestServer } from '../../../helpers/server.js';
import { makeTempDir, removeDir } from '../../helpers/memory-io.js';

let dir: string;
let server: TestServer;
let id: unknown = 1;
beforeAll(async () => {
  await ensureBuilt();
  server = await createTestServer((_req, res) => sendJson(res, 200, { id }));
});
afterAll(() => server.close());
beforeEach(async () => {
  dir = await makeTempDir();
  id = 1;
});
afterEach(() => removeDir(dir));

describe('the summary of --check with --config', () => {
  it('names a drifted JSON Schema file by its own name, users.json', async () => {
    await writeFile(
      path.join(dir, 'typefetch.config.json'),
      JSON.stringify({
        baseUrl: server.url,
        endpoints: [{ url: '/users', format: 'json-schema' }, { url: '/posts' }],
      }),
    );
    expect((await runCli(['--type', '--config=typefetch.config.json'], dir)).code).toBe(0);
    id = 'one';
    const result = await runCli(['--type', '--config=typefetch.config.json', '--check'], dir);
    expect(result.code).toBe(1);
    // The per-endpoint lines come as each check ends (in either order); the summary comes last.
    expect(result.stderr.split('\n').slice(-2)).toEqual([
      '❌ Check of 2 endpoints: out of date: users.json, posts.ts. Run without --check to update.',
      '',
    ]);
    // The file it names is the one that is there.
    expect(await readFile(path.join(dir, 'src', 'types', 'users.json'), 'utf8')).toContain(
      '"title": "Users"',
    );
  });
});
