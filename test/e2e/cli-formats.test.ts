// Issue 8 end to end: --format, --named, --no-maps, --formats and the config file's fields, through the
// built binary in a fresh folder against a loopback server. Each output is also run by its real tool:
// the zod module parses the response, the JSON Schema validates it in ajv, the TypeScript compiles.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listTree } from '../cli/helpers/memory-io.js';
import { createAjv } from '../typegen/helpers/ajv.js';
import { typecheckSamples } from '../typegen/helpers/typecheck.js';
import { loadZodModule, schemaOf } from '../typegen/helpers/zod-module.js';
import { runCli } from './helpers/cli.js';
import { useE2eFixture } from './helpers/fixture.js';

const HEADER =
  /^\/\/ This file was auto-generated from an API response: GET \/[^\n]*\.\n\/\/ Generated at: (\S+)\n\n/;
const SEPARATOR = '─'.repeat(50);
const HINT = 'Run typefetch --help for usage.\n';

const USERS = [
  {
    id: 1,
    name: 'Leanne',
    email: 'Sincere@april.biz',
    address: { city: 'Gwenborough', geo: { lat: '-37.3159', lng: '81.1496' } },
  },
  {
    id: 2,
    name: 'Ervin',
    email: null,
    address: { city: 'Wisokyburgh', geo: { lat: '-43.9509', lng: '-34.4618' } },
  },
];

const ZOD_USERS = `import { z } from 'zod';

export const usersSchema = z.array(z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable().optional(),
  address: z.object({
    city: z.string(),
    geo: z.object({
      lat: z.string(),
      lng: z.string(),
    }),
  }),
}));
export type Users = z.infer<typeof usersSchema>;
`;

const NAMED_USERS = `export type Users = UsersItem[];

export interface UsersItem {
  id: number;
  name: string;
  email?: string | null;
  address: UsersAddress;
}

export interface UsersAddress {
  city: string;
  geo: UsersAddressGeo;
}

export interface UsersAddressGeo {
  lat: string;
  lng: string;
}
`;

const fx = useE2eFixture(() => ({
  '/users': structuredClone(USERS),
  '/stats': { '1': { name: 'a' }, '2': { name: 'b', admin: true } },
  '/posts': { id: 7, title: 'Hello' },
}));

const read = (file: string) => readFile(path.join(fx.dir, file), 'utf8');

/** The success output for `file`, holding `content`; a JSON Schema file (`.json`) is called a schema. */
const success = (url: string, file: string, content: string) =>
  [
    `🔄 Fetching GET ${url}...`,
    file.endsWith('.json') ? '✅ Schema generated successfully!' : '✅ Types generated successfully!',
    `📁 Output: ${path.join(fx.dir, file)}`,
    file.endsWith('.json') ? '📝 Generated schema:' : '📝 Generated types:',
    SEPARATOR,
    content.slice(0, -1),
    SEPARATOR,
    '',
  ].join('\n');

describe('--format zod', () => {
  it('writes <endpoint>.ts with the header and a zod module that parses the response', async () => {
    const url = `${fx.server.url}/users`;
    const result = await runCli(['--type', '--format', 'zod', url], fx.dir);
    const content = await read('src/types/users.ts');
    expect(result).toEqual({ code: 0, stdout: success(url, 'src/types/users.ts', content), stderr: '' });
    const stamp = HEADER.exec(content)?.[1];
    expect(Number.isNaN(Date.parse(stamp ?? ''))).toBe(false);
    expect(content.replace(HEADER, '')).toBe(ZOD_USERS);
    expect(await listTree(fx.dir)).toEqual(['src', 'src/types', 'src/types/users.ts']);

    const schema = schemaOf(loadZodModule(content), 'usersSchema');
    expect(schema.safeParse(USERS).success).toBe(true);
    expect(schema.safeParse([{ ...USERS[0], id: '1' }]).success).toBe(false);
    // And the module compiles, its z.infer type accepting the response.
    const [checked] = typecheckSamples(
      [{ id: 'zod-users', declaration: content, typeName: 'Users', value: USERS }],
      'modules',
    );
    expect(checked?.diagnostics).toEqual([]);
  });
});

describe('--format json-schema', () => {
  it('writes <endpoint>.json without a comment header, a schema ajv compiles that accepts the response', async () => {
    const url = `${fx.server.url}/users`;
    const result = await runCli(['--type', '--format=json-schema', url], fx.dir);
    const content = await read('src/types/users.json');
    expect(result).toEqual({ code: 0, stdout: success(url, 'src/types/users.json', content), stderr: '' });
    expect(await listTree(fx.dir)).toEqual(['src', 'src/types', 'src/types/users.json']);
    const schema = JSON.parse(content) as Record<string, unknown>;
    expect(content.startsWith('{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n')).toBe(
      true,
    );
    expect([schema['title'], schema['type']]).toEqual(['Users', 'array']);

    const validate = createAjv().compile(schema);
    expect(validate(USERS)).toBe(true);
    expect(validate([{ ...USERS[0], address: { city: 'x' } }])).toBe(false);
    expect(validate.errors?.map((error) => `${error.instancePath} ${error.message}`)).toEqual([
      "/0/address must have required property 'geo'",
    ]);
  });
});

