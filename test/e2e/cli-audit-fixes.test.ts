// The built binary on four rough edges an audit found: an output folder that is a file, a config with
// "har" given flags it does not use, --check of index.ts when an endpoint failed, and a UTF-16 config file.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../cli/helpers/memory-io.js';
import { ensureBuilt, ROOT, runCli } from './helpers/cli.js';

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

describe('a config with "har" and flags a HAR run does not use', () => {
  // A HAR that a run without these flags types and writes (exit 0).
  beforeEach(async () => {
    await copyFile(path.join(ROOT, 'test/fixtures/har/chromium.har'), path.join(dir, 'api.har'));
    await writeFile(path.join(dir, 'typefetch.config.json'), '{"har":"api.har"}');
  });

  it('--timeout and --concurrency: a usage error naming both, as --har gives', async () => {
    expect(
      await runCli(['--type', '--config=typefetch.config.json', '--timeout=5000', '--concurrency=2'], dir),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr: `❌ Error: a config with "har" cannot be combined with --timeout, --concurrency: the HAR file holds the requests\n${HELP_HINT}`,
    });
  });

  it('--timeout alone: the same usage error, naming it', async () => {
    expect(await runCli(['--type', '--config=typefetch.config.json', '--timeout=5000'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `❌ Error: a config with "har" cannot be combined with --timeout: the HAR file holds the requests\n${HELP_HINT}`,
    });
  });

  it('--format=zod: a usage error, as --har gives', async () => {
    expect(await runCli(['--type', '--config=typefetch.config.json', '--format=zod'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `❌ Error: a config with "har" writes typescript (the types and the endpoint map) or openapi, got --format=zod\n${HELP_HINT}`,
    });
  });
});

describe('a config file saved as UTF-16 with a byte-order mark', () => {
  it('runs as its UTF-8 twin does', async () => {
    const config = JSON.stringify({ endpoints: [{ name: 'user', samples: ['user.json'] }] }, null, 2);
    await writeFile(path.join(dir, 'utf8.json'), config);
    await writeFile(path.join(dir, 'utf16.json'), Buffer.from(`\uFEFF${config}`, 'utf16le'));
    const twin = await runCli(['--type', '--config=utf8.json'], dir);
    expect(twin).toEqual({
      code: 0,
      stdout: `✅ user: ${path.join('src', 'types', 'user.ts')}\n✅ 1 endpoint: 1 written in ${path.join('src', 'types')}, with index.ts\n`,
      stderr: '',
    });
    expect(await runCli(['--type', '--config=utf16.json'], dir)).toEqual(twin);
  });
});
