import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAtomically, writeTypesFile } from '../../src/node/atomic-write.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'typefetch-write-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeTypesFile', () => {
  it('creates the folder, writes <name>.ts and returns its absolute path, leaving no temporary file', async () => {
    const out = path.join(dir, 'src', 'types');
    const file = await writeTypesFile(out, 'users', 'export type Users = string;\n');
    expect(file).toBe(path.join(out, 'users.ts'));
    expect(await readFile(file, 'utf8')).toBe('export type Users = string;\n');
    expect(await readdir(out)).toEqual(['users.ts']);
  });

  it('replaces an existing file', async () => {
    await writeFile(path.join(dir, 'users.ts'), 'old');
    await writeTypesFile(dir, 'users', 'new');
    expect(await readFile(path.join(dir, 'users.ts'), 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['users.ts']);
  });

  it('keeps the permissions of the file it replaces', async () => {
    const file = path.join(dir, 'users.ts');
    await writeFile(file, 'old');
    await chmod(file, 0o600);
    await writeTypesFile(dir, 'users', 'new');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await chmod(file, 0o664);
    await writeTypesFile(dir, 'users', 'newer');
    expect((await stat(file)).mode & 0o777).toBe(0o664);
    expect(await readFile(file, 'utf8')).toBe('newer');
  });

  it('replaces a symbolic link at the target with the file, leaving what it pointed to alone', async () => {
    const elsewhere = path.join(dir, 'elsewhere.ts');
    await writeFile(elsewhere, 'theirs');
    await mkdir(path.join(dir, 'out'));
    await symlink(elsewhere, path.join(dir, 'out', 'users.ts'));
    await writeTypesFile(path.join(dir, 'out'), 'users', 'ours');
    expect(await readFile(elsewhere, 'utf8')).toBe('theirs');
    expect(await readFile(path.join(dir, 'out', 'users.ts'), 'utf8')).toBe('ours');
  });

  it.each(['..', '.', '../evil', 'a/b', 'a\\b', '', '.hidden', 'x.y'])(
    'refuses the name %j',
    async (name) => {
      await expect(writeTypesFile(dir, name, 'x')).rejects.toThrow(
        `Refusing to write "${name}.ts" outside ${path.resolve(dir)}`,
      );
      expect(await readdir(dir)).toEqual([]);
    },
  );

  it('removes its temporary file when the rename fails', async () => {
    // A non-empty folder where the file should go makes the rename fail.
    await mkdir(path.join(dir, 'users.ts', 'inside'), { recursive: true });
    await expect(writeTypesFile(dir, 'users', 'second')).rejects.toThrow(/EISDIR|ENOTEMPTY|EEXIST|EPERM/);
    expect(await readdir(dir)).toEqual(['users.ts']);
    expect(await readdir(path.join(dir, 'users.ts'))).toEqual(['inside']);
  });
});

describe('writeAtomically', () => {
  it('creates every missing folder down to the file, and leaves an existing one alone', async () => {
    await writeAtomically(path.join(dir, 'a', 'b', 'c', 'users.ts'), 'one');
    await writeAtomically(path.join(dir, 'a', 'b', 'users.ts'), 'two');
    expect(await readFile(path.join(dir, 'a', 'b', 'c', 'users.ts'), 'utf8')).toBe('one');
    expect((await readdir(path.join(dir, 'a', 'b'))).sort()).toEqual(['c', 'users.ts']);
  });

  it("fails with mkdir's EEXIST when a file sits where the folder should be, and ENOTDIR under it", async () => {
    await writeFile(path.join(dir, 'file'), 'x');
    await expect(writeAtomically(path.join(dir, 'file', 'users.ts'), 'y')).rejects.toMatchObject({
      code: 'EEXIST',
      message: `EEXIST: file already exists, mkdir '${path.join(dir, 'file')}'`,
    });
    await expect(writeAtomically(path.join(dir, 'file', 'a', 'users.ts'), 'y')).rejects.toMatchObject({
      code: 'ENOTDIR',
      message: `ENOTDIR: not a directory, mkdir '${path.join(dir, 'file', 'a')}'`,
    });
    expect(await readFile(path.join(dir, 'file'), 'utf8')).toBe('x');
  });

  // Node 20's mkdir(..., { recursive: true }) never returned there: mkdir answers ENOENT under /proc
  // though the parent exists.
  it.runIf(process.platform === 'linux')(
    "fails with mkdir's ENOENT for the first folder /proc refuses, within 5 s, instead of hanging",
    async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const outcome = await Promise.race([
        writeAtomically('/proc/typefetch-no-such-folder/types/users.ts', 'x').then(
          () => 'written',
          (error: Error) => error.message,
        ),
        new Promise((resolve) => {
          timer = setTimeout(resolve, 5000, 'still running after 5 s');
        }),
      ]);
      clearTimeout(timer);
      expect(outcome).toBe("ENOENT: no such file or directory, mkdir '/proc/typefetch-no-such-folder'");
    },
  );
});
