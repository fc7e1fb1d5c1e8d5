// The built binary on four rough edges an audit found: an output folder that is a file, a config with
// "har" given flags it does not use, --check of index.ts when an endpoint failed, and a UTF-16 config file.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../cli/helpers/memory-io.js';
import { ensureBuilt, runCli } from './helpers/cli.js';

const HELP_HINT = 'Run typefetch --help for usage.\n';

let dir: string;
beforeAll(ensureBuilt);
beforeEach(async () => {
  dir = await makeTempDir();
  await writeFile(path.join(dir, 'user.json'), '{"id":1}');
});
afterEach(() => removeDir(dir));

describe('an output folder that is a file', () => {
  it('--out naming a file: a usage error naming --out, nothing written', async () => {
    await writeFile(path.join(dir, 'types'), 'not a folder');
    expect(await runCli(['--type', '--out=types', 'user.json'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `❌ Error: --out "types" is a file, not a folder: give a folder path\n${HELP_HINT}`,
    });
  });

  it('--out inside a file: a usage error naming the file in the way', async () => {
    await writeFile(path.join(dir, 'types'), 'not a folder');
    expect(await runCli(['--type', `--out=${path.join('types', 'api')}`, 'user.json'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `❌ Error: --out "${path.join('types', 'api')}" is inside "types", a file, not a folder: give a folder path\n${HELP_HINT}`,
    });
  });

  it('a config\'s "out" naming a file: a usage error naming the config and "out"', async () => {
    await mkdir(path.join(dir, 'api'));
    await writeFile(path.join(dir, 'api', 'types'), 'not a folder');
    await writeFile(
      path.join(dir, 'api', 'typefetch.config.json'),
      JSON.stringify({ out: 'types', endpoints: [{ samples: ['../user.json'] }] }),
    );
    expect(await runCli(['--type', '--config', path.join('api', 'typefetch.config.json')], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `❌ Error: ${path.join('api', 'typefetch.config.json')}: "out" "${path.join('api', 'types')}" is a file, not a folder: give a folder path\n${HELP_HINT}`,
    });
  });

  it('--har with --out naming a file: the same usage error', async () => {
    await writeFile(path.join(dir, 'types'), 'not a folder');
    await writeFile(path.join(dir, 'api.har'), '{"log":{"entries":[]}}');
    expect(await runCli(['--type', '--har=api.har', '--out=types'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `❌ Error: --out "types" is a file, not a folder: give a folder path\n${HELP_HINT}`,
    });
  });
});
