// run() in memory: several samples into one type (URLs, files, stdin, JSON Lines) and --check.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { parserMessage } from '../helpers/parser-message.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { FIXED_NOW, listTree, makeTempDir, memoryIO, removeDir } from './helpers/memory-io.js';

const HEADER = `// This file was auto-generated from an API response.\n// Generated at: ${FIXED_NOW.toISOString()}\n\n`;
/** The header of a file made from URLs: its first line names their method and path template. */
const headerFrom = (origin: string) => HEADER.replace('response.', `response: ${origin}.`);
const lines = (...text: string[]) => `${text.join('\n')}\n`;

let dir: string;
let server: TestServer;
let users: Record<string, unknown>;
beforeEach(async () => {
  dir = await makeTempDir();
  users = {
    '/users/1': { id: 1, email: 'a@example.com', company: null },
    '/users/2': { id: 2, company: { name: 'Acme' } },
  };
  server = await createTestServer((req, res) => {
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      return void res.end('{"id":1}\n{"id":2,"done":true}\n');
    }
    const body = users[req.url ?? ''];
    if (body !== undefined) return sendJson(res, 200, body);
    sendJson(res, 404, { error: 'nope' });
  });
});
afterEach(async () => {
  await server.close();
  await removeDir(dir);
});

const USERS_MERGED = lines(
  'export interface Users {',
  '  id: number;',
  '  email?: string;',
  '  company?: {',
  '    name: string;',
  '  } | null;',
  '}',
);

describe('several samples, one type', () => {
  it('merges two URLs of one endpoint: fetches both, says so, writes one file', async () => {
    const { io, stdout, stderr } = memoryIO(dir);
    expect(await run(['--type', `${server.url}/users/1`, `${server.url}/users/2`], io)).toBe(0);
    const file = path.join(dir, 'src', 'types', 'users.ts');
    expect(await readFile(file, 'utf8')).toBe(headerFrom('GET /users/{id}') + USERS_MERGED);
    expect(stderr()).toBe('');
    expect(stdout().split('\n').slice(0, 5)).toEqual([
      `🔄 Fetching GET ${server.url}/users/1...`,
      `🔄 Fetching GET ${server.url}/users/2...`,
      '🧩 Merged 2 samples into one type',
      '✅ Types generated successfully!',
      `📁 Output: ${file}`,
    ]);
  });

  it('merges a URL with --sample files, a JSON Lines file giving one sample per line', async () => {
    await writeFile(path.join(dir, 'deleted.json'), '{"id": 3, "deletedAt": "2024-01-01"}');
    await writeFile(path.join(dir, 'more.jsonl'), '{"id": 4, "email": null}\n{"id": 5}\n');
    const { io, stdout } = memoryIO(dir);
    const code = await run(
      ['--type', `${server.url}/users/1`, '--sample', 'deleted.json', '--sample=more.jsonl'],
      io,
    );
    expect(code).toBe(0);
    expect(stdout()).toContain('\n🧩 Merged 4 samples into one type\n');
    expect(await readFile(path.join(dir, 'src', 'types', 'users.ts'), 'utf8')).toBe(
      headerFrom('GET /users/{id}') +
        lines(
          'export interface Users {',
          '  id: number;',
          '  email?: string | null;',
          '  company?: null;',
          '  deletedAt?: string;',
          '}',
        ),
    );
  });

  it('reads a file in place of the URL, named after the file', async () => {
    await writeFile(path.join(dir, 'orders.json'), '[{"total": 1.5}]');
    const { io, stdout } = memoryIO(dir);
    expect(await run(['--type', 'orders.json'], io)).toBe(0);
    expect(stdout().split('\n')[0]).toBe('✅ Types generated successfully!');
    expect(await readFile(path.join(dir, 'src', 'types', 'orders.ts'), 'utf8')).toBe(
      HEADER + lines('export type Orders = {', '  total: number;', '}[];'),
    );
  });

  it('reads stdin for -, named by --name', async () => {
    const { io, stdout } = memoryIO(dir, {
      readStdin: async () => '{"ok": true}\n{"ok": false, "why": "x"}',
    });
    expect(await run(['--type', '-', '--name', 'health-check'], io)).toBe(0);
    expect(stdout().split('\n').slice(0, 2)).toEqual([
      '📄 Reading JSON from stdin...',
      '🧩 Merged 2 samples into one type',
    ]);
    expect(await readFile(path.join(dir, 'src', 'types', 'health-check.ts'), 'utf8')).toBe(
      HEADER + lines('export interface HealthCheck {', '  ok: boolean;', '  why?: string;', '}'),
    );
  });

  it('reads a JSON Lines response (application/x-ndjson) as one sample per line', async () => {
    const { io } = memoryIO(dir);
    expect(await run(['--type', `${server.url}/stream`], io)).toBe(0);
    expect(await readFile(path.join(dir, 'src', 'types', 'stream.ts'), 'utf8')).toBe(
      headerFrom('GET /stream') +
        lines('export interface Stream {', '  id: number;', '  done?: boolean;', '}'),
    );
  });
});

