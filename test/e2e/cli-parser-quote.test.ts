// The built binary on a body or file that is not JSON and whose first characters hold a line break: the
// JSON parser quotes them (`"<html>\n<he"...`), and the error stays one whole line.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../cli/helpers/memory-io.js';
import { parserMessage } from '../helpers/parser-message.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { ensureBuilt, runCli } from './helpers/cli.js';

const PAGE = '<html>\n<head><title>Sign in</title></head>\n</html>\n';
const PLAIN = 'OK\r\n';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  server = await createTestServer((req, res) => {
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end(PAGE);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(PLAIN);
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

/** The parser's message with its line breaks written as `\n` and `\r`, as the CLI prints it. */
const oneLine = (text: string) => parserMessage(text).replace(/\r/g, '\\r').replace(/\n/g, '\\n');

describe('a parser message that quotes a line break', () => {
  it('an HTML page: the whole message on one line, not cut at the quoted line break', async () => {
    expect(parserMessage(PAGE)).toContain('\n');
    expect(await runCli(['--type', `${server.url}/page`], dir)).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${server.url}/page...\n`,
      stderr: `❌ Error: HTTP 200 OK sent text/html, not JSON: ${oneLine(PAGE)}\n`,
    });
  });

  it('a body said to be JSON: the whole message on one line', async () => {
    expect(await runCli(['--type', `${server.url}/status`], dir)).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${server.url}/status...\n`,
      stderr: `❌ Error: ${oneLine(PLAIN)}\n`,
    });
  });

  it('a sample file: the whole message on one line, after the file name', async () => {
    await writeFile(path.join(dir, 'notes.json'), 'hello\nworld\n');
    expect(await runCli(['--type', 'notes.json'], dir)).toEqual({
      code: 1,
      stdout: '',
      stderr: `❌ Error: notes.json: ${oneLine('hello\nworld\n')}\n`,
    });
  });
});