describe('--named', () => {
  it('writes each nested object as its own interface; the file compiles and accepts the response', async () => {
    const url = `${fx.server.url}/users`;
    expect((await runCli(['--type', '--named', url], fx.dir)).code).toBe(0);
    const content = await read('src/types/users.ts');
    expect(content.replace(HEADER, '')).toBe(NAMED_USERS);
    const [checked] = typecheckSamples([
      { id: 'named-users', declaration: content, typeName: 'Users', value: USERS },
    ]);
    expect([checked?.diagnostics, checked?.anyCount]).toEqual([[], 0]);
  });

  it('--check reads the named declarations back and reports drift member by member', async () => {
    const url = `${fx.server.url}/users`;
    expect((await runCli(['--type', '--named', url], fx.dir)).code).toBe(0);
    expect(await runCli(['--type', '--named', '--check', url], fx.dir)).toEqual({
      code: 0,
      stdout: `🔄 Fetching GET ${url}...\n✅ Types match src/types/users.ts\n`,
      stderr: '',
    });
    fx.responses['/users'] = USERS.map((user) => ({
      ...user,
      address: { ...user.address, geo: { lat: 1, lng: user.address.geo.lng }, zip: '0' },
    }));
    expect(await runCli(['--type', '--named', '--check', url], fx.dir)).toEqual({
      code: 1,
      stdout: [
        `🔄 Fetching GET ${url}...`,
        '📋 src/types/users.ts differs from the response (- file, + response):',
        '  UsersAddress.zip: added',
        '    + zip: string;',
        '  UsersAddressGeo.lat: changed',
        '    - lat: string;',
        '    + lat: number;',
        '',
      ].join('\n'),
      stderr: '❌ src/types/users.ts is out of date: 1 changed, 1 added. Run without --check to update it.\n',
    });
  });
});

