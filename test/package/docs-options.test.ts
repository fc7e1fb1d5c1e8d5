// The option tables of README.md and docs/*.md against the code, so that an option added, renamed or
// given another default cannot leave the docs behind (docs/architecture.md, "How the docs' examples are
// checked"). The names come from the code: the CLI's parseArgs options, the config file's key lists, and
// the keys of the public option types, read with the TypeScript checker; the defaults from the code's
// tables of defaults. Every export of the three entries is named in docs/package.md, "Exports".
//
// A table is found by the heading above it and its first header cell; its option names are the
// backticked words of each row's first cell (`baseUrl` / `baseURL` names two, `--method <M>` one).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CAPTURE_DEFAULTS } from '../../src/capture/options.js';
import { CLI_OPTIONS } from '../../src/cli/args/parse.js';
import { CLI_DEFAULTS } from '../../src/cli/args/values.js';
import { CONFIG_KEYS, ENDPOINT_KEYS } from '../../src/cli/config-file/keys.js';
import { HELP } from '../../src/cli/help.js';
import { BREAKER_DEFAULTS } from '../../src/client/circuit-breaker.js';
import { LOGGER_DEFAULTS } from '../../src/client/logging/logger.js';
import { CLIENT_DEFAULTS } from '../../src/client/options.js';
import { LIST_DEFAULTS } from '../../src/client/pagination.js';
import { FETCH_KEYS } from '../../src/client/prepare.js';
import { RETRY_DEFAULTS } from '../../src/client/retry/policy.js';
import { SSE_DEFAULTS } from '../../src/client/sse/events.js';
import { GENERATE_DEFAULTS } from '../../src/typegen/options.js';
import { UNDICI_DEFAULTS } from '../../src/undici/options.js';
import { ROOT } from '../helpers/build.js';
import { sourceOf, virtualProgram } from '../helpers/compile.js';

interface Table {
  readonly file: string;
  /** The heading above the table, without its `#`s and backticks. */
  readonly section: string;
  readonly header: readonly string[];
  readonly rows: ReadonlyArray<{ readonly names: readonly string[]; readonly cells: readonly string[] }>;
}

/** Every table of a markdown file, outside code blocks. */
function tablesOf(file: string): Table[] {
  const tables: Array<Table & { rows: Table['rows'][number][] }> = [];
  let section = '';
  let fenced = false;
  let current: (typeof tables)[number] | undefined;
  for (const line of readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced || !line.startsWith('|')) {
      current = undefined;
      if (!fenced && line.startsWith('#')) section = plain(line.replace(/^#+\s*/, ''));
      continue;
    }
    // Cells split on `|` but not on `\|` (a pipe inside a cell).
    const cells = line
      .slice(1, line.lastIndexOf('|'))
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    if (current === undefined) {
      current = { file, section, header: cells.map(plain), rows: [] };
      tables.push(current);
    } else if (!cells.every((cell) => /^:?-+:?$/.test(cell))) {
      const names = [...(cells[0] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!.split(' ')[0]!);
      current.rows.push({ names, cells });
    }
  }
  return tables;
}

function plain(text: string): string {
  return text.replaceAll('`', '').trim();
}

/** The `nth` table of `file` under the heading `section` whose first header cell is `first`. */
function table(file: string, section: string, first: string, nth = 0): Table {
  const found = tablesOf(file).filter((each) => each.section === section && each.header[0] === first);
  if (found[nth] === undefined) throw new Error(`${file} has no table "${first}" under "${section}"`);
  return found[nth];
}

/** The option names of a table's rows. */
function namesOf(found: Table): string[] {
  return found.rows.flatMap((row) => row.names);
}

/** The cell of column `column` (a header cell such as `Default`) in the row that names `name`. */
function cellOf(found: Table, name: string, column: string): string {
  const index = found.header.indexOf(column);
  if (index < 0) throw new Error(`${found.file}: the table "${found.header[0]}" has no ${column} column`);
  const row = found.rows.find((each) => each.names.includes(name));
  if (row === undefined) throw new Error(`${found.file}: the table "${found.header[0]}" has no row ${name}`);
  return row.cells[index] ?? '';
}

/**
 * `found` names every one of `names`, and nothing outside `allowed`; each row has a Default (and, in
 * README.md, an Example); `defaults` (row name -> the text its Default cell must hold) match the code.
 */
function expectOptionTable(
  found: Table,
  names: readonly string[],
  defaults: Readonly<Record<string, string>> = {},
  allowed: readonly string[] = names,
): void {
  const where = `${found.file}, table "${found.header[0]}" under "${found.section}"`;
  const documented = namesOf(found);
  expect(
    names.filter((name) => !documented.includes(name)),
    `${where}: options of the code missing`,
  ).toEqual([]);
  expect(
    documented.filter((name) => !allowed.includes(name)),
    `${where}: rows that are no option`,
  ).toEqual([]);
  const columns = found.file === 'README.md' ? ['Default', 'Example'] : ['Default'];
  for (const column of columns) {
    const empty = documented.filter((name) => cellOf(found, name, column) === '');
    expect(empty, `${where}: rows without a ${column}`).toEqual([]);
  }
  for (const [name, text] of Object.entries(defaults)) {
    expect(cellOf(found, name, 'Default'), `${where}: the default of ${name}`).toContain(text);
  }
}

/** A default as the docs write it: `15000`, `false`, and strings in the quotes the table uses. */
function shown(value: string | number | boolean, quote = ''): string {
  return typeof value === 'string' ? `\`${quote}${value}${quote}\`` : `\`${value}\``;
}

function shownAll(
  defaults: Readonly<Record<string, string | number | boolean>>,
  quote = "'",
): Record<string, string> {
  return Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, shown(value, quote)]));
}

