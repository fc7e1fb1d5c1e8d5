// --enums, --tagged-unions and --integers (and the config keys enums, taggedUnions, integers) end to end:
// the built binary in a fresh folder against a loopback server, one flag per format, exact output.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { useE2eFixture } from './helpers/fixture.js';

const HEADER =
  /^\/\/ This file was auto-generated from an API response: GET \/todos\.\n\/\/ Generated at: \S+\n\n/;

const TODOS = Array.from({ length: 8 }, (_, index) => ({
  id: index + 1,
  status: index % 2 === 0 ? 'open' : 'closed',
}));

const EVENTS = [
  { type: 'PushEvent', payload: { commits: [{ sha: 'a1' }] } },
  { type: 'WatchEvent', payload: { action: 'started' } },
  { type: 'PushEvent', payload: { commits: [] } },
  { type: 'WatchEvent', payload: { action: 'started' } },
];

const fx = useE2eFixture(() => ({ '/todos': structuredClone(TODOS), '/events': structuredClone(EVENTS) }));

const read = (file: string) => readFile(path.join(fx.dir, file), 'utf8');

describe('--enums', () => {
  it('TypeScript: a repeated string member becomes a union of its literals', async () => {
    const result = await runCli(['--type', '--enums', `${fx.server.url}/todos`], fx.dir);
    expect(result.code).toBe(0);
    expect((await read('src/types/todos.ts')).replace(HEADER, '')).toBe(
      'export type Todos = {\n  id: number;\n  status: "open" | "closed";\n}[];\n',
    );
  });

  it('zod: the member is a z.enum', async () => {
    const result = await runCli(['--type', '--format=zod', '--enums', `${fx.server.url}/todos`], fx.dir);
    expect(result.code).toBe(0);
    expect((await read('src/types/todos.ts')).replace(HEADER, '')).toBe(
      "import { z } from 'zod';\n\n" +
        'export const todosSchema = z.array(z.object({\n' +
        '  id: z.number(),\n' +
        '  status: z.enum(["open", "closed"]),\n' +
        '}));\n' +
        'export type Todos = z.infer<typeof todosSchema>;\n',
    );
  });

  it('without the flag the member stays string', async () => {
    expect((await runCli(['--type', `${fx.server.url}/todos`], fx.dir)).code).toBe(0);
    expect((await read('src/types/todos.ts')).replace(HEADER, '')).toBe(
      'export type Todos = {\n  id: number;\n  status: string;\n}[];\n',
    );
  });

  it('--check compares with the flag applied: a file written with --enums matches only with --enums', async () => {
    const url = `${fx.server.url}/todos`;
    expect((await runCli(['--type', '--enums', url], fx.dir)).code).toBe(0);
    const same = await runCli(['--type', '--check', '--enums', url], fx.dir);
    expect(same).toEqual({
      code: 0,
      stdout: `🔄 Fetching GET ${url}...\n✅ Types match src/types/todos.ts\n`,
      stderr: '',
    });
    const without = await runCli(['--type', '--check', url], fx.dir);
    expect(without.code).toBe(1);
    expect(without.stderr).toBe(
      '❌ src/types/todos.ts is out of date: 1 changed. Run without --check to update it.\n',
    );
  });
});

describe('--integers', () => {
  it('JSON Schema: members that were always integral are "integer"', async () => {
    const result = await runCli(
      ['--type', '--format=json-schema', '--integers', `${fx.server.url}/todos`],
      fx.dir,
    );
    expect(result.code).toBe(0);
    const schema = JSON.parse(await read('src/types/todos.json')) as {
      items: { properties: Record<string, unknown> };
    };
    expect(schema.items.properties).toEqual({ id: { type: 'integer' }, status: { type: 'string' } });
  });

  it('zod: z.int()', async () => {
    const result = await runCli(['--type', '--format=zod', '--integers', `${fx.server.url}/todos`], fx.dir);
    expect(result.code).toBe(0);
    expect(await read('src/types/todos.ts')).toContain('\n  id: z.int(),\n  status: z.string(),\n');
  });
});

describe('--tagged-unions', () => {
  it('TypeScript: objects split by their string tag become a union of variants', async () => {
    const result = await runCli(['--type', '--tagged-unions', `${fx.server.url}/events`], fx.dir);
    expect(result.code).toBe(0);
    expect((await read('src/types/events.ts')).replace(/^(\/\/[^\n]*\n)+\n/, '')).toBe(
      'export type Events = ({\n' +
        '  type: "PushEvent";\n' +
        '  payload: {\n' +
        '    commits: {\n' +
        '      sha: string;\n' +
        '    }[];\n' +
        '  };\n' +
        '} | {\n' +
        '  type: "WatchEvent";\n' +
        '  payload: {\n' +
        '    action: string;\n' +
        '  };\n' +
        '})[];\n',
    );
  });
});

describe('the config keys enums, taggedUnions, integers', () => {
  it('apply at the top level and per endpoint; the command-line flag overrides every endpoint', async () => {
    await writeFile(
      path.join(fx.dir, 'typefetch.config.json'),
      JSON.stringify({
        baseUrl: fx.server.url,
        enums: true,
        endpoints: [
          { url: '/todos' },
          { url: '/todos', name: 'todo-schema', format: 'json-schema', enums: false, integers: true },
        ],
      }),
    );
    expect((await runCli(['--type', '--config=typefetch.config.json'], fx.dir)).code).toBe(0);
    expect(await read('src/types/todos.ts')).toContain('  status: "open" | "closed";\n');
    const schema = JSON.parse(await read('src/types/todo-schema.json')) as {
      items: { properties: Record<string, unknown> };
    };
    expect(schema.items.properties).toEqual({ id: { type: 'integer' }, status: { type: 'string' } });

    expect((await runCli(['--type', '--config=typefetch.config.json', '--enums'], fx.dir)).code).toBe(0);
    const overridden = JSON.parse(await read('src/types/todo-schema.json')) as {
      items: { properties: Record<string, unknown> };
    };
    expect(overridden.items.properties).toEqual({
      id: { type: 'integer' },
      status: { type: 'string', enum: ['open', 'closed'] },
    });
  });
});
