// Argument parsing of the issue-7 modes: several samples, files and stdin, --check, --config, --watch.
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/cli/args/parse.js';
import { generate, usageError } from '../helpers/args.js';
import { DEFAULT_OUTPUT } from '../helpers/default-output.js';

describe('sources', () => {
  it('reads URLs, paths, - and --sample in order; the endpoint comes from the names they share', () => {
    const options = generate([
      '--type',
      'https://api.example.com/users/1',
      'fixtures/users.json',
      '-',
      '--sample',
      'more/users.page-2.jsonl',
      'https://api.example.com/users/2',
    ]);
    expect(options.sources).toEqual([
      { kind: 'url', url: new URL('https://api.example.com/users/1') },
      { kind: 'file', given: 'fixtures/users.json', option: '<url>' },
      { kind: 'stdin' },
      { kind: 'url', url: new URL('https://api.example.com/users/2') },
      { kind: 'file', given: 'more/users.page-2.jsonl', option: '--sample' },
    ]);
    expect(options.endpoint).toBe('users');
    expect(options.name).toBeUndefined();
  });

  it.each([
    ['C:\\data\\orders.json', 'orders'],
    ['./.hidden.json', 'hidden'],
    ['/abs/user-profiles.v2.json', 'user-profiles'],
    ['data/caf\u00e9_items.json', 'caf_items'],
  ])('names the output after the file %s -> %s', (file, endpoint) => {
    expect(generate(['--type', file]).endpoint).toBe(endpoint);
  });

  it('names the output from the URLs and paths; --sample files name it only when nothing else does', () => {
    expect(generate(['--type', 'https://h/users/7', '--sample', 'fixtures/deleted-user.json']).endpoint).toBe(
      'users',
    );
    expect(
      generate(['--type', '--sample', 'fixtures/users.json', '--sample=more/users.jsonl']).endpoint,
    ).toBe('users');
    expect(generate(['--type', '-', '--sample', 'orders.json']).endpoint).toBe('orders');
  });

  it('--name names only the type when the sources agree, and the file too when they do not', () => {
    expect(generate(['--type', '--name=Member', 'users.json']).endpoint).toBe('users');
    const mixed = generate(['--type', '--name=People List', 'users.json', 'https://h/members']);
    expect([mixed.endpoint, mixed.name]).toEqual(['PeopleList', 'People List']);
    expect(generate(['--type', '--name=user-list', '-']).endpoint).toBe('user-list');
  });

  it('--check sets check; --watch sets the interval with its default or --interval', () => {
    expect(generate(['--type', '--check', 'https://h/users']).check).toBe(true);
    expect(generate(['--type', '--watch', 'https://h/users']).watch).toEqual({ intervalMs: 60_000 });
    expect(generate(['--type', '--watch', '--interval=1500', 'https://h/users']).watch).toEqual({
      intervalMs: 1500,
    });
  });
});

describe('--config', () => {
  it('returns a config command; --out, --timeout, --concurrency, --check and --verbose carry over', () => {
    expect(
      parseCliArgs([
        '--type',
        '--config',
        'typefetch.config.json',
        '--out=gen',
        '--timeout=900',
        '--concurrency=2',
        '--check',
        '--verbose',
      ]),
    ).toEqual({
      command: 'config',
      options: {
        configPath: 'typefetch.config.json',
        out: 'gen',
        timeoutMs: 900,
        concurrency: 2,
        verbose: true,
        check: true,
        watch: undefined,
        output: {},
        openapi: false,
      },
    });
  });

  it('leaves unset overrides undefined so the config file decides', () => {
    expect(parseCliArgs(['--type', '--config=c.json', '--watch'])).toEqual({
      command: 'config',
      options: {
        configPath: 'c.json',
        out: undefined,
        timeoutMs: undefined,
        concurrency: undefined,
        verbose: false,
        check: false,
        watch: { intervalMs: 60_000 },
        output: {},
        openapi: false,
      },
    });
  });
});

