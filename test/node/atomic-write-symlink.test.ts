// The 'wx' hardening of the atomic writer: a symbolic link planted at the temporary name is not
// followed. The temporary name is made predictable by fixing the random bytes in it.
import { lstat, mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAtomically, writeTypesFile } from '../../src/node/atomic-write.js';

vi.mock('node:crypto', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:crypto')>()),
  randomBytes: (size: number) => Buffer.alloc(size, 0xab),
}));

let dir: string;
let victim: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'typefetch-symlink-'));
  await mkdir(path.join(dir, 'out'));
  victim = path.join(dir, 'victim.txt');
  await writeFile(victim, 'precious');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Plants a link to the victim where the writer will put its temporary file for `file`. */
async function plant(file: string): Promise<string> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${'ab'.repeat(6)}.tmp`,
  );
  await symlink(victim, temporary);
  return temporary;
}

describe('writeAtomically with a link at its temporary name', () => {
  it('fails with EEXIST, leaves the link and its target alone, and writes nothing', async () => {
    const file = path.join(dir, 'out', 'users.ts');
    const temporary = await plant(file);
    await expect(writeAtomically(file, 'export type Users = string;\n')).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await readFile(victim, 'utf8')).toBe('precious');
    expect(await readlink(temporary)).toBe(victim);
    await expect(lstat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('writeTypesFile (the CLI entry) refuses the same way', async () => {
    await plant(path.join(dir, 'out', 'users.ts'));
    await expect(writeTypesFile(path.join(dir, 'out'), 'users', 'x')).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await readFile(victim, 'utf8')).toBe('precious');
  });
});
