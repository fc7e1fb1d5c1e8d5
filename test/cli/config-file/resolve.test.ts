// The config file: defaults, URL joining, header merging, and one exact message per mistake.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { substitute } from '../../../src/cli/config-file/env.js';
import { resolveConfig } from '../../../src/cli/config-file/resolve.js';
import { RunError, UsageError } from '../../../src/cli/errors.js';
import { ensureBuilt, runCli } from '../../e2e/helpers/cli.js';
import { DEFAULT_OUTPUT } from '../helpers/default-output.js';
import { makeTempDir, removeDir } from '../helpers/memory-io.js';

const FILE = path.resolve('/work/app/typefetch.config.json');
const resolve = (raw: unknown) => resolveConfig(raw, FILE, 'typefetch.config.json');

function mistake(raw: unknown): string {
  try {
    resolve(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('resolveConfig', () => {
  it('fills every default; paths are relative to the config file', () => {
    expect(resolve({ endpoints: [{ url: 'https://api.example.com/v1/users/1' }] })).toEqual({
      baseDir: path.resolve('/work/app'),
      outDir: path.resolve('/work/app/src/types'),
      concurrency: 4,
      har: undefined,
      output: DEFAULT_OUTPUT,
      endpoints: [
        {
          endpoint: 'users',
          typeName: 'users',
          method: 'GET',
          sources: [{ kind: 'url', url: new URL('https://api.example.com/v1/users/1') }],
          body: undefined,
          headers: [],
          timeoutMs: 30_000,
          output: DEFAULT_OUTPUT,
        },
      ],
    });
  });

  it('joins relative URLs to baseUrl, merges headers, sends the body as JSON, keeps samples in order', () => {
    const config = resolve({
      $schema: './typefetch.schema.json',
      out: '../gen',
      baseUrl: 'https://api.example.com/v2/',
      concurrency: 2,
      timeout: 5000,
      headers: { Authorization: `Bearer \${API_TOKEN}`, 'X-Client': 'typefetch' },
      endpoints: [
        {
          name: 'new-post',
          url: ['/posts', 'posts?draft=1'],
          method: 'post',
          body: { title: 'x' },
          headers: { authorization: `Basic \${BASIC}` },
          samples: ['fixtures/post.json', 'https://mirror.example.com/posts/1'],
          timeout: 100,
        },
      ],
    });
    expect(config.outDir).toBe(path.resolve('/work/gen'));
    expect(config.concurrency).toBe(2);
    expect(config.endpoints[0]).toEqual({
      endpoint: 'new-post',
      typeName: 'new-post',
      method: 'POST',
      sources: [
        { kind: 'url', url: new URL('https://api.example.com/v2/posts') },
        { kind: 'url', url: new URL('https://api.example.com/v2/posts?draft=1') },
        { kind: 'file', given: 'fixtures/post.json', option: 'sample' },
        { kind: 'url', url: new URL('https://mirror.example.com/posts/1') },
      ],
      body: '{"title":"x"}',
      headers: [
        { name: 'X-Client', template: 'typefetch' },
        { name: 'authorization', template: `Basic \${BASIC}` },
      ],
      timeoutMs: 100,
      output: DEFAULT_OUTPUT,
    });
  });

  it("keeps baseUrl's own query (an api_key) after the joined path, before the URL's own query, as the client does", () => {
    const config = resolve({
      baseUrl: 'https://u:p@api.example.com/v2?api_key=k1&lang=en',
      endpoints: [{ name: 'u', url: ['/users', 'users?draft=1'] }],
    });
    expect(config.endpoints[0]?.sources).toEqual([
      { kind: 'url', url: new URL('https://u:p@api.example.com/v2/users?api_key=k1&lang=en') },
      { kind: 'url', url: new URL('https://u:p@api.example.com/v2/users?api_key=k1&lang=en&draft=1') },
    ]);
  });

  it('names an endpoint from its URL, else from its first sample file', () => {
    const config = resolve({
      baseUrl: 'https://h',
      endpoints: [{ url: '/orders/42' }, { samples: ['fixtures/invoices.page-1.json'] }],
    });
    expect(config.endpoints.map((each) => each.endpoint)).toEqual(['orders', 'invoices']);
  });

  it('names an endpoint of sample files only from the first, whatever the others are called', () => {
    const config = resolve({
      endpoints: [{ samples: ['fixtures/user-deleted.json', 'exports/users.jsonl', 'https://h/members/1'] }],
    });
    expect(config.endpoints.map((each) => [each.endpoint, each.typeName])).toEqual([
      ['user-deleted', 'user-deleted'],
    ]);
  });

  it.each([
    [[], 'typefetch.config.json: the config must be an object'],
    [{}, 'typefetch.config.json: "endpoints" must be a non-empty array of endpoints (or give a "har" file)'],
    [
      { har: 'api.har', endpoints: [{ url: 'https://h/a' }] },
      'typefetch.config.json: "har" and "endpoints" cannot be combined: use one',
    ],
    [{ har: '' }, 'typefetch.config.json: har must be a non-empty string'],
    [
      { endpoint: [] },
      'typefetch.config.json: unknown key "endpoint" (allowed: $schema, out, baseUrl, concurrency, timeout, headers, format, named, maps, formats, enums, taggedUnions, integers, endpoints, har)',
    ],
    [
      { endpoints: [{ url: 'https://h/a', mehtod: 'GET' }] },
      'typefetch.config.json: unknown key "endpoints[0].mehtod" (allowed: name, url, method, headers, body, samples, timeout, format, named, maps, formats, enums, taggedUnions, integers)',
    ],
    [{ endpoints: ['https://h/a'] }, 'typefetch.config.json: endpoints[0] must be an object'],
    [{ endpoints: [{}] }, 'typefetch.config.json: endpoints[0] needs a "url" or "samples"'],
    [
      { endpoints: [{ url: '/users' }] },
      'typefetch.config.json: endpoints[0].url "/users" is not an absolute http(s) URL; make it one or set "baseUrl"',
    ],
    [
      { endpoints: [{ url: ['https://h/a', 'ftp://h/b'] }] },
      'typefetch.config.json: endpoints[0].url[1] must be an absolute http(s) URL, got "ftp://h/b"',
    ],
    [
      { baseUrl: 'h.example.com', endpoints: [{ url: '/a' }] },
      'typefetch.config.json: baseUrl must be an absolute http(s) URL, got "h.example.com"',
    ],
    [
      { endpoints: [{ url: 'https://h/a', method: 'TRACE' }] },
      'typefetch.config.json: endpoints[0].method must be one of GET, POST, PUT, PATCH, DELETE, got "TRACE"',
    ],
    [
      { endpoints: [{ url: 'https://h/a', body: { a: 1 } }] },
      'typefetch.config.json: endpoints[0].body cannot be sent with GET; set "method"',
    ],
    [
      { endpoints: [{ url: 'https://h/a', headers: { 'Bad Name': 'x' } }] },
      'typefetch.config.json: endpoints[0].headers: header "Bad Name" is not a valid header name',
    ],
    [
      { headers: { 'X-Key': 'a\nb' }, endpoints: [{ url: 'https://h/a' }] },
      'typefetch.config.json: headers: header "X-Key" has a value with a line break, NUL or a character above U+00FF, which HTTP cannot send',
    ],
    [
      { headers: { 'X-Key': 1 }, endpoints: [{ url: 'https://h/a' }] },
      'typefetch.config.json: headers["X-Key"] must be a string',
    ],
    [
      { headers: { Authorization: `Bearer \${API-TOKEN}` }, endpoints: [{ url: 'https://h/a' }] },
      `typefetch.config.json: headers["Authorization"] refers to "\${API-TOKEN}", which is not a valid environment variable name`,
    ],
    [
      { headers: { Authorization: `Bearer \${TOKEN` }, endpoints: [{ url: 'https://h/a' }] },
      `typefetch.config.json: headers["Authorization"] has a "\${" without its closing "}"`,
    ],
    [
      { endpoints: [{ url: 'https://h/a', timeout: 0 }] },
      'typefetch.config.json: endpoints[0].timeout must be a whole number from 1 to 2147483647, got 0',
    ],
    [
      { concurrency: 100, endpoints: [{ url: 'https://h/a' }] },
      'typefetch.config.json: concurrency must be a whole number from 1 to 32, got 100',
    ],
    [
      { out: '', endpoints: [{ url: 'https://h/a' }] },
      'typefetch.config.json: out must be a non-empty string',
    ],
    [
      { endpoints: [{ url: 'https://h/a', name: '!!' }] },
      'typefetch.config.json: endpoints[0].name must contain an ASCII letter or digit, got "!!"',
    ],
    [
      { endpoints: [{ url: 'https://h/index' }] },
      'typefetch.config.json: endpoints[0].name "index" is taken by the generated index.ts',
    ],
    [
      { endpoints: [{ url: 'https://h/users' }, { url: 'https://h/v2/Users' }] },
      'typefetch.config.json: endpoints[0] and endpoints[1] both write Users.ts; give one another "name"',
    ],
    [
      { endpoints: [{ url: 'https://h/user-list' }, { url: 'https://h/user_list' }] },
      'typefetch.config.json: endpoints[0] and endpoints[1] both declare UserList; give one another "name"',
    ],
    [
      { endpoints: [{ url: ['https://h/users', 'https://h/posts'] }] },
      'typefetch.config.json: endpoints[0] needs a "name": its samples name different endpoints (users, posts)',
    ],
    [
      { endpoints: [{ samples: ['---.json'] }] },
      'typefetch.config.json: endpoints[0] needs a "name": none can be made from its URL or samples',
    ],
    [
      { endpoints: [{ samples: 'users.json' }] },
      'typefetch.config.json: endpoints[0].samples must be an array of file paths or URLs',
    ],
  ])('%j -> %s', (raw, message) => {
    expect(mistake(raw)).toBe(message);
  });

  // A JavaScript config can hold values JSON has no text for: each is named in one line, never thrown.
  it.each([
    [
      { endpoints: [{ url: 'https://h/a', timeout: Number.POSITIVE_INFINITY }] },
      'endpoints[0].timeout must be a whole number from 1 to 2147483647, got Infinity',
    ],
    [
      { timeout: Number.NaN, endpoints: [{ url: 'https://h/a' }] },
      'timeout must be a whole number from 1 to 2147483647, got NaN',
    ],
    [
      { concurrency: 4n, endpoints: [{ url: 'https://h/a' }] },
      'concurrency must be a whole number from 1 to 32, got 4n',
    ],
    [{ named: 1n, endpoints: [{ url: 'https://h/a' }] }, 'named must be true or false, got 1n'],
    [
      { endpoints: [{ url: 'https://h/a', maps: () => false }] },
      'endpoints[0].maps must be true or false, got a function',
    ],
    [{ format: Symbol('zod'), endpoints: [{ url: 'https://h/a' }] }, 'format must be a string, got a symbol'],
    [
      { endpoints: [{ url: 'https://h/a', method: 'POST', body: { id: 10n } }] },
      'endpoints[0].body cannot be sent as JSON: Do not know how to serialize a BigInt',
    ],
    [
      { endpoints: [{ url: 'https://h/a', method: 'POST', body: () => ({}) }] },
      'endpoints[0].body must be a JSON value, got a function',
    ],
  ])('names a value JSON cannot write: %s', (raw, message) => {
    expect(mistake(raw)).toBe(`typefetch.config.json: ${message}`);
  });

  it('names a body that refers to itself in one line', () => {
    const body: Record<string, unknown> = {};
    body['self'] = body;
    expect(mistake({ endpoints: [{ url: 'https://h/a', method: 'POST', body }] })).toBe(
      'typefetch.config.json: endpoints[0].body cannot be sent as JSON: Converting circular structure to JSON',
    );
  });

  it('never echoes URL credentials in a message', () => {
    expect(mistake({ baseUrl: 'https://h', endpoints: [{ url: 'ftp://me:hunter22@h/a' }] })).toBe(
      'typefetch.config.json: endpoints[0].url must be an absolute http(s) URL, got "ftp://[REDACTED]@h/a"',
    );
  });
});

describe(`\${VAR} substitution`, () => {
  it(`replaces each placeholder, $\${ writes a literal \${, and reports the values used`, () => {
    expect(
      substitute(`Bearer \${TOKEN}-\${ID} $\${LITERAL}`, { TOKEN: 'abc', ID: '7' }, 'Authorization'),
    ).toEqual({
      value: `Bearer abc-7 \${LITERAL}`,
      used: ['abc', '7'],
    });
  });

  it('names the header and the variable, never a value, when it is missing or empty', () => {
    const message =
      'header "Authorization" needs the environment variable API_TOKEN, which is not set or is empty';
    expect(() => substitute(`Bearer \${API_TOKEN}`, {}, 'Authorization')).toThrow(new RunError(message));
    expect(() => substitute(`Bearer \${API_TOKEN}`, { API_TOKEN: '' }, 'Authorization')).toThrow(
      new RunError(message),
    );
  });
});

describe('a config with "har" (the built binary)', () => {
  beforeAll(() => ensureBuilt());

  it('refuses the keys of requests it does not send, naming them, and writes nothing', async () => {
    const dir = await makeTempDir();
    try {
      const config = { har: 'api.har', baseUrl: 'https://h.example', headers: { 'X-Key': 'k' }, timeout: 5 };
      await writeFile(path.join(dir, 'typefetch.config.json'), JSON.stringify(config));
      await writeFile(path.join(dir, 'api.har'), '{"log":{"entries":[]}}');
      expect(await runCli(['--type', '--config', 'typefetch.config.json'], dir)).toEqual({
        code: 2,
        stdout: '',
        stderr:
          '❌ Error: typefetch.config.json: "har" cannot be combined with "baseUrl", "headers", "timeout": the HAR file holds the requests\n' +
          'Run typefetch --help for usage.\n',
      });
      expect(await readdir(dir)).toEqual(['api.har', 'typefetch.config.json']);
    } finally {
      await removeDir(dir);
    }
  });
});
