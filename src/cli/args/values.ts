// Checks of single option values, shared by the command line and the config file. Each throws a
// UsageError naming the option and the value it got; a value that is a URL (`--method <url>`, the method
// forgotten) is shown as URLs are, without its credentials and secret query values.

import { jsonErrorMessage } from '../../shared/json-error.js';
import { MAX_TIMER_MS } from '../../shared/timer-limit.js';
import { GENERATE_DEFAULTS, OUTPUT_FORMATS, type OutputFormat } from '../../typegen/options.js';
import { UsageError } from '../errors.js';
import type { ResolvedOutput } from '../job/output-format.js';
import { displayUrl } from '../terminal/redact.js';

/** The methods the CLI may send (docs/cli.md, "Options"). */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type CliMethod = (typeof METHODS)[number];

/** Defaults of every option, in one place. */
export const CLI_DEFAULTS = {
  method: 'GET',
  out: 'src/types',
  timeoutMs: 30_000,
  /** `--watch`: time between two runs. */
  intervalMs: 60_000,
  /** Config runs: endpoints fetched at the same time. */
  concurrency: 4,
  /** `--format`, `--named`, `--no-maps`, `--formats`, `--enums`, `--tagged-unions`, `--integers`: the generator's own defaults. */
  output: {
    format: GENERATE_DEFAULTS.format,
    named: GENERATE_DEFAULTS.named,
    maps: GENERATE_DEFAULTS.maps,
    formats: GENERATE_DEFAULTS.formats,
    enums: GENERATE_DEFAULTS.enums,
    taggedUnions: GENERATE_DEFAULTS.taggedUnions,
    integers: GENERATE_DEFAULTS.integers,
  },
} as const satisfies {
  method: CliMethod;
  out: string;
  timeoutMs: number;
  intervalMs: number;
  concurrency: number;
  output: ResolvedOutput;
};

/** `--timeout` and `--interval` become timers (AbortSignal.timeout, setTimeout), capped by their limit. */
export const MAX_TIMEOUT_MS = MAX_TIMER_MS;
/** Polling an API more often than once a second is not what a type watcher is for. */
export const MIN_INTERVAL_MS = 1000;
export const MAX_CONCURRENCY = 32;

export function resolveMethod(raw: string | undefined, option = '--method'): CliMethod {
  if (raw === undefined) return CLI_DEFAULTS.method;
  const upper = raw.trim().toUpperCase();
  const method = METHODS.find((candidate) => candidate === upper);
  if (method === undefined) {
    throw new UsageError(`${option} must be one of ${METHODS.join(', ')}, got "${displayUrl(raw)}"`);
  }
  return method;
}

/** `--format` (or a config file's `format`), any case: `Zod` is `zod`. */
export function resolveFormat(raw: string | undefined, option = '--format'): OutputFormat | undefined {
  if (raw === undefined) return undefined;
  const lower = raw.trim().toLowerCase();
  const format = OUTPUT_FORMATS.find((candidate) => candidate === lower);
  if (format === undefined) {
    throw new UsageError(`${option} must be one of ${OUTPUT_FORMATS.join(', ')}, got "${displayUrl(raw)}"`);
  }
  return format;
}

export function resolveBody(raw: string | undefined, method: CliMethod): string | undefined {
  if (raw === undefined) return undefined;
  try {
    JSON.parse(raw);
  } catch (error) {
    throw new UsageError(`--body is not valid JSON: ${jsonErrorMessage(error)}`);
  }
  // fetch refuses a body on GET; say so here instead of failing after the progress line.
  if (method === 'GET')
    throw new UsageError('--body cannot be sent with GET; add --method POST (or PUT, PATCH)');
  return raw;
}

/** A whole number of milliseconds within [min, max], given as text on the command line. */
export function resolveWholeNumber(
  option: string,
  raw: string | undefined,
  min: number,
  max: number,
  unit = 'milliseconds',
): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new UsageError(
      `${option} must be a whole number of ${unit} from ${min} to ${max}, got "${displayUrl(raw)}"`,
    );
  }
  return value;
}

export function resolveTimeout(raw: string | undefined): number | undefined {
  return resolveWholeNumber('--timeout', raw, 1, MAX_TIMEOUT_MS);
}

export function resolveName(raw: string | undefined): string | undefined {
  const name = resolveNonEmpty('--name', raw);
  if (name !== undefined && !/[A-Za-z0-9]/.test(name)) {
    throw new UsageError(`--name must contain an ASCII letter or digit, got "${raw}"`);
  }
  return name;
}

/**
 * `--out`: a folder. `-` is refused rather than made a folder named `-`: it reads as "stdout", where the
 * types are printed anyway (docs/cli.md, "Errors").
 */
export function resolveOutDir(raw: string | undefined): string | undefined {
  const out = resolveNonEmpty('--out', raw);
  if (out === '-') {
    throw new UsageError(
      '--out takes a folder, not "-": the types are printed on stdout anyway; give a folder such as --out=src/types',
    );
  }
  return out;
}

export function resolveNonEmpty(option: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') throw new UsageError(`${option} must not be empty`);
  return raw.trim();
}