describe('--no-maps and --formats', () => {
  it('a map-shaped response is Record<string, T> by default and an interface with --no-maps', async () => {
    const url = `${fx.server.url}/stats`;
    expect((await runCli(['--type', url], fx.dir)).code).toBe(0);
    expect((await read('src/types/stats.ts')).replace(HEADER, '')).toBe(
      ['export type Stats = Record<string, {', '  name: string;', '  admin?: boolean;', '}>;', ''].join('\n'),
    );
    expect((await runCli(['--type', '--no-maps', url], fx.dir)).code).toBe(0);
    expect((await read('src/types/stats.ts')).replace(HEADER, '')).toBe(
      [
        'export interface Stats {',
        '  "1": {',
        '    name: string;',
        '  };',
        '  "2": {',
        '    name: string;',
        '    admin: boolean;',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('--formats tags the email member', async () => {
    expect((await runCli(['--type', '--formats', `${fx.server.url}/users`], fx.dir)).code).toBe(0);
    const content = await read('src/types/users.ts');
    expect(content).toContain('\n  name: string;\n  /** @format email */\n  email?: string | null;\n');
  });
});

describe('a bad --format', () => {
  it('exits 2 with the reason and the hint, sends nothing and writes nothing', async () => {
    expect(await runCli(['--type', '--format=yaml', `${fx.server.url}/users`], fx.dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `❌ Error: --format must be one of typescript, zod, json-schema, got "yaml"\n${HINT}`,
    });
    expect(fx.server.requests).toEqual([]);
    expect(await listTree(fx.dir)).toEqual([]);
  });
});

describe('--check with zod and JSON Schema output', () => {
  it('compares the text, ignoring only the timestamp line, and shows a line diff', async () => {
    const url = `${fx.server.url}/posts`;
    expect((await runCli(['--type', '--format=zod', url], fx.dir)).code).toBe(0);
    expect((await runCli(['--type', '--format=json-schema', url], fx.dir)).code).toBe(0);
    for (const [format, file] of [
      ['zod', 'src/types/posts.ts'],
      ['json-schema', 'src/types/posts.json'],
    ] as const) {
      expect(await runCli(['--type', '--check', `--format=${format}`, url], fx.dir)).toEqual({
        code: 0,
        stdout: `🔄 Fetching GET ${url}...\n✅ ${format === 'json-schema' ? 'Schema matches' : 'Types match'} ${file}\n`,
        stderr: '',
      });
    }
    fx.responses['/posts'] = { id: 7, title: null };
    expect(await runCli(['--type', '--check', '--format=zod', url], fx.dir)).toEqual({
      code: 1,
      stdout: [
        `🔄 Fetching GET ${url}...`,
        '📋 src/types/posts.ts differs from the response (- file, + response):',
        '  line 8:',
        '    -   title: z.string(),',
        '    +   title: z.null().optional(),',
        '',
      ].join('\n'),
      stderr: '❌ src/types/posts.ts is out of date: 2 lines differ. Run without --check to update it.\n',
    });
    expect(await runCli(['--type', '--check', '--format=json-schema', url], fx.dir)).toEqual({
      code: 1,
      stdout: [
        `🔄 Fetching GET ${url}...`,
        '📋 src/types/posts.json differs from the response (- file, + response):',
        '  line 10:',
        '    -       "type": "string"',
        '    +       "type": "null"',
        '  line 13:',
        '    -   "required": ["id", "title"]',
        '    +   "required": ["id"]',
        '',
      ].join('\n'),
      stderr: '❌ src/types/posts.json is out of date: 4 lines differ. Run without --check to update it.\n',
    });
  });
});

describe('config file with format fields', () => {
  it('writes zod and JSON Schema files; index.ts re-exports only the .ts outputs; --check matches', async () => {
    await writeFile(
      path.join(fx.dir, 'typefetch.config.json'),
      JSON.stringify({
        baseUrl: fx.server.url,
        format: 'zod',
        endpoints: [
          { url: '/users' },
          { url: '/posts', format: 'json-schema' },
          { url: '/stats', maps: false, format: 'typescript' },
        ],
      }),
    );
    const result = await runCli(['--type', '--config=typefetch.config.json', '--concurrency=1'], fx.dir);
    expect(result).toEqual({
      code: 0,
      stdout: [
        '✅ users: src/types/users.ts',
        '✅ posts: src/types/posts.json',
        '✅ stats: src/types/stats.ts',
        '✅ 3 endpoints: 3 written in src/types, with index.ts',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect((await read('src/types/users.ts')).replace(HEADER, '')).toBe(ZOD_USERS);
    expect(JSON.parse(await read('src/types/posts.json'))).toMatchObject({ title: 'Posts', type: 'object' });
    expect(await read('src/types/stats.ts')).toContain('export interface Stats {\n  "1": {\n');
    expect((await read('src/types/index.ts')).split('\n').slice(2)).toEqual([
      '',
      "export * from './users.js';",
      "export * from './stats.js';",
      '',
      "import type { Users } from './users.js';",
      "import type { Stats } from './stats.js';",
      '',
      'export interface Api {',
      "  'GET /users': {",
      '    params: never;',
      '    query: never;',
      '    body: never;',
      '    response: Users;',
      '  };',
      "  'GET /stats': {",
      '    params: never;',
      '    query: never;',
      '    body: never;',
      '    response: Stats;',
      '  };',
      '}',
      '',
    ]);
    expect(
      await runCli(['--type', '--config=typefetch.config.json', '--check', '--concurrency=1'], fx.dir),
    ).toEqual({
      code: 0,
      stdout: [
        '✅ users: matches src/types/users.ts',
        '✅ posts: matches src/types/posts.json',
        '✅ stats: matches src/types/stats.ts',
        '✅ 3 endpoints checked: every file in src/types matches',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('--format and --named on the command line override every endpoint; all JSON Schema means no index.ts', async () => {
    await writeFile(
      path.join(fx.dir, 'typefetch.config.json'),
      JSON.stringify({
        baseUrl: fx.server.url,
        format: 'zod',
        endpoints: [{ url: '/users' }, { url: '/posts' }],
      }),
    );
    const result = await runCli(
      ['--type', '--config=typefetch.config.json', '--format=json-schema', '--named', '--concurrency=1'],
      fx.dir,
    );
    expect(result.stdout.split('\n').at(-2)).toBe('✅ 2 endpoints: 2 written in src/types');
    expect(await listTree(fx.dir)).toEqual([
      'src',
      'src/types',
      'src/types/posts.json',
      'src/types/users.json',
      'typefetch.config.json',
    ]);
    expect(Object.keys(JSON.parse(await read('src/types/users.json')).$defs)).toEqual([
      'UsersItem',
      'UsersAddress',
      'UsersAddressGeo',
    ]);
  });
});

describe('--help', () => {
  it('lists the output flags with an example each', async () => {
    const { stdout } = await runCli(['--help'], fx.dir);
    for (const example of [
      '--format=zod',
      '--named',
      '--no-maps',
      '--formats',
      '--enums',
      '--tagged-unions',
      '--format=zod --integers',
      '--har=api.har --out=src/api',
    ]) {
      expect(stdout).toContain(`e.g. ${example}\n`);
    }
    expect(stdout).toContain(
      '\n  --format <format>       typescript, zod, json-schema, or openapi with --har or --config.\n                          Default: typescript.',
    );
    expect(stdout).toContain('\n  typefetch --type --format=zod --named https://api.example.com/users\n');
  });
});
