import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zodResolvable } from '../../../src/cli/job/zod-check.js';
import { ROOT } from '../../helpers/build.js';
import { makeTempDir, removeDir } from '../helpers/memory-io.js';

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

describe('zodResolvable', () => {
  it('is false in a folder with no zod in it or above it', () => {
    expect(zodResolvable(dir)).toBe(false);
  });

  it('is true with a node_modules/zod in the folder or above it', async () => {
    await mkdir(path.join(dir, 'node_modules'));
    await symlink(path.join(ROOT, 'node_modules', 'zod'), path.join(dir, 'node_modules', 'zod'), 'dir');
    await mkdir(path.join(dir, 'a', 'b'), { recursive: true });
    expect([zodResolvable(dir), zodResolvable(path.join(dir, 'a', 'b'))]).toEqual([true, true]);
  });
});
