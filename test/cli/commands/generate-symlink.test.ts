// The generate command writes through the hardened atomic writer: a symbolic link planted at the
// temporary name of the output file is not followed. The random part of the name is fixed here.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../../src/cli/run.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';
import { listTree, makeTempDir, memoryIO, removeDir } from '../helpers/memory-io.js';

vi.mock('node:crypto', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:crypto')>()),
  randomBytes: (size: number) => Buffer.alloc(size, 0xab),
}));

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await createTestServer((_req, res) => sendJson(res, 200, { id: 1 }));
});
afterAll(() => server.close());
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

describe('typefetch --type with a link at the temporary name', () => {
  it('fails with EEXIST (exit 1) and the link target keeps its content', async () => {
    const victim = path.join(dir, 'victim.txt');
    await writeFile(victim, 'precious');
    await mkdir(path.join(dir, 'src', 'types'), { recursive: true });
    const temporary = `src/types/.users.ts.${process.pid}.${'ab'.repeat(6)}.tmp`;
    await symlink(victim, path.join(dir, temporary));
    const { io, stderr } = memoryIO(dir);
    expect(await run(['--type', `${server.url}/users/1`], io)).toBe(1);
    expect(stderr()).toBe(`❌ Error: EEXIST: file already exists, open '${path.join(dir, temporary)}'\n`);
    expect(await readFile(victim, 'utf8')).toBe('precious');
    expect(await listTree(dir)).toEqual(['src', 'src/types', temporary, 'victim.txt']);
  });
});
