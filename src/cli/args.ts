import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';
import { type HeaderArg, parseHeader } from './headers.js';
import { displayUrl } from './redact.js';

/** The methods the CLI may send (spec, "Limits"). */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type CliMethod = (typeof METHODS)[number];

/** Defaults of every option, in one place. */
export const CLI_DEFAULTS = {
  method: 'GET',
  out: 'src/types',
  timeoutMs: 30_000,
} as const satisfies { method: CliMethod; out: string; timeoutMs: number };

// setTimeout (behind AbortSignal.timeout) cannot wait longer than 2^31 - 1 ms.
const MAX_TIMEOUT_MS = 2_147_483_647;

/** A `generate` command with every option checked and every default filled in. */
export interface ResolvedCliOptions {
  readonly method: CliMethod;
  /** As given, userinfo included; see request.ts for how credentials are sent. */
  readonly url: URL;
  /** The JSON text exactly as given; already checked to parse. */
  readonly body: string | undefined;
  readonly headers: readonly HeaderArg[];
  /** Output folder, relative to the working directory unless absolute. */
  readonly out: string;
  /** Type name given with `--name`; when absent the endpoint name is used. */
  readonly name: string | undefined;
  readonly timeoutMs: number;
  readonly verbose: boolean;
}

export type ParsedCommand =
  | { readonly command: 'help' }
  | { readonly command: 'version' }
  | { readonly command: 'generate'; readonly options: ResolvedCliOptions };

const OPTIONS = {
  type: { type: 'boolean' },
  method: { type: 'string' },
  body: { type: 'string' },
  header: { type: 'string', multiple: true },
  out: { type: 'string' },
  name: { type: 'string' },
  timeout: { type: 'string' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** Turns argv (without node and the script) into a command. Throws {@link UsageError} on any mistake. */
export function parseCliArgs(argv: readonly string[]): ParsedCommand {
  const { values, positionals } = parseStrict(argv);
  if (values.help === true) return { command: 'help' };
  if (values.version === true) return { command: 'version' };
  if (values.type !== true) throw new UsageError('--type is required (it turns on type generation)');

  const method = resolveMethod(values.method);
  const url = resolveUrl(positionals);
  const body = resolveBody(values.body, method);
  const headers = (values.header ?? []).map((raw, index) => parseHeader(raw, index + 1));
  return {
    command: 'generate',
    options: {
      method,
      url,
      body,
      headers,
      out: resolveNonEmpty('--out', values.out) ?? CLI_DEFAULTS.out,
      name: resolveName(values.name),
      timeoutMs: resolveTimeout(values.timeout),
      verbose: values.verbose === true,
    },
  };
}

function parseStrict(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
}

// node:util's messages are long and multi-line; keep only the option's name. For an unknown option
// that is the part before any `=`, so `--heder=Authorization: Bearer x` never echoes the value.
function describeParseError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^'\s=]*)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (message.includes('does not take an argument')) return `${option} does not take a value`;
    return `${option} needs a value (write ${option}=<value> for a value that starts with "-")`;
  }
  return message.split('\n')[0] ?? message;
}

function resolveMethod(raw: string | undefined): CliMethod {
  if (raw === undefined) return CLI_DEFAULTS.method;
  const upper = raw.trim().toUpperCase();
  const method = METHODS.find((candidate) => candidate === upper);
  if (method === undefined) {
    throw new UsageError(`--method must be one of ${METHODS.join(', ')}, got "${raw}"`);
  }
  return method;
}

function resolveUrl(positionals: readonly string[]): URL {
  const [raw, ...extra] = positionals;
  if (raw === undefined) {
    throw new UsageError('Missing <url>: give the endpoint to fetch, e.g. https://api.example.com/users');
  }
  if (extra.length > 0) throw new UsageError(`Expected one <url>, got ${positionals.length} arguments`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`<url> must be an absolute http(s) URL, got "${displayUrl(raw)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`<url> must use http or https, got "${url.protocol}"`);
  }
  return url;
}

function resolveBody(raw: string | undefined, method: CliMethod): string | undefined {
  if (raw === undefined) return undefined;
  try {
    JSON.parse(raw);
  } catch (error) {
    throw new UsageError(`--body is not valid JSON: ${(error as Error).message}`);
  }
  // fetch refuses a body on GET; say so here instead of failing after the progress line.
  if (method === 'GET')
    throw new UsageError('--body cannot be sent with GET; add --method POST (or PUT, PATCH)');
  return raw;
}

function resolveTimeout(raw: string | undefined): number {
  if (raw === undefined) return CLI_DEFAULTS.timeoutMs;
  const ms = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(ms >= 1 && ms <= MAX_TIMEOUT_MS)) {
    throw new UsageError(
      `--timeout must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got "${raw}"`,
    );
  }
  return ms;
}

function resolveName(raw: string | undefined): string | undefined {
  const name = resolveNonEmpty('--name', raw);
  if (name !== undefined && !/[A-Za-z0-9]/.test(name)) {
    throw new UsageError(`--name must contain a letter or digit, got "${raw}"`);
  }
  return name;
}

function resolveNonEmpty(option: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') throw new UsageError(`${option} must not be empty`);
  return raw.trim();
}