describe('usage errors of the new modes', () => {
  it.each([
    [['--type', '-', '--sample=-'], 'stdin (-) can be read only once'],
    [['--type', '-'], 'Reading stdin (-) needs --name: it names the type and the output file'],
    [
      ['--type', 'https://h/users', 'https://h/posts/1'],
      'The samples name different endpoints (users, posts); give --name to choose the type and file name',
    ],
    [
      ['--type', '--sample', 'users.json', '--sample', 'members.json'],
      'The samples name different endpoints (users, members); give --name to choose the type and file name',
    ],
    [
      ['--type', '--sample=---.json'],
      'No name can be made from "---.json"; give --name to choose the type and file name',
    ],
    [['--type', '--sample='], '--sample must not be empty'],
    [['--type', '--method=POST', 'users.json'], '--method only applies to a <url>, and none was given'],
    [
      ['--type', '--header=A: b', '--body={}', '--method=PUT', 'users.json'],
      '--method, --body, --header only apply to a <url>, and none was given',
    ],
    [
      ['--type', '--check', '--watch', 'https://h/users'],
      '--check runs once; it cannot be combined with --watch',
    ],
    [['--type', '--interval=5000', 'https://h/users'], '--interval only applies with --watch'],
    [
      ['--type', '--watch', '-', '--name=x'],
      '--watch cannot read stdin (-): every run reads its sources again',
    ],
    [
      ['--type', '--watch', '--interval=999', 'https://h/users'],
      '--interval must be a whole number of milliseconds from 1000 to 2147483647, got "999"',
    ],
    [['--type', '--concurrency=2', 'https://h/users'], '--concurrency only applies with --config'],
    [
      ['--type', '--config=c.json', '--concurrency=0'],
      '--concurrency must be a whole number of requests from 1 to 32, got "0"',
    ],
    [
      ['--type', '--config=c.json', 'https://h/users', '--header=A: b', '--name=x'],
      "--config cannot be combined with <url>, --header, --name: put them in the config file's endpoints",
    ],
    [['--type', '--config='], '--config must not be empty'],
  ])('%j -> %s', (argv, message) => {
    expect(usageError(argv)).toBe(message);
  });
});

describe('--har', () => {
  it('returns a har command with the output switches, typescript unless --format=openapi', () => {
    expect(parseCliArgs(['--type', '--har', 'api.har', '--out=src/api', '--enums'])).toEqual({
      command: 'har',
      options: {
        harPath: 'api.har',
        out: 'src/api',
        openapi: false,
        verbose: false,
        output: { ...DEFAULT_OUTPUT, enums: true },
      },
    });
    const openapi = parseCliArgs(['--type', '--har=api.har', '--format=OpenAPI']);
    expect(openapi.command === 'har' && [openapi.options.openapi, openapi.options.out]).toEqual([
      true,
      'src/types',
    ]);
  });

  it('--format=openapi with --config sets openapi, and is refused with --check', () => {
    const parsed = parseCliArgs(['--type', '--config=c.json', '--format=openapi', '--named']);
    expect(parsed.command === 'config' && [parsed.options.openapi, parsed.options.output]).toEqual([
      true,
      { named: true },
    ]);
  });

  it.each([
    [
      ['--har=a.har', '--format=json-schema'],
      '--har writes typescript (the types and the endpoint map) or openapi, got --format=json-schema',
    ],
    [['--har=a.har', '--watch'], '--har cannot be combined with --watch: the HAR file holds the requests'],
    [
      ['--har=a.har', '--config=c.json', '--timeout=5'],
      '--har cannot be combined with --config, --timeout: the HAR file holds the requests',
    ],
    [['--har='], '--har must not be empty'],
    [
      ['--config=c.json', '--format=openapi', '--check'],
      '--format=openapi writes a file; it cannot be combined with --check',
    ],
    [
      ['--format=openapi', 'https://h/a'],
      '--format=openapi writes one document for many endpoints: use it with --har or --config',
    ],
  ])('%j -> %s', (argv, message) => {
    expect(usageError(() => parseCliArgs(['--type', ...argv]))).toBe(message);
  });
});
