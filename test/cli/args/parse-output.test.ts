// The output flags on the command line and in the config file: parsing, defaults, exact messages.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/cli/args/parse.js';
import { resolveConfig } from '../../../src/cli/config-file/resolve.js';
import { usageError } from '../helpers/args.js';

const URL_ARG = 'https://api.example.com/users';
const SWITCHES_OFF = { enums: false, taggedUnions: false, integers: false };
const DEFAULTS = { format: 'typescript', named: false, maps: true, formats: false, ...SWITCHES_OFF };

function output(argv: string[]) {
  const parsed = parseCliArgs(['--type', ...argv, URL_ARG]);
  if (parsed.command !== 'generate') throw new Error(`expected generate, got ${parsed.command}`);
  return parsed.options.output;
}

function overrides(argv: string[]) {
  const parsed = parseCliArgs(['--type', '--config=c.json', ...argv]);
  if (parsed.command !== 'config') throw new Error(`expected config, got ${parsed.command}`);
  return parsed.options.output;
}

const FILE = path.resolve('/work/app/typefetch.config.json');
const resolve = (raw: unknown) => resolveConfig(raw, FILE, 'typefetch.config.json');

describe('--format, --named, --no-maps, --formats', () => {
  it('default to the generator defaults', () => {
    expect(output([])).toEqual(DEFAULTS);
  });

  it('--format takes each format, as --format=f or --format f, in any case', () => {
    expect(output(['--format=zod']).format).toBe('zod');
    expect(output(['--format', 'json-schema']).format).toBe('json-schema');
    expect(output(['--format=typescript']).format).toBe('typescript');
    expect(output(['--format= ZOD ']).format).toBe('zod');
  });

  it('--named, --no-maps and --formats turn their switch, the others keep their default', () => {
    expect(output(['--named'])).toEqual({ ...DEFAULTS, named: true });
    expect(output(['--no-maps'])).toEqual({ ...DEFAULTS, maps: false });
    expect(output(['--formats'])).toEqual({ ...DEFAULTS, formats: true });
    expect(output(['--formats', '--no-maps', '--named', '--format=zod'])).toEqual({
      format: 'zod',
      named: true,
      maps: false,
      formats: true,
      ...SWITCHES_OFF,
    });
  });

  it('--enums, --tagged-unions and --integers turn their switch, in any order, the others keep their default', () => {
    expect(output(['--enums'])).toEqual({ ...DEFAULTS, enums: true });
    expect(output(['--tagged-unions'])).toEqual({ ...DEFAULTS, taggedUnions: true });
    expect(output(['--integers'])).toEqual({ ...DEFAULTS, integers: true });
    expect(output(['--integers', '--format=json-schema', '--enums', '--tagged-unions'])).toEqual({
      ...DEFAULTS,
      format: 'json-schema',
      enums: true,
      taggedUnions: true,
      integers: true,
    });
  });

  it('--enums, --tagged-unions and --integers also reach --check and --watch runs', () => {
    const parsed = parseCliArgs(['--type', '--check', '--enums', '--integers', URL_ARG]);
    if (parsed.command !== 'generate') throw new Error('expected generate');
    expect(parsed.options.check).toBe(true);
    expect(parsed.options.output).toEqual({ ...DEFAULTS, enums: true, integers: true });
    const watching = parseCliArgs(['--type', '--watch', '--tagged-unions', URL_ARG]);
    if (watching.command !== 'generate') throw new Error('expected generate');
    expect(watching.options.watch).toEqual({ intervalMs: 60_000 });
    expect(watching.options.output).toEqual({ ...DEFAULTS, taggedUnions: true });
  });

  it.each([
    [['--format=yaml'], '--format must be one of typescript, zod, json-schema, got "yaml"'],
    [['--format='], '--format must be one of typescript, zod, json-schema, got ""'],
    [
      ['--format'],
      '--format must be one of typescript, zod, json-schema, got "https://api.example.com/users"',
    ],
    [['--named=yes'], '--named does not take a value'],
    [['--no-maps=1'], '--no-maps does not take a value'],
    [['--maps'], 'Unknown option --maps'],
    [['--enums=yes'], '--enums does not take a value'],
    [['--tagged-unions=1'], '--tagged-unions does not take a value'],
    [['--integers=true'], '--integers does not take a value'],
    [['--tagged-union'], 'Unknown option --tagged-union'],
  ])('%j -> %s', (argv, message) => {
    expect(usageError(() => parseCliArgs(['--type', ...argv, URL_ARG]))).toBe(message);
  });

  it('--format last on the line needs a value', () => {
    expect(usageError(() => parseCliArgs(['--type', URL_ARG, '--format']))).toBe(
      '--format needs a value (write --format=<value> for a value that starts with "-")',
    );
  });

  it('with --config, only the flags given are returned, to override every endpoint', () => {
    expect(overrides([])).toEqual({});
    expect(overrides(['--format=json-schema', '--no-maps'])).toEqual({ format: 'json-schema', maps: false });
    expect(overrides(['--named', '--formats'])).toEqual({ named: true, formats: true });
    expect(overrides(['--enums', '--tagged-unions', '--integers'])).toEqual({
      enums: true,
      taggedUnions: true,
      integers: true,
    });
    expect(usageError(() => overrides(['--format=ts']))).toBe(
      '--format must be one of typescript, zod, json-schema, got "ts"',
    );
  });
});

