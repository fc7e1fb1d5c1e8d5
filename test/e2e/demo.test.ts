import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLibraryBuilt } from '../package/helpers/dist.js';
import { ensureBuilt } from './helpers/cli.js';

const RUNNER = fileURLToPath(new URL('../../demo/run.mjs', import.meta.url));

describe('npm run demo (demo/run.mjs)', () => {
  // The demo runs the CLI and, for its typed call, the client of dist/index.js.
  beforeAll(async () => {
    await ensureBuilt();
    await ensureLibraryBuilt();
  });

  it('generates types for every sample endpoint, shows the deliberate 404, goes from a recorded HAR to a typed call, cleans up and exits 0', async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve) => {
        execFile(
          process.execPath,
          [RUNNER],
          { env: { PATH: process.env['PATH'] ?? '' }, encoding: 'utf8', timeout: 60_000 },
          (error, out, err) =>
            resolve({ code: error === null ? 0 : Number(error.code), stdout: out, stderr: err }),
        );
      },
    );
    expect(code).toBe(0);
    expect(stdout).toContain(
      '\nFiles written: src/api/products.ts, src/types/posts.ts, src/types/products.ts, src/types/todos.ts, src/types/users.ts\n',
    );
    expect(stdout.match(/✅ Types generated successfully!/g)).toHaveLength(6);
    expect(stdout).toContain('\nexport type Catalog = {\n');
    // /users and then /users/1 write the same users.ts: the second run says what it replaces.
    expect(stderr).toBe(
      '⚠️ users.ts was generated from GET /users; it is replaced by the types of GET /users/{id}\n' +
        '❌ Error: HTTP 404: Not Found\n',
    );
    // From traffic to a typed client: a HAR recorded through the client, the map, the OpenAPI document,
    // and a call typed by path that compiles (and its wrong twins that do not).
    expect(stdout).toContain('\nRecorded 8 requests through createApiClient into demo.har\n');
    expect(stdout).toContain(
      [
        '$ typefetch --type --har demo.har --out=src/endpoints',
        '✅ GET /users -> src/endpoints/get-users.ts',
        '✅ GET /users/{id} -> src/endpoints/get-users-id.ts',
        '✅ GET /posts -> src/endpoints/get-posts.ts',
        '✅ GET /posts/{id} -> src/endpoints/get-posts-id.ts',
        '✅ GET /todos -> src/endpoints/get-todos.ts',
        '✅ GET /orders -> src/endpoints/get-orders.ts',
        '✅ export interface Api -> src/endpoints/index.ts',
        '✅ 6 endpoints from 8 requests in demo.har, written to src/endpoints',
        '',
        '$ typefetch --type --har demo.har --format=openapi --out=src/endpoints',
        '✅ OpenAPI 3.1, 6 endpoints -> src/endpoints/openapi.json',
        '✅ 6 endpoints from 8 requests in demo.har, written to src/endpoints',
        '',
        'Files in src/endpoints: get-orders.ts, get-posts-id.ts, get-posts.ts, get-todos.ts, get-users-id.ts, get-users.ts, index.ts, openapi.json',
        'No secret of the HAR in any file.',
        '',
        "const user = await api.get('/users/{id}', { params: { id: 1 } });",
        'export const city: string = user.address.city;',
        '✅ Typed by path: user is GetUsersId; a wrong parameter name or path does not compile.',
        '✅ At runtime: GET /users/{id} with params { id: 1 } -> Maren Okafor, Port Ellis',
        '',
      ].join('\n'),
    );
    const work = / working folder (\S+)\n/.exec(stdout)?.[1];
    expect(work).toBeDefined();
    expect(existsSync(work!)).toBe(false);
  });
});
