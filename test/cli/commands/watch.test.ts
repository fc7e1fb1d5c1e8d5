// --watch in memory: an injected sleep runs the next cycle at once and stops the watch when told, and a
// clock that moves shows whether a file was rewritten.
import { rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/run.js';
import { createTestServer, sendJson, type TestServer } from '../../helpers/server.js';
import { makeTempDir, memoryIO, removeDir } from '../helpers/memory-io.js';

let dir: string;
let server: TestServer;
let body: unknown;
let status: number;
beforeEach(async () => {
  dir = await makeTempDir();
  body = { id: 1 };
  status = 200;
  server = await createTestServer((_req, res) => sendJson(res, status, body));
});
afterEach(async () => {
  await server.close();
  await removeDir(dir);
});

/** A clock one minute further at every call, and a sleep that runs `steps[n]` before cycle n + 2. */
function watching(steps: Array<() => void>) {
  let minute = 0;
  let waits = 0;
  const memory = memoryIO(dir, {
    now: () => new Date(Date.UTC(2024, 0, 1, 0, minute++)),
    sleep: async (ms) => {
      expect(ms).toBe(5000);
      const step = steps[waits++];
      if (step === undefined) memory.stop();
      else step();
    },
  });
  return memory;
}

describe('--watch', () => {
  it('rewrites the file only when the response changed, and stops cleanly (exit 0)', async () => {
    const file = path.join(dir, 'src', 'types', 'items.ts');
    const stamps: string[] = [];
    const stamp = async () => stamps.push((await readFile(file, 'utf8')).split('\n')[1]!);
    const { io, stdout, stderr } = watching([
      () => {},
      () => {
        body = { id: 1, tags: ['x'] };
      },
      () => {},
    ]);
    const done = run(['--type', '--watch', '--interval=5000', `${server.url}/items`], io);
    expect(await done).toBe(0);
    await stamp();
    expect(server.requests).toHaveLength(4);
    // Written in cycle 1 (minute 0), left alone in cycle 2, rewritten in cycle 3 (minute 2), left in 4.
    expect(stamps).toEqual(['// Generated at: 2024-01-01T00:02:00.000Z']);
    expect(await readFile(file, 'utf8')).toContain(
      'export interface Items {\n  id: number;\n  tags: string[];\n}\n',
    );
    const printed = stdout().split('\n');
    expect(printed.slice(0, 3)).toEqual([
      `🔄 Fetching GET ${server.url}/items...`,
      '✅ Types generated successfully!',
      `📁 Output: ${file}`,
    ]);
    expect(printed.filter((text) => /^(👀|🔁|👋)/.test(text))).toEqual([
      '👀 Watching: running again every 5 s, rewriting only what changed. Press Ctrl+C to stop.',
      '🔁 2024-01-01T00:02:00.000Z the response changed',
      '👋 Stopped watching.',
    ]);
    expect(printed.filter((text) => text.startsWith('🔄'))).toHaveLength(1);
    expect(stderr()).toBe('');
  });

  it('keeps watching after a failed run and says so each time', async () => {
    const { io, stdout, stderr } = watching([
      () => {
        status = 503;
      },
      () => {
        status = 200;
        body = { id: 1, ok: true };
      },
    ]);
    expect(await run(['--type', '--watch', '--interval=5000', `${server.url}/items`], io)).toBe(0);
    expect(stderr()).toBe('❌ Error: HTTP 503: Service Unavailable\n');
    expect(stdout()).toContain('\n🔁 2024-01-01T00:01:00.000Z the response changed\n');
  });

  it('says a file is up to date when the first run finds nothing to change', async () => {
    expect(await run(['--type', `${server.url}/items`], memoryIO(dir).io)).toBe(0);
    const { io, stdout } = watching([]);
    expect(await run(['--type', '--watch', '--interval=5000', `${server.url}/items`], io)).toBe(0);
    expect(stdout()).toBe(
      [
        `🔄 Fetching GET ${server.url}/items...`,
        '✅ Up to date: src/types/items.ts',
        '👀 Watching: running again every 5 s, rewriting only what changed. Press Ctrl+C to stop.',
        '👋 Stopped watching.',
        '',
      ].join('\n'),
    );
  });

  it('does not watch when the first run is a usage error (exit 2)', async () => {
    const { io, stdout, stderr } = watching([]);
    expect(await run(['--type', '--watch', '--interval=5000', 'missing.json'], io)).toBe(2);
    expect(stdout()).toBe('');
    expect(stderr()).toBe(
      '❌ Error: <url> must be an absolute http(s) URL or an existing JSON file, got "missing.json"\nRun typefetch --help for usage.\n',
    );
  });

  it('keeps watching when a sample file is missing in a later run, and reads it again once it is back', async () => {
    const sample = path.join(dir, 'items.json');
    await writeFile(sample, '{"id": 1}');
    // An editor that deletes the file, then writes it again with a new member.
    const { io, stdout, stderr } = watching([
      () => rmSync(sample),
      () => writeFileSync(sample, '{"id": 1, "ok": true}'),
    ]);
    expect(await run(['--type', '--watch', '--interval=5000', 'items.json'], io)).toBe(0);
    expect(stderr()).toBe(
      '❌ Error: <url> must be an absolute http(s) URL or an existing JSON file, got "items.json"\nRun typefetch --help for usage.\n',
    );
    const printed = stdout().split('\n');
    // Written in cycle 1 (minute 0); cycle 2 fails before writing; cycle 3 rewrites it (minute 1).
    expect(printed.filter((text) => /^(🔁|👋)/.test(text))).toEqual([
      '🔁 2024-01-01T00:01:00.000Z the response changed',
      '👋 Stopped watching.',
    ]);
  });

  it('with --config: later runs print only the endpoints whose file changed', async () => {
    await writeFile(
      path.join(dir, 'typefetch.config.json'),
      JSON.stringify({ baseUrl: server.url, endpoints: [{ url: '/items' }, { url: '/other' }] }),
    );
    const { io, stdout, stderr } = watching([
      () => {},
      () => {
        body = { id: 'now a string' };
      },
    ]);
    expect(await run(['--type', '--config=typefetch.config.json', '--watch', '--interval=5000'], io)).toBe(0);
    const printed = stdout().split('\n');
    // Endpoints finish in either order; sort each run's lines.
    expect([
      ...printed.slice(0, 2).sort(),
      ...printed.slice(2, 4),
      ...printed.slice(4, 6).sort(),
      ...printed.slice(6),
    ]).toEqual([
      '✅ items: src/types/items.ts',
      '✅ other: src/types/other.ts',
      '✅ 2 endpoints: 2 written in src/types, with index.ts',
      '👀 Watching: running again every 5 s, rewriting only what changed. Press Ctrl+C to stop.',
      '✅ items: src/types/items.ts',
      '✅ other: src/types/other.ts',
      '👋 Stopped watching.',
      '',
    ]);
    expect(stderr()).toBe('');
  });

  it('with a .mjs config: reads the module again when it was edited between runs', async () => {
    const file = path.join(dir, 'typefetch.config.mjs');
    const config = (urls: string[]) =>
      `export default ${JSON.stringify({ baseUrl: server.url, endpoints: urls.map((url) => ({ url })) })};\n`;
    await writeFile(file, config(['/items']));
    const { io, stdout, stderr } = watching([
      () => {},
      () => writeFileSync(file, config(['/items', '/other'])),
    ]);
    expect(await run(['--type', '--config=typefetch.config.mjs', '--watch', '--interval=5000'], io)).toBe(0);
    expect(stdout().split('\n')).toEqual([
      '✅ items: src/types/items.ts',
      '✅ 1 endpoint: 1 written in src/types, with index.ts',
      '👀 Watching: running again every 5 s, rewriting only what changed. Press Ctrl+C to stop.',
      '✅ other: src/types/other.ts',
      '👋 Stopped watching.',
      '',
    ]);
    expect(stderr()).toBe('');
  });
});
