import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readIfExists } from '../../src/node/read-if-exists.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'typefetch-read-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readIfExists', () => {
  it('reads a file', async () => {
    await writeFile(path.join(dir, 'a.ts'), 'text');
    expect(await readIfExists(path.join(dir, 'a.ts'))).toBe('text');
  });

  it('gives undefined for a missing file, and for a path through a file', async () => {
    await writeFile(path.join(dir, 'file'), 'x');
    expect(await readIfExists(path.join(dir, 'missing.ts'))).toBeUndefined();
    expect(await readIfExists(path.join(dir, 'file', 'a.ts'))).toBeUndefined();
  });

  it('throws any other error, naming the file', async () => {
    await expect(readIfExists(dir)).rejects.toMatchObject({
      code: 'EISDIR',
      message: `EISDIR: illegal operation on a directory, read '${dir}'`,
    });
  });
});
