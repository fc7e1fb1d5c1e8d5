import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { FIXED_NOW, listTree, makeTempDir, memoryIO, removeDir } from './helpers/memory-io.js';

const SEPARATOR = '─'.repeat(50);
const ESC = '\u001b[';
const USERS = [
  { id: 1, name: 'Leanne', address: { city: 'Gwenborough', geo: { lat: '-37.3159' } } },
  { id: 2, name: 'Ervin', phone: null, address: { city: 'Wisokyburgh', geo: { lat: '-43.9509' } } },
];

let dir: string;
let server: TestServer;
beforeEach(async () => {
  dir = await makeTempDir();
  server = await createTestServer((req, res) => {
    if (req.url === '/users') return sendJson(res, 200, USERS);
    if (req.url === '/deep') return sendJson(res, 200, JSON.parse(`${'['.repeat(70)}1${']'.repeat(70)}`));
    if (req.url === '/created') return sendJson(res, 201, { id: 101 });
    sendJson(res, 404, { error: 'nope' });
  });
});
afterEach(async () => {
  await server.close();
  await removeDir(dir);
});

describe('run (in memory)', () => {
  it('prints the success lines in order, writes the file and returns 0', async () => {
    const { io, stdout, stderr } = memoryIO(dir);
    const code = await run(['--type', `${server.url}/users`], io);
    const file = path.join(dir, 'src', 'types', 'users.ts');
    const content = [
      '// This file was auto-generated from an API response: GET /users.',
      `// Generated at: ${FIXED_NOW.toISOString()}`,
      '',
      'export type Users = {',
      '  id: number;',
      '  name: string;',
      '  address: {',
      '    city: string;',
      '    geo: {',
      '      lat: string;',
      '    };',
      '  };',
      '  phone?: null;',
      '}[];',
      '',
    ].join('\n');
    expect(code).toBe(0);
    expect(stderr()).toBe('');
    expect(await readFile(file, 'utf8')).toBe(content);
    expect(stdout()).toBe(
      [
        `🔄 Fetching GET ${server.url}/users...`,
        '✅ Types generated successfully!',
        `📁 Output: ${file}`,
        '📝 Generated types:',
        SEPARATOR,
        content + SEPARATOR,
        '',
      ].join('\n'),
    );
  });

  it('accepts any 2xx status', async () => {
    const { io } = memoryIO(dir);
    expect(await run(['--type', '--method=POST', '--body={}', `${server.url}/created`], io)).toBe(0);
    expect(await listTree(dir)).toEqual(['src', 'src/types', 'src/types/created.ts']);
  });

  it('writes a depth-limit warning to stderr as one ⚠️ line, and still succeeds', async () => {
    const { io, stderr } = memoryIO(dir);
    expect(await run(['--type', `${server.url}/deep`], io)).toBe(0);
    expect(stderr()).toBe('⚠️ JSON nested deeper than 64 levels: the deeper values are typed unknown\n');
  });

  it('prints usage errors with the --help hint and returns 2, without touching the network', async () => {
    const { io, stdout, stderr } = memoryIO(dir);
    expect(await run(['--type', '--method=TRACE', `${server.url}/users`], io)).toBe(2);
    expect(stdout()).toBe('');
    expect(stderr()).toBe(
      '❌ Error: --method must be one of GET, POST, PUT, PATCH, DELETE, got "TRACE"\nRun typefetch --help for usage.\n',
    );
    expect(server.requests).toEqual([]);
  });

  it('returns 2 naming --out when the output folder is a file, without touching the network', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'taken'), 'a file, not a folder');
    const { io, stderr } = memoryIO(dir);
    expect(await run(['--type', '--out=taken', `${server.url}/users`], io)).toBe(2);
    expect(stderr()).toBe(
      '❌ Error: --out "taken" is a file, not a folder: give a folder path\nRun typefetch --help for usage.\n',
    );
    expect(server.requests).toEqual([]);
  });

  it.each([[[]], [['--check']]])(
    'names the output file when a folder sits at its path (%j)',
    async (flags) => {
      const { mkdir } = await import('node:fs/promises');
      const file = path.join(dir, 'src', 'types', 'users.ts');
      await mkdir(file, { recursive: true });
      const { io, stderr } = memoryIO(dir);
      expect(await run(['--type', ...flags, `${server.url}/users`], io)).toBe(1);
      expect(stderr()).toBe(`❌ Error: EISDIR: illegal operation on a directory, read '${file}'\n`);
    },
  );
});

