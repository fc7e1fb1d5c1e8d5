// The built binary under --watch, stopped with Ctrl+C (SIGINT) while a run has several requests to send:
// it ends once the request under way is done, without sending the others (docs/cli.md, "--watch").
import { spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../cli/helpers/memory-io.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { CLI_PATH, ensureBuilt } from './helpers/cli.js';

// Long enough that SIGINT, sent as soon as the first request arrives, is handled before its answer.
const ANSWER_AFTER_MS = 1500;

let server: TestServer;
let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  server = await createTestServer(async (req, res) => {
    await new Promise((resolve) => setTimeout(resolve, ANSWER_AFTER_MS));
    sendJson(res, 200, { id: 1, path: req.url });
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests.length = 0;
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

/** Spawns `typefetch --type --watch ...args`, sends SIGINT once the first request arrived, and waits for its exit. */
async function stopDuringFirstRequest(args: string[]) {
  const child = spawn(process.execPath, [CLI_PATH, '--type', '--watch', ...args], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let waited = 0; server.requests.length === 0; waited += 20) {
    if (waited > 15_000) throw new Error(`no request came; stdout so far:\n${stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGINT');
  const code = await exited;
  return { code, stdout, stderr };
}

describe('--watch stopped with Ctrl+C during a run of several requests', () => {
  it('a config: the endpoint under way finishes, no other is fetched, exit 0', async () => {
    const endpoints = ['a', 'b', 'c'].map((name) => ({ name, url: `${server.url}/${name}` }));
    await writeFile(
      path.join(dir, 'typefetch.config.json'),
      JSON.stringify({ out: 'gen', concurrency: 1, endpoints }),
    );
    const result = await stopDuringFirstRequest(['--config', 'typefetch.config.json']);
    expect(result).toEqual({
      code: 0,
      stdout: '✅ a: gen/a.ts\n👋 Stopped watching.\n',
      stderr: '',
    });
    expect(server.requests.map((each) => each.url)).toEqual(['/a']);
    expect(await readdir(path.join(dir, 'gen'))).toEqual(['a.ts']);
  });

  it('several URLs of one endpoint: the URL under way finishes, the next is not fetched, nothing is written', async () => {
    const result = await stopDuringFirstRequest([`${server.url}/users/1`, `${server.url}/users/2`]);
    expect(result).toEqual({
      code: 0,
      stdout: `🔄 Fetching GET ${server.url}/users/1...\n👋 Stopped watching.\n`,
      stderr: '',
    });
    expect(server.requests.map((each) => each.url)).toEqual(['/users/1']);
    expect(await readdir(dir)).toEqual([]);
  });
});
