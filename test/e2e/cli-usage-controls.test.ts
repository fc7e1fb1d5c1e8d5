// The built binary on an argument that ends in a carriage return (the last word of a line of a shell
// script saved with Windows line ends): the usage error shows it as `\r` instead of sending it raw, which
// sends the cursor back to the start of the line and hides what is wrong.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../cli/helpers/memory-io.js';
import { ensureBuilt, runCli } from './helpers/cli.js';

let dir: string;
beforeAll(() => ensureBuilt());
beforeEach(async () => {
  dir = await makeTempDir();
  await writeFile(path.join(dir, 'users.json'), '{"id":1}');
});
afterEach(() => removeDir(dir));

describe('a usage error quoting an argument with a control character', () => {
  it('a <url> ending in \\r: the \\r is written as an escape', async () => {
    expect(await runCli(['--type', 'users.json\r'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '❌ Error: <url> must be an absolute http(s) URL or an existing JSON file, got "users.json\\r"\nRun typefetch --help for usage.\n',
    });
  });

  it('a --sample ending in \\r, and a --method with a line break: written as escapes, on one line', async () => {
    expect(await runCli(['--type', '--name=users', '--sample', 'users.json\r'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: '❌ Error: --sample file not found: "users.json\\r"\nRun typefetch --help for usage.\n',
    });
    expect(await runCli(['--type', '--method=GE\nT', 'http://127.0.0.1:9/users'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '❌ Error: --method must be one of GET, POST, PUT, PATCH, DELETE, got "GE\\nT"\nRun typefetch --help for usage.\n',
    });
  });
});
