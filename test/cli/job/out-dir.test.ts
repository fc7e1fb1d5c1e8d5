import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/errors.js';
import { checkOutDir } from '../../../src/cli/job/out-dir.js';
import { makeTempDir, removeDir } from '../helpers/memory-io.js';

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
  await mkdir(path.join(dir, 'folder'));
  await writeFile(path.join(dir, 'file'), 'x');
});
afterEach(() => removeDir(dir));

const check = (out: string) => checkOutDir(path.join(dir, out), '--out', dir);

describe('checkOutDir', () => {
  it('accepts an existing folder', async () => {
    expect(await check('folder')).toBeUndefined();
  });

  it('accepts a missing folder whose nearest existing parent is a folder', async () => {
    expect(await check(path.join('folder', 'a', 'b'))).toBeUndefined();
  });

  it('refuses a file, naming the option and the path relative to cwd', async () => {
    const error = await check('file').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe('--out "file" is a file, not a folder: give a folder path');
  });

  it('refuses a folder under a file, naming the file in the way', async () => {
    await expect(check(path.join('file', 'a', 'b'))).rejects.toThrow(
      new UsageError(
        `--out "${path.join('file', 'a', 'b')}" is inside "file", a file, not a folder: give a folder path`,
      ),
    );
  });
});