describe('colours', () => {
  const argv = () => ['--type', `${server.url}/users`];
  const failing = () => ['--type', `${server.url}/missing`];

  it('uses none when the streams are not terminals', async () => {
    const ok = memoryIO(dir);
    await run(argv(), ok.io);
    const bad = memoryIO(dir);
    await run(failing(), bad.io);
    expect(ok.stdout()).not.toContain(ESC);
    expect(bad.stderr()).toBe('❌ Error: HTTP 404: Not Found\n');
  });

  it('uses them on a terminal: green success, dim separators, red error', async () => {
    const tty = { stdout: true, stderr: true };
    const ok = memoryIO(dir, { isTTY: tty });
    await run(argv(), ok.io);
    const bad = memoryIO(dir, { isTTY: tty });
    await run(failing(), bad.io);
    expect(ok.stdout()).toContain(`\n${ESC}32m✅ Types generated successfully!${ESC}39m\n`);
    expect(ok.stdout()).toContain(`\n${ESC}2m${SEPARATOR}${ESC}22m\n`);
    expect(bad.stderr()).toBe(`${ESC}31m❌ Error: HTTP 404: Not Found${ESC}39m\n`);
  });

  it('uses none on a terminal when NO_COLOR is set', async () => {
    const ok = memoryIO(dir, { isTTY: { stdout: true, stderr: true }, env: { NO_COLOR: '1' } });
    await run(argv(), ok.io);
    expect(ok.stdout()).not.toContain(ESC);
  });

  it('uses them off a terminal when FORCE_COLOR is set, and FORCE_COLOR=0 turns them off', async () => {
    const forced = memoryIO(dir, { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    await run(failing(), forced.io);
    expect(forced.stderr()).toBe(`${ESC}31m❌ Error: HTTP 404: Not Found${ESC}39m\n`);
    const off = memoryIO(dir, { isTTY: { stdout: true, stderr: true }, env: { FORCE_COLOR: '0' } });
    await run(failing(), off.io);
    expect(off.stderr()).toBe('❌ Error: HTTP 404: Not Found\n');
  });

  it('colours each stream by its own terminal state', async () => {
    const split = memoryIO(dir, { isTTY: { stdout: false, stderr: true } });
    await run(failing(), split.io);
    expect(split.stdout()).toBe(`🔄 Fetching GET ${server.url}/missing...\n`);
    expect(split.stderr()).toBe(`${ESC}31m❌ Error: HTTP 404: Not Found${ESC}39m\n`);
  });
});

describe('help and version', () => {
  it('prints help to stdout and returns 0', async () => {
    const { io, stdout, stderr } = memoryIO(dir);
    expect(await run(['--help'], io)).toBe(0);
    expect(stderr()).toBe('');
    for (const flag of [
      '--type',
      '--method',
      '--body',
      '--header',
      '--out',
      '--name',
      '--timeout',
      '--verbose',
    ]) {
      expect(stdout()).toContain(`\n  ${flag} `);
    }
    expect(stdout()).toContain('\n  -h, --help ');
    expect(stdout()).toContain('\n  -v, --version ');
  });

  it('prints the package.json version', async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    const { io, stdout } = memoryIO(dir);
    expect(await run(['--version'], io)).toBe(0);
    expect(stdout()).toBe(`${pkg.version}\n`);
  });
});
