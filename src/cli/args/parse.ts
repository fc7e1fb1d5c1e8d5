import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import type { EndpointSpec } from '../job/endpoint-spec.js';
import type { OutputOverrides, ResolvedOutput } from '../job/output-format.js';
import { classifyPositional, resolveEndpoint, type Source, sampleSource } from '../job/sources.js';
import { displayUrl } from '../terminal/redact.js';
import { checkHeadersQuoted, type HeaderArg, parseHeader } from './headers.js';
import {
  CLI_DEFAULTS,
  MAX_CONCURRENCY,
  MAX_TIMEOUT_MS,
  MIN_INTERVAL_MS,
  resolveBody,
  resolveFormat,
  resolveMethod,
  resolveName,
  resolveNonEmpty,
  resolveOutDir,
  resolveTimeout,
  resolveWholeNumber,
} from './values.js';

export { CLI_DEFAULTS, type CliMethod, METHODS } from './values.js';

/** `--watch`: run again every `intervalMs`, rewriting only what changed. */
export interface ResolvedWatch {
  readonly intervalMs: number;
}

/**
 * A `generate` command with every option checked and every default filled in. Its `endpoint` (the file
 * name) comes from the sources, or from `--name` when they give none or disagree.
 */
export interface ResolvedCliOptions extends EndpointSpec<HeaderArg> {
  /** Output folder, relative to the working directory unless absolute. */
  readonly out: string;
  /** Type name given with `--name`; when absent the endpoint name is used. */
  readonly name: string | undefined;
  readonly verbose: boolean;
  /** Compare with the existing file instead of writing it. */
  readonly check: boolean;
  readonly watch: ResolvedWatch | undefined;
}

/** A `--config` command. Values given here override the config file's. */
export interface ResolvedConfigCommand {
  /** As given, relative to the working directory unless absolute. */
  readonly configPath: string;
  readonly out: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly concurrency: number | undefined;
  readonly verbose: boolean;
  readonly check: boolean;
  readonly watch: ResolvedWatch | undefined;
  /** Only the output flags given; each overrides that setting of every endpoint. */
  readonly output: OutputOverrides;
  /** `--format=openapi`: write `openapi.json` for every endpoint instead of their files. */
  readonly openapi: boolean;
}

/** A `--har` command: every JSON exchange of a HAR file, typed per endpoint (docs/traffic.md). */
export interface ResolvedHarCommand {
  /** As given, relative to the working directory unless absolute. */
  readonly harPath: string;
  /** Output folder, relative to the working directory unless absolute. */
  readonly out: string;
  /** `--format=openapi`: write `openapi.json` instead of the TypeScript files and the map. */
  readonly openapi: boolean;
  readonly verbose: boolean;
  /** The generator switches (`format` is always `typescript` here). */
  readonly output: ResolvedOutput;
}

export type ParsedCommand =
  | { readonly command: 'help' }
  | { readonly command: 'version' }
  | { readonly command: 'generate'; readonly options: ResolvedCliOptions }
  | { readonly command: 'config'; readonly options: ResolvedConfigCommand }
  | { readonly command: 'har'; readonly options: ResolvedHarCommand };

