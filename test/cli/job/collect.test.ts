// Reading sample files and stdin, by the built binary in a temporary folder.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../../e2e/helpers/cli.js';
import { makeTempDir, removeDir } from '../helpers/memory-io.js';

let dir: string;
beforeAll(() => ensureBuilt());
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

/** `text` as UTF-16 with its byte-order mark, as Windows PowerShell's `>` and `Out-File` write it. */
function utf16(text: string, order: 'le' | 'be'): Buffer {
  const le = Buffer.from(`\ufeff${text}`, 'utf16le');
  return order === 'le' ? le : le.swap16();
}

const USERS = '[{"id": 1, "name": "Åsa"}, {"id": 2, "name": "Bo", "admin": true}]';
const TYPE = 'export type Users = {\n  id: number;\n  name: string;\n  admin?: boolean;\n}[];\n';

describe('a UTF-16 file or stdin (with its byte-order mark)', () => {
  it.each(['le', 'be'] as const)('is read as UTF-16 (%s), not as UTF-8 garbage', async (order) => {
    await writeFile(path.join(dir, 'users.json'), utf16(USERS, order));
    const result = await runCli(['--type', 'users.json'], dir);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect((await readFile(path.join(dir, 'src', 'types', 'users.ts'), 'utf8')).split('\n\n')[1]).toBe(TYPE);
  });

  it('on stdin too', async () => {
    const { execFile } = await import('node:child_process');
    const { CLI_PATH } = await import('../../e2e/helpers/cli.js');
    const code = await new Promise<number | null>((resolve) => {
      const child = execFile(
        process.execPath,
        [CLI_PATH, '--type', '-', '--name=users'],
        { cwd: dir },
        (error) => resolve(error === null ? 0 : (error.code as number)),
      );
      child.stdin?.end(utf16(USERS, 'le'));
    });
    expect(code).toBe(0);
    expect((await readFile(path.join(dir, 'src', 'types', 'users.ts'), 'utf8')).split('\n\n')[1]).toBe(TYPE);
  });
});

describe('collectSamples with a stop signal (Ctrl+C under --watch)', () => {
  it('fetches no further URL once it aborted, and throws Stopped', async () => {
    const { collectSamples } = await import('../../../src/cli/job/collect.js');
    const { Stopped } = await import('../../../src/cli/errors.js');
    const { createTestServer, sendJson } = await import('../../helpers/server.js');
    const stop = new AbortController();
    const server = await createTestServer((_req, res) => {
      stop.abort();
      sendJson(res, 200, { id: 1 });
    });
    try {
      const sources = ['/users/1', '/users/2'].map((each) => ({
        kind: 'url' as const,
        url: new URL(`${server.url}${each}`),
      }));
      const collecting = collectSamples(
        sources,
        { method: 'GET', body: undefined, headers: [], timeoutMs: 5000 },
        { baseDir: dir, fetch: globalThis.fetch, readStdin: async () => '', stop: stop.signal },
      );
      await expect(collecting).rejects.toBeInstanceOf(Stopped);
      expect(server.requests.map((each) => each.url)).toEqual(['/users/1']);
    } finally {
      await server.close();
    }
  });
});

describe('a <url> that is neither a URL nor an existing file', () => {
  it('is quoted without its secret query values (the scheme forgotten)', async () => {
    const result = await runCli(['--type', 'api.example.com/users?api_key=key_5ecret88&page=2'], dir);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '❌ Error: <url> must be an absolute http(s) URL or an existing JSON file, got "api.example.com/users?api_key=[REDACTED]&page=2"\n' +
        'Run typefetch --help for usage.\n',
    });
  });
});