describe('failures with several sources', () => {
  it('a missing file given as <url> is a usage error: exit 2, nothing sent, nothing written', async () => {
    const { io, stdout, stderr } = memoryIO(dir);
    expect(await run(['--type', `${server.url}/users/1`, 'users.json'], io)).toBe(2);
    expect(stdout()).toBe('');
    expect(stderr()).toBe(
      '❌ Error: <url> must be an absolute http(s) URL or an existing JSON file, got "users.json"\nRun typefetch --help for usage.\n',
    );
    expect(server.requests).toEqual([]);
    expect(await listTree(dir)).toEqual([]);
  });

  it('a missing --sample is a usage error naming the option', async () => {
    const { io, stderr } = memoryIO(dir);
    expect(await run(['--type', `${server.url}/users/1`, '--sample=gone.json'], io)).toBe(2);
    expect(stderr()).toBe(
      '❌ Error: --sample file not found: "gone.json"\nRun typefetch --help for usage.\n',
    );
  });

  it('a URL given to --sample is a usage error that says to give it as a <url>, its secret query value hidden', async () => {
    const { io, stderr } = memoryIO(dir);
    expect(
      await run(
        ['--type', `${server.url}/users/1`, '--sample=https://api.test/users/2?api_key=tfsecret42'],
        io,
      ),
    ).toBe(2);
    expect(stderr()).toBe(
      '❌ Error: --sample takes a file, got the URL "https://api.test/users/2?api_key=[REDACTED]": give a URL as one more <url> argument (each is a sample)\nRun typefetch --help for usage.\n',
    );
    expect(server.requests).toEqual([]);
  });

  it('names the source of a failure when there are several: the URL, or the file and line', async () => {
    await writeFile(path.join(dir, 'users.jsonl'), '{"id":1}\n{"id":\n');
    const bad = memoryIO(dir);
    expect(await run(['--type', `${server.url}/users/1`, 'users.jsonl'], bad.io)).toBe(1);
    expect(bad.stderr()).toBe(`❌ Error: users.jsonl: line 2: ${parserMessage('{"id":')}\n`);
    const missing = memoryIO(dir);
    expect(await run(['--type', `${server.url}/users/1`, `${server.url}/users/9`], missing.io)).toBe(1);
    expect(missing.stderr()).toBe(`❌ Error: ${server.url}/users/9: HTTP 404: Not Found\n`);
    expect(await listTree(dir)).toEqual(['users.jsonl']);
  });

  it('a folder in place of a file is a run failure (exit 1) naming it', async () => {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(dir, 'users.json'));
    const { io, stderr } = memoryIO(dir);
    expect(await run(['--type', 'users.json'], io)).toBe(1);
    expect(stderr()).toBe('❌ Error: users.json: EISDIR: illegal operation on a directory, read\n');
  });
});

describe('--check', () => {
  const argv = () => ['--type', '--check', `${server.url}/users/1`, `${server.url}/users/2`];
  const target = () => path.join(dir, 'src', 'types', 'users.ts');

  it('exits 0 with one line when the file matches (its timestamp ignored), and writes nothing', async () => {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.dirname(target()), { recursive: true });
    const existing = USERS_MERGED.replace(
      /^/,
      '// This file was auto-generated from an API response.\n// Generated at: 1999-01-01T00:00:00.000Z\n\n',
    );
    await writeFile(target(), existing);
    const { io, stdout, stderr } = memoryIO(dir);
    expect(await run(argv(), io)).toBe(0);
    expect(stdout()).toBe(
      [
        `🔄 Fetching GET ${server.url}/users/1...`,
        `🔄 Fetching GET ${server.url}/users/2...`,
        '🧩 Merged 2 samples into one type',
        '✅ Types match src/types/users.ts',
        '',
      ].join('\n'),
    );
    expect(stderr()).toBe('');
    expect(await readFile(target(), 'utf8')).toBe(existing);
  });

  it('exits 1 with the member diff on stdout and the summary on stderr when the API drifted', async () => {
    const { io: first } = memoryIO(dir);
    await run(['--type', `${server.url}/users/1`, `${server.url}/users/2`], first);
    const before = await readFile(target(), 'utf8');
    users['/users/2'] = { id: '2', email: null, company: { name: 'Acme', vat: 'X1' } };
    const { io, stdout, stderr } = memoryIO(dir);
    expect(await run(argv(), io)).toBe(1);
    expect(stdout().split('\n').slice(3)).toEqual([
      '📋 src/types/users.ts differs from the response (- file, + response):',
      '  Users.id: changed',
      '    - id: number;',
      '    + id: number | string;',
      '  Users.email: changed',
      '    - email?: string;',
      '    + email?: string | null;',
      '  Users.company.vat: added',
      '    + vat: string;',
      '',
    ]);
    expect(stderr()).toBe(
      '❌ src/types/users.ts is out of date: 2 changed, 1 added. Run without --check to update it.\n',
    );
    expect(await readFile(target(), 'utf8')).toBe(before);
  });

  it('exits 1 when there is no file to check yet', async () => {
    const { io, stderr } = memoryIO(dir);
    expect(await run(argv(), io)).toBe(1);
    expect(stderr()).toBe(`❌ Error: ${target()} does not exist yet; run without --check to create it\n`);
    expect(await listTree(dir)).toEqual([]);
  });
});