/** Every option of the command line, as node:util's parseArgs takes them (docs/cli.md, "Options"). */
export const CLI_OPTIONS = {
  type: { type: 'boolean' },
  method: { type: 'string' },
  body: { type: 'string' },
  header: { type: 'string', multiple: true },
  sample: { type: 'string', multiple: true },
  out: { type: 'string' },
  name: { type: 'string' },
  timeout: { type: 'string' },
  check: { type: 'boolean' },
  config: { type: 'string' },
  har: { type: 'string' },
  concurrency: { type: 'string' },
  watch: { type: 'boolean' },
  interval: { type: 'string' },
  format: { type: 'string' },
  named: { type: 'boolean' },
  // node:util's parseArgs has no negated flags before Node 22.4 (`allowNegative`), so it is its own flag.
  'no-maps': { type: 'boolean' },
  formats: { type: 'boolean' },
  enums: { type: 'boolean' },
  'tagged-unions': { type: 'boolean' },
  integers: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

type Values = ReturnType<typeof parseStrict>['values'];

/** Turns argv (without node and the script) into a command. Throws {@link UsageError} on any mistake. */
export function parseCliArgs(argv: readonly string[]): ParsedCommand {
  // Plain `typefetch` asks what the tool does: the usage text answers.
  if (argv.length === 0) return { command: 'help' };
  const { values, positionals } = parseStrict(argv);
  if (values.help === true) return { command: 'help' };
  if (values.version === true) return { command: 'version' };
  if (values.type !== true) throw new UsageError('--type is required (it turns on type generation)');
  const check = values.check === true;
  const watch = resolveWatch(values, check);
  // Before the sources: `--format <url>` took the URL as its value, and that is the mistake to name.
  const openapi = values.format?.trim().toLowerCase() === OPENAPI;
  const output = outputOverrides(values, openapi);
  refuseUrl('--har', values.har, 'save the HAR with the browser devtools and give its path');
  refuseUrl('--config', values.config, 'give the path of a config file');
  if (values.har !== undefined) {
    return { command: 'har', options: harCommand(values, positionals, openapi, output) };
  }
  if (values.config !== undefined) {
    if (openapi && check)
      throw new UsageError('--format=openapi writes a file; it cannot be combined with --check');
    return { command: 'config', options: { ...configCommand(values, positionals, watch), output, openapi } };
  }
  if (openapi) {
    throw new UsageError(
      '--format=openapi writes one document for many endpoints: use it with --har or --config',
    );
  }
  if (values.concurrency !== undefined) throw new UsageError('--concurrency only applies with --config');

  const method = resolveMethod(values.method);
  checkHeadersQuoted(values.header ?? [], positionals.length);
  const sources = resolveSources(positionals, values.sample ?? [], values);
  const body = resolveBody(values.body, method);
  const headers = (values.header ?? []).map((raw, index) => parseHeader(raw, index + 1));
  if (!sources.some((source) => source.kind === 'url')) {
    const given = [
      ...(values.method === undefined ? [] : ['--method']),
      ...(values.body === undefined ? [] : ['--body']),
      ...(values.header === undefined ? [] : ['--header']),
    ];
    if (given.length > 0) {
      const verb = given.length === 1 ? 'applies' : 'apply';
      throw new UsageError(`${given.join(', ')} only ${verb} to a <url>, and none was given`);
    }
  }
  if (watch !== undefined && sources.some((source) => source.kind === 'stdin')) {
    throw new UsageError('--watch cannot read stdin (-): every run reads its sources again');
  }
  const name = resolveName(values.name);
  return {
    command: 'generate',
    options: {
      method,
      sources,
      body,
      headers,
      out: resolveOutDir(values.out) ?? CLI_DEFAULTS.out,
      endpoint: resolveEndpoint(
        sources.slice(0, positionals.length),
        sources.slice(positionals.length),
        name,
      ),
      name,
      timeoutMs: resolveTimeout(values.timeout) ?? CLI_DEFAULTS.timeoutMs,
      verbose: values.verbose === true,
      check,
      watch,
      output: { ...CLI_DEFAULTS.output, ...output },
    },
  };
}

function configCommand(
  values: Values,
  positionals: readonly string[],
  watch: ResolvedWatch | undefined,
): Omit<ResolvedConfigCommand, 'output' | 'openapi'> {
  const clashing = [
    ...(positionals.length > 0 ? ['<url>'] : []),
    ...['sample', 'method', 'body', 'header', 'name']
      .filter((option) => values[option as 'sample'] !== undefined)
      .map((option) => `--${option}`),
  ];
  if (clashing.length > 0) {
    throw new UsageError(
      `--config cannot be combined with ${clashing.join(', ')}: put them in the config file's endpoints`,
    );
  }
  return {
    configPath: resolveNonEmpty('--config', values.config)!,
    out: resolveOutDir(values.out),
    timeoutMs: resolveTimeout(values.timeout),
    concurrency: resolveWholeNumber('--concurrency', values.concurrency, 1, MAX_CONCURRENCY, 'requests'),
    verbose: values.verbose === true,
    check: values.check === true,
    watch,
  };
}

/** `--format=openapi`: a format of runs with many endpoints only, so not one of the generator's. */
const OPENAPI = 'openapi';

function harCommand(
  values: Values,
  positionals: readonly string[],
  openapi: boolean,
  output: OutputOverrides,
): ResolvedHarCommand {
  const clashing = [
    ...(positionals.length > 0 ? ['<url>'] : []),
    ...['config', 'sample', 'method', 'body', 'header', 'name', 'timeout', 'concurrency', 'check', 'watch']
      .filter((option) => values[option as 'sample'] !== undefined)
      .map((option) => `--${option}`),
  ];
  if (clashing.length > 0) {
    throw new UsageError(
      `--har cannot be combined with ${clashing.join(', ')}: the HAR file holds the requests`,
    );
  }
  if (output.format !== undefined && output.format !== 'typescript') {
    throw new UsageError(
      `--har writes typescript (the types and the endpoint map) or openapi, got --format=${output.format}`,
    );
  }
  return {
    harPath: resolveNonEmpty('--har', values.har)!,
    out: resolveOutDir(values.out) ?? CLI_DEFAULTS.out,
    openapi,
    verbose: values.verbose === true,
    output: { ...CLI_DEFAULTS.output, ...output, format: 'typescript' },
  };
}

/** The output settings given on the command line, and only those. */
function outputOverrides(values: Values, openapi: boolean): OutputOverrides {
  const format = openapi ? undefined : resolveFormat(values.format);
  return {
    ...(format === undefined ? {} : { format }),
    ...(values.named === true ? { named: true } : {}),
    ...(values['no-maps'] === true ? { maps: false } : {}),
    ...(values.formats === true ? { formats: true } : {}),
    ...(values.enums === true ? { enums: true } : {}),
    ...(values['tagged-unions'] === true ? { taggedUnions: true } : {}),
    ...(values.integers === true ? { integers: true } : {}),
  };
}

function resolveWatch(values: Values, check: boolean): ResolvedWatch | undefined {
  if (values.watch !== true) {
    if (values.interval !== undefined) throw new UsageError('--interval only applies with --watch');
    return undefined;
  }
  if (check) throw new UsageError('--check runs once; it cannot be combined with --watch');
  const intervalMs = resolveWholeNumber('--interval', values.interval, MIN_INTERVAL_MS, MAX_TIMEOUT_MS);
  return { intervalMs: intervalMs ?? CLI_DEFAULTS.intervalMs };
}

function resolveSources(
  positionals: readonly string[],
  samples: readonly string[],
  values: Values,
): Source[] {
  const sources = [...positionals.map(classifyPositional), ...samples.map(sampleSource)];
  if (sources.length === 0) {
    const taken = urlTakenAsValue(values);
    throw new UsageError(
      taken === undefined
        ? 'Missing <url>: give the endpoint to fetch (e.g. https://api.example.com/users), a JSON file, or - to read stdin'
        : `Missing <url>: "${displayUrl(taken.url)}" was taken as the value of ${taken.option}; write ${taken.option}=<value> before the URL`,
    );
  }
  if (sources.filter((source) => source.kind === 'stdin').length > 1) {
    throw new UsageError('stdin (-) can be read only once');
  }
  return sources;
}

/**
 * The option that took the URL as its value when none is left (`--out https://...`, the folder forgotten),
 * so the error names that mistake instead of a URL that was given. Only a value that is a whole http(s) URL
 * is shown: anything else may be a header value, a credential.
 */
function urlTakenAsValue(values: Values): { option: string; url: string } | undefined {
  const candidates = [
    ['--out', values.out],
    ['--name', values.name],
    ['--timeout', values.timeout],
    ['--body', values.body],
    ['--header', values.header?.at(-1)],
  ] as const;
  for (const [option, value] of candidates) {
    if (value !== undefined && /^https?:\/\/\S+$/i.test(value.trim())) return { option, url: value.trim() };
  }
  return undefined;
}

/** `--har <url>`, `--config <url>`: they read a file; the URL is shown without its secrets. */
function refuseUrl(option: string, value: string | undefined, what: string): void {
  if (value === undefined || !/^https?:\/\//i.test(value.trim())) return;
  throw new UsageError(`${option} takes a file, got the URL "${displayUrl(value.trim())}": ${what}`);
}

function parseStrict(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: CLI_OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
}

// node:util's messages are long and multi-line; keep only the option's name. For an unknown option
// that is the part before any `=`, so `--heder=Authorization: Bearer x` never echoes the value. A switch
// with a short form is written `'-h, --help'`: the long name is the one to show.
function describeParseError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(?:-[^-'\s=,], )?(-[^'\s=]*)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (message.includes('does not take an argument')) return `${option} does not take a value`;
    return `${option} needs a value (write ${option}=<value> for a value that starts with "-")`;
  }
  return message.split('\n')[0] ?? message;
}
