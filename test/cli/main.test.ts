// The binary's own handling of the process (src/cli/main.ts): an output that cannot be written, and the
// signals and the closed stdout that stop --watch.
import { spawn } from 'node:child_process';
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLI_PATH, ensureBuilt } from '../e2e/helpers/cli.js';
import { compile } from '../helpers/compile.js';
import { createTestServer, sendJson } from '../helpers/server.js';
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

describe('the binary under --watch, stopped by signals while a request is under way', () => {
  /**
   * Spawns `typefetch --type --watch` against a server that answers after `answerAfterMs`, sends `signals`
   * (100 ms apart) once the first request arrived; how the process ended, and whether the answer came first.
   */
  async function stop(signals: NodeJS.Signals[], answerAfterMs: number) {
    let answered = false;
    const server = await createTestServer(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
      answered = true;
      sendJson(res, 200, { id: 1 });
    });
    try {
      const child = spawn(process.execPath, [CLI_PATH, '--type', '--watch', `${server.url}/items`], {
        cwd: dir,
        env: { PATH: process.env['PATH'] ?? '' },
      });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        stdout += text;
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      );
      for (let waited = 0; server.requests.length === 0; waited += 20) {
        if (waited > 15_000) throw new Error(`no request came; stdout so far:\n${stdout}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const signal of signals) {
        child.kill(signal);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { ...(await exited), answered, stopped: stdout.endsWith('👋 Stopped watching.\n') };
    } finally {
      await server.close();
    }
  }

  it('SIGTERM, as Ctrl+C: the request under way finishes, then exit 0', async () => {
    expect(await stop(['SIGTERM'], 800)).toEqual({ code: 0, signal: null, answered: true, stopped: true });
  });

  it.each([
    ['SIGINT', 'SIGINT'],
    ['SIGINT', 'SIGTERM'],
    ['SIGTERM', 'SIGINT'],
    ['SIGTERM', 'SIGTERM'],
  ] as const)('%s then %s: the second signal ends it at once, killed by it', async (first, second) => {
    expect(await stop([first, second], 5000)).toEqual({
      code: null,
      signal: second,
      answered: false,
      stopped: false,
    });
  });
});

describe('the binary under --watch, its stdout a pipe the reader closes (`| head -1`)', () => {
  it('stops the watch once it prints again: exit 0 within seconds, nothing on stderr, the file whole', async () => {
    // A new member on every request: every run rewrites the file and prints that it changed.
    let count = 0;
    const server = await createTestServer((_req, res) => {
      count += 1;
      sendJson(res, 200, { id: 1, [`field${count}`]: count });
    });
    const child = spawn(
      process.execPath,
      [CLI_PATH, '--type', '--watch', '--interval=1000', `${server.url}/items`],
      { cwd: dir, env: { PATH: process.env['PATH'] ?? '' } },
    );
    try {
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (text: string) => {
        stderr += text;
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      );
      // As `head -1`: reads up to the first line break, then closes its end of the pipe.
      let firstLine = '';
      child.stdout.setEncoding('utf8');
      for await (const text of child.stdout) {
        firstLine += text as string;
        if (firstLine.includes('\n')) break;
      }
      child.stdout.destroy();
      // An interval and one run, with room for a slow machine; a watch that goes on never exits.
      const ended = await Promise.race([
        exited,
        new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 8000)),
      ]);
      expect({ ended, stderr }).toEqual({ ended: { code: 0, signal: null }, stderr: '' });
      const file = await readFile(path.join(dir, 'src/types/items.ts'), 'utf8');
      expect(file).toMatch(/^\/\/ This file was auto-generated from an API response: GET \/items\.\n/);
      expect(file).toMatch(/\n {2}field\d+: number;\n}\n$/);
      expect(compile({ 'items.ts': file })).toEqual([]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await server.close();
    }
  });
});
