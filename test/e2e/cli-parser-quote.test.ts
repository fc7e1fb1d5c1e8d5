// The built binary on a body or file that is not JSON and whose first characters hold a line break or a
// control character: the JSON parser quotes them (`"<html>\n<he"...`), and the error stays one whole
// line, with no control character (a terminal escape sequence) printed raw.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../cli/helpers/memory-io.js';
import { parserMessage } from '../helpers/parser-message.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { ensureBuilt, runCli } from './helpers/cli.js';

const PAGE = '<html>\n<head><title>Sign in</title></head>\n</html>\n';
const PLAIN = 'OK\r\n';
// Clears the screen and moves the cursor home on a terminal.
const ESCAPES = '\u001b[2J\u001b[Hhello\u0007';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  server = await createTestServer((req, res) => {
    if (req.url === '/escapes' || req.url === '/escapes-error') {
      res.writeHead(req.url === '/escapes' ? 200 : 500, { 'content-type': 'text/plain' });
      return void res.end(ESCAPES);
    }
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

/** `text` with line breaks written `\n` and `\r` and other control characters but tab `\u001b`, as the CLI prints it. */
const escaped = (text: string) =>
  text
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n')
    .replace(
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
const oneLine = (text: string) => escaped(parserMessage(text));

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

describe('control characters in what the CLI quotes of a body', () => {
  it('the parser message: escaped, so no escape sequence reaches the terminal', async () => {
    expect(parserMessage(ESCAPES)).toContain('\u001b');
    const result = await runCli(['--type', `${server.url}/escapes`], dir);
    expect(result).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${server.url}/escapes...\n`,
      stderr: `❌ Error: HTTP 200 OK sent text/plain, not JSON: ${oneLine(ESCAPES)}\n`,
    });
    expect(result.stderr).not.toContain('\u001b');
  });

  it('the --verbose excerpt of an error body: escaped too', async () => {
    const result = await runCli(['--type', '--verbose', `${server.url}/escapes-error`], dir);
    expect(result).toEqual({
      code: 1,
      stdout: `🔄 Fetching GET ${server.url}/escapes-error...\n`,
      stderr:
        '❌ Error: HTTP 500: Internal Server Error\n   response body: \\u001b[2J\\u001b[Hhello\\u0007\n',
    });
  });
});