/**
 * The option names of the public types, read with the TypeScript checker. `Own<T, Base>`: the keys `T`
 * adds to `Base` (what a table of `T` must list beside a "plus every option of Base" line).
 */
const PROBE = `
import type {
  ApiClient, ApiClientConfig, CircuitBreakerConfig, CreateLoggerOptions, GenerateTypesOptions, ListOptions,
  RequestOptions, RetryConfig, SseOptions,
} from '../../../src/index.js';
import type { CaptureTypesOptions } from '../../../src/capture/index.js';
import type { UndiciFetchOptions } from '../../../src/undici/index.js';
type Own<T, Base> = Exclude<keyof T, keyof Base>;
export type Client = keyof ApiClientConfig;
export type RequestOwn = Own<RequestOptions, RequestInit>;
export type Request = keyof RequestOptions;
export type Retry = keyof RetryConfig;
export type Breaker = keyof CircuitBreakerConfig;
export type LoggerOptions = keyof CreateLoggerOptions;
export type Generate = keyof GenerateTypesOptions;
export type List = Own<ListOptions, RequestOptions>;
export type Paginate = Own<NonNullable<Parameters<ApiClient['paginate']>[1]>, ListOptions>;
export type Sse = Own<SseOptions, RequestOptions>;
export type Capture = keyof CaptureTypesOptions;
export type Undici = keyof UndiciFetchOptions;
`;

const ENTRIES = {
  typefetch: 'src/index.ts',
  'typefetch/capture': 'src/capture/index.ts',
  'typefetch/undici': 'src/undici/index.ts',
} as const;

const program = virtualProgram({ 'options-probe.ts': PROBE });
const checker = program.getTypeChecker();

/** The string keys a type alias of PROBE stands for, sorted. */
function keysOf(alias: string): string[] {
  const source = sourceOf(program, 'options-probe.ts');
  const declaration = source.statements.find(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) && statement.name.text === alias,
  );
  if (declaration === undefined) throw new Error(`PROBE has no type ${alias}`);
  const type = checker.getTypeAtLocation(declaration.name);
  const members = type.isUnion() ? type.types : [type];
  return members
    .filter((member) => member.isStringLiteral())
    .map((member) => (member as ts.StringLiteralType).value)
    .sort();
}

/** The names an entry point exports, values and types. */
function exportsOf(file: string): string[] {
  const source = program.getSourceFile(path.join(ROOT, file));
  const symbol = source && checker.getSymbolAtLocation(source);
  if (symbol === undefined) throw new Error(`${file} is not in the program`);
  return checker
    .getExportsOfModule(symbol)
    .map((each) => each.name)
    .sort();
}

const CLI_FLAGS = Object.entries(CLI_OPTIONS).flatMap(([name, option]) => [
  `--${name}`,
  ...('short' in option ? [`-${option.short}`] : []),
]);

