import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkFile, checkIndexFile } from '../../../src/cli/check/check-file.js';
import { fileHeader, indexHeader } from '../../../src/shared/file-header.js';
import { ensureBuilt, runCli } from '../../e2e/helpers/cli.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'typefetch-check-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('checkFile', () => {
  it('matches a file that differs only in its timestamp and origin', async () => {
    const file = path.join(dir, 'users.ts');
    await writeFile(file, `${fileHeader(new Date(0))}export type Users = string;\n`);
    const now = `${fileHeader(new Date(), 'GET /users')}export type Users = string;\n`;
    expect(await checkFile(file, now, 'typescript')).toEqual({ kind: 'match' });
  });

  it('says how to create a file that does not exist', async () => {
    const file = path.join(dir, 'users.ts');
    await expect(checkFile(file, 'x', 'typescript')).rejects.toThrow(
      `${file} does not exist yet; run without --check to create it`,
    );
  });
});

describe('checkIndexFile', () => {
  it('compares lines; a missing index differs in every line', async () => {
    const content = `${indexHeader(new Date(0))}export * from './users.js';\n`;
    expect(await checkIndexFile(dir, 'index', content)).toMatchObject({ kind: 'lines', reason: 'plain' });
    await writeFile(path.join(dir, 'index.ts'), content);
    expect(await checkIndexFile(dir, 'index', content)).toEqual({ kind: 'match' });
  });
});

describe('typefetch --type --check on a file an editor saved with a byte-order mark', () => {
  beforeAll(ensureBuilt);

  it('matches, as it does a file with Windows line ends (exit 0)', async () => {
    await writeFile(path.join(dir, 'users.json'), '{"id": 1}\n');
    expect((await runCli(['--type', 'users.json'], dir)).code).toBe(0);
    const file = path.join(dir, 'src/types/users.ts');
    const written = await readFile(file, 'utf8');
    await writeFile(file, `\uFEFF${written.replace(/\n/g, '\r\n')}`);
    expect(await runCli(['--type', '--check', 'users.json'], dir)).toEqual({
      code: 0,
      stdout: '✅ Types match src/types/users.ts\n',
      stderr: '',
    });
  });
});
