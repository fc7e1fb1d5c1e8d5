// typefetch/capture writes through the hardened atomic writer: a symbolic link planted at the
// temporary name of an endpoint's file is not followed. The random part of the name is fixed here.
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureTypes, type TypeCapture } from '../../src/capture/index.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';

vi.mock('node:crypto', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:crypto')>()),
  randomBytes: (size: number) => Buffer.alloc(size, 0xab),
}));

let server: TestServer;
let dir: string;
let capture: TypeCapture | undefined;
beforeAll(async () => {
  server = await createTestServer((_req, res) => sendJson(res, 200, { id: 1, name: 'Ada' }));
});
afterAll(() => server.close());
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'typefetch-capture-symlink-'));
});
afterEach(async () => {
  await capture?.close().catch(() => {});
  capture = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('captureTypes with a link at the temporary name', () => {
  it('flush() rejects with EEXIST and the link target keeps its content', async () => {
    const victim = path.join(dir, 'victim.txt');
    await writeFile(victim, 'precious');
    const temporary = path.join(dir, `.get-users-id.ts.${process.pid}.${'ab'.repeat(6)}.tmp`);
    await symlink(victim, temporary);
    capture = captureTypes({ outDir: dir, debounceMs: 60_000 });
    await (await capture.fetch(`${server.url}/users/1`)).json();
    await expect(capture.flush()).rejects.toThrow(
      `writing ${path.join(dir, 'get-users-id.ts')} (GET /users/{id}) failed: EEXIST`,
    );
    expect(await readFile(victim, 'utf8')).toBe('precious');
    // Once the link is gone, the same endpoint is written.
    await rm(temporary);
    expect(await capture.flush()).toEqual([path.join(dir, 'get-users-id.ts'), path.join(dir, 'index.ts')]);
  });
});