describe('the config file: format, named, maps, formats, enums, taggedUnions, integers', () => {
  it('enums, taggedUnions and integers: the endpoint value, else the top-level one, else off', () => {
    const config = resolve({
      enums: true,
      integers: true,
      endpoints: [
        { url: 'https://h/users' },
        { url: 'https://h/posts', enums: false, taggedUnions: true },
        { url: 'https://h/todos', integers: false, format: 'zod' },
      ],
    });
    expect(config.endpoints.map((each) => [each.endpoint, each.output])).toEqual([
      ['users', { ...DEFAULTS, enums: true, integers: true }],
      ['posts', { ...DEFAULTS, enums: false, taggedUnions: true, integers: true }],
      ['todos', { ...DEFAULTS, format: 'zod', enums: true, integers: false }],
    ]);
  });

  it('an endpoint takes its own value, else the top-level one, else the default', () => {
    const config = resolve({
      format: 'zod',
      maps: false,
      endpoints: [
        { url: 'https://h/users' },
        { url: 'https://h/posts', format: 'json-schema', named: true },
        { url: 'https://h/todos', format: 'TypeScript', maps: true, formats: true },
      ],
    });
    expect(config.endpoints.map((each) => [each.endpoint, each.output])).toEqual([
      ['users', { format: 'zod', named: false, maps: false, formats: false, ...SWITCHES_OFF }],
      ['posts', { format: 'json-schema', named: true, maps: false, formats: false, ...SWITCHES_OFF }],
      ['todos', { format: 'typescript', named: false, maps: true, formats: true, ...SWITCHES_OFF }],
    ]);
  });

  it.each([
    [
      { format: 'yaml', endpoints: [{ url: 'https://h/a' }] },
      'typefetch.config.json: format must be one of typescript, zod, json-schema, got "yaml"',
    ],
    [
      { endpoints: [{ url: 'https://h/a', format: 3 }] },
      'typefetch.config.json: endpoints[0].format must be a string, got 3',
    ],
    [
      { endpoints: [{ url: 'https://h/a', format: 'ts' }] },
      'typefetch.config.json: endpoints[0].format must be one of typescript, zod, json-schema, got "ts"',
    ],
    [
      { named: 'yes', endpoints: [{ url: 'https://h/a' }] },
      'typefetch.config.json: named must be true or false, got "yes"',
    ],
    [
      { endpoints: [{ url: 'https://h/a', maps: 0 }] },
      'typefetch.config.json: endpoints[0].maps must be true or false, got 0',
    ],
    [
      { endpoints: [{ url: 'https://h/a', formats: null }] },
      'typefetch.config.json: endpoints[0].formats must be true or false, got null',
    ],
    [
      { enums: 'yes', endpoints: [{ url: 'https://h/a' }] },
      'typefetch.config.json: enums must be true or false, got "yes"',
    ],
    [
      { endpoints: [{ url: 'https://h/a', taggedUnions: 1 }] },
      'typefetch.config.json: endpoints[0].taggedUnions must be true or false, got 1',
    ],
    [
      { endpoints: [{ url: 'https://h/a', integers: 'false' }] },
      'typefetch.config.json: endpoints[0].integers must be true or false, got "false"',
    ],
    [
      { endpoints: [{ url: 'https://h/users' }, { url: 'https://h/v2/users', format: 'json-schema' }] },
      'typefetch.config.json: endpoints[0] and endpoints[1] write users.ts and users.json: one name; give one another "name"',
    ],
    [
      { format: 'zod', endpoints: [{ url: 'https://h/users' }, { url: 'https://h/v2/Users' }] },
      'typefetch.config.json: endpoints[0] and endpoints[1] both write Users.ts; give one another "name"',
    ],
  ])('%j -> %s', (raw, message) => {
    expect(usageError(() => resolve(raw))).toBe(message);
  });
});
