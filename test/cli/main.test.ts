// The binary's own handling of the process (src/cli/main.ts): an output that cannot be written.
import { spawn } from 'node:child_process';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLI_PATH, ensureBuilt } from '../e2e/helpers/cli.js';
import { makeTempDir, removeDir } from './helpers/memory-io.js';

let dir: string;
beforeAll(() => ensureBuilt());
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

describe('the binary', () => {
  // Linux's /dev/full fails every write with ENOSPC, as a full disk does.
  it('stdout redirected to a full disk: one error line on stderr, exit 1, no stack trace', async () => {
    await writeFile(path.join(dir, 'users.json'), '{"id": 1}');
    const full = await open('/dev/full', 'w');
    try {
      const child = spawn(process.execPath, [CLI_PATH, '--type', 'users.json'], {
        cwd: dir,
        env: { PATH: process.env['PATH'] ?? '' },
        stdio: ['ignore', full.fd, 'pipe'],
      });
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect({ code, stderr }).toEqual({
        code: 1,
        stderr: '❌ Error: stdout cannot be written: ENOSPC: no space left on device, write\n',
      });
    } finally {
      await full.close();
    }
  });
});
