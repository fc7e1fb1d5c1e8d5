import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './helpers/cli.js';

const RUNNER = fileURLToPath(new URL('../../demo/run.mjs', import.meta.url));

describe('npm run demo (demo/run.mjs)', () => {
  beforeAll(ensureBuilt);

  it('generates types for every sample endpoint, shows the deliberate 404, cleans up and exits 0', async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve) => {
        execFile(
          process.execPath,
          [RUNNER],
          { env: { PATH: process.env['PATH'] ?? '' }, encoding: 'utf8', timeout: 20_000 },
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
    const work = / working folder (\S+)\n/.exec(stdout)?.[1];
    expect(work).toBeDefined();
    expect(existsSync(work!)).toBe(false);
  });
});