/** The defaults the docs must state for the CLI flags, the config file keys and an endpoint's keys. */
const { method, out, timeoutMs, intervalMs, concurrency, output } = CLI_DEFAULTS;
const FLAG_DEFAULTS = {
  '--method': shown(method),
  '--out': shown(out),
  '--timeout': shown(timeoutMs),
  '--interval': shown(intervalMs),
  '--concurrency': shown(concurrency),
  '--format': shown(output.format),
};
const CONFIG_DEFAULTS = {
  out: shown(out, '"'),
  timeout: shown(timeoutMs),
  concurrency: shown(concurrency),
  format: shown(output.format, '"'),
};
const ENDPOINT_DEFAULTS = { method: shown(method, '"') };
/** The defaults the docs must state for generateTypes, captureTypes and createUndiciFetch. */
const GENERATE_SHOWN = shownAll(GENERATE_DEFAULTS);
const CAPTURE_SHOWN = shownAll({
  ...CAPTURE_DEFAULTS,
  format: GENERATE_DEFAULTS.format,
  maps: GENERATE_DEFAULTS.maps,
});
const UNDICI_SHOWN = shownAll(UNDICI_DEFAULTS);
/** The defaults the docs must state for createLogger, getList / paginate and sse. */
const LOGGER_SHOWN = shownAll(LOGGER_DEFAULTS);
const { page, limit } = LIST_DEFAULTS.pagination;
const LIST_SHOWN = {
  pagination: shown(`{ page: ${page}, limit: ${limit} }`),
  maxPages: shown(LIST_DEFAULTS.maxPages),
};
const SSE_SHOWN = shownAll(SSE_DEFAULTS);

describe('the option names come from the code', () => {
  it('reads the keys of every public option type', () => {
    // The probe itself must be right: a key list read from an `any` would be empty, and pass.
    expect(keysOf('Sse')).toEqual(['maxReconnects', 'parseJson']);
    expect(keysOf('Paginate')).toEqual(['maxPages']);
    expect(keysOf('List')).toEqual(['filters', 'pagination', 'sort']);
    expect(keysOf('LoggerOptions')).toEqual(['level', 'namespace', 'write']);
    for (const alias of ['Client', 'Request', 'Retry', 'Breaker', 'Generate', 'Capture', 'Undici']) {
      expect(keysOf(alias).length, alias).toBeGreaterThan(2);
    }
  });
});

describe('README.md shows every option with its default and an example', () => {
  it('createApiClient(config)', () => {
    expectOptionTable(
      table('README.md', 'createApiClient(config)', 'Field'),
      keysOf('Client'),
      shownAll(CLIENT_DEFAULTS),
    );
  });

  it('the request options', () => {
    expectOptionTable(
      table('README.md', 'Request options', 'Option'),
      keysOf('RequestOwn'),
      { parseAs: "`'auto'`" },
      keysOf('Request'),
    );
  });

  it('retryPolicy and circuitBreaker', () => {
    expectOptionTable(
      table('README.md', 'Retry and circuit breaker', 'retryPolicy'),
      keysOf('Retry'),
      shownAll(RETRY_DEFAULTS),
    );
    expectOptionTable(table('README.md', 'Retry and circuit breaker', 'circuitBreaker'), keysOf('Breaker'), {
      threshold: shown(BREAKER_DEFAULTS.threshold),
      timeout: shown(BREAKER_DEFAULTS.openMs),
    });
  });

  it('createLogger', () => {
    expectOptionTable(
      table('README.md', 'Logging', 'createLogger option'),
      keysOf('LoggerOptions'),
      LOGGER_SHOWN,
    );
  });

  it('getList, paginate and sse', () => {
    expectOptionTable(
      table('README.md', 'Pagination', 'getList / paginate option'),
      [...keysOf('List'), ...keysOf('Paginate')],
      LIST_SHOWN,
    );
    expectOptionTable(table('README.md', 'Server-sent events', 'sse option'), keysOf('Sse'), SSE_SHOWN);
  });

  it('generateTypes', () => {
    expectOptionTable(
      table('README.md', 'Type inference', 'generateTypes option'),
      keysOf('Generate'),
      GENERATE_SHOWN,
    );
  });

  it('the CLI flags', () => {
    expectOptionTable(table('README.md', 'Options', 'Option'), CLI_FLAGS, FLAG_DEFAULTS);
  });

  it('the config file keys, top level and per endpoint', () => {
    const section = 'More than one response';
    expectOptionTable(table('README.md', section, 'Config key'), CONFIG_KEYS, CONFIG_DEFAULTS);
    expectOptionTable(table('README.md', section, 'Endpoint key'), ENDPOINT_KEYS, ENDPOINT_DEFAULTS);
  });

  it('captureTypes and createUndiciFetch', () => {
    expectOptionTable(
      table('README.md', 'Subpath exports', 'captureTypes option'),
      keysOf('Capture'),
      CAPTURE_SHOWN,
    );
    expectOptionTable(
      table('README.md', 'Subpath exports', 'createUndiciFetch option'),
      keysOf('Undici'),
      UNDICI_SHOWN,
    );
  });
});

describe('typefetch --help shows every flag with an example', () => {
  /** The lines of one flag's entry in HELP: its own line and the indented ones below it. */
  function entryOf(flag: string): string {
    const lines = HELP.split('\n');
    const start = lines.findIndex((line) => new RegExp(`^  (?:-\\w, )?${flag}(?: |$)`).test(line));
    if (start < 0) return '';
    const end = lines.findIndex((line, index) => index > start && !line.startsWith('    '));
    return lines.slice(start, end).join('\n');
  }

  it.each(Object.keys(CLI_OPTIONS))('--%s', (name) => {
    const entry = entryOf(`--${name}`);
    expect(entry, `--help has no entry for --${name}`).not.toBe('');
    // -h and -v are the two that run nothing, so they need no example.
    if (name !== 'help' && name !== 'version')
      expect(entry).toMatch(new RegExp(`\\n {28}e\\.g\\. .*--${name}\\b`));
  });
});

describe('docs/*.md hold the full reference of every option, with its default', () => {
  it('docs/client.md: ApiClientConfig, RequestOptions and sse()', () => {
    expectOptionTable(
      table('docs/client.md', 'ApiClientConfig', 'Field'),
      keysOf('Client'),
      shownAll(CLIENT_DEFAULTS),
    );
    expectOptionTable(
      table('docs/client.md', 'RequestOptions', 'Option'),
      keysOf('RequestOwn'),
      {},
      keysOf('Request'),
    );
    // The fetch options passed through are listed by name under the table.
    const text = readFileSync(path.join(ROOT, 'docs/client.md'), 'utf8');
    expect([...FETCH_KEYS].filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
    expectOptionTable(table('docs/client.md', 'Server-sent events', 'Option'), keysOf('Sse'), SSE_SHOWN, [
      ...keysOf('Sse'),
      ...keysOf('Request'),
    ]);
  });

  it('docs/resilience.md, docs/logging.md, docs/pagination.md', () => {
    expectOptionTable(
      table('docs/resilience.md', 'Options (retryPolicy)', 'Option'),
      keysOf('Retry'),
      shownAll(RETRY_DEFAULTS),
    );
    expectOptionTable(table('docs/resilience.md', 'Options (circuitBreaker)', 'Option'), keysOf('Breaker'), {
      threshold: shown(BREAKER_DEFAULTS.threshold),
      timeout: shown(BREAKER_DEFAULTS.openMs),
      resetTimeout: shown(BREAKER_DEFAULTS.openMs),
    });
    expectOptionTable(
      table('docs/logging.md', 'createLogger(options)', 'Option'),
      keysOf('LoggerOptions'),
      LOGGER_SHOWN,
    );
    expectOptionTable(
      table('docs/pagination.md', 'Options', 'Option'),
      [...keysOf('List'), ...keysOf('Paginate')],
      LIST_SHOWN,
    );
  });

  it('docs/type-inference.md, docs/capture.md, docs/undici.md', () => {
    expectOptionTable(
      table('docs/type-inference.md', 'Options', 'Option'),
      keysOf('Generate'),
      GENERATE_SHOWN,
    );
    expectOptionTable(table('docs/capture.md', 'Options', 'Option'), keysOf('Capture'), CAPTURE_SHOWN);
    expectOptionTable(table('docs/undici.md', 'Options', 'Option'), keysOf('Undici'), UNDICI_SHOWN);
  });

  it('docs/cli.md: the flags and the config file keys', () => {
    expectOptionTable(table('docs/cli.md', 'Options', 'Option'), CLI_FLAGS, FLAG_DEFAULTS);
    const section = 'Config file: many endpoints';
    expectOptionTable(table('docs/cli.md', section, 'Key', 0), CONFIG_KEYS, CONFIG_DEFAULTS);
    expectOptionTable(table('docs/cli.md', section, 'Key', 1), ENDPOINT_KEYS, ENDPOINT_DEFAULTS);
  });
});

describe('docs/package.md names every export of the package', () => {
  const text = readFileSync(path.join(ROOT, 'docs/package.md'), 'utf8');
  const exportsSection = text.slice(
    text.indexOf('\n## Exports\n'),
    text.indexOf('\n## ', text.indexOf('\n## Exports\n') + 1),
  );

  for (const [entry, file] of Object.entries(ENTRIES)) {
    it(entry, () => {
      const names = exportsOf(file);
      expect(names.length).toBeGreaterThan(0);
      expect(
        names.filter((name) => !exportsSection.includes(`\`${name}\``)),
        `exports of ${file} that docs/package.md, "Exports", does not name`,
      ).toEqual([]);
    });
  }

  it('and nothing else in its tables', () => {
    const exported = Object.values(ENTRIES).flatMap(exportsOf);
    const tables = tablesOf('docs/package.md').filter((each) => each.section === 'Exports');
    expect(tables.length).toBe(2);
    expect(
      tables.flatMap(namesOf).filter((name) => !exported.includes(name)),
      'names in the tables of docs/package.md, "Exports", that no entry exports',
    ).toEqual([]);
  });
});
