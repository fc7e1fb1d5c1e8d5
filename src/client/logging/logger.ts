import { refuseUnknownKeys } from '../../shared/unknown-keys.js';
import type { LogData, Logger } from '../types.js';

/** Levels of createLogger, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Options of {@link createLogger}. */
export interface CreateLoggerOptions {
  /** Prefix of every line, written as `[namespace]`; an empty string writes no prefix. @default 'typefetch' */
  namespace?: string | undefined;
  /** Lines below this level are dropped; `silent` drops all. @default 'info' */
  level?: LogLevel | undefined;
  /** Where a finished line goes. @default console.error (stderr in Node) */
  write?: ((line: string) => void) | undefined;
}

interface ResolvedLoggerOptions {
  readonly prefix: string;
  readonly threshold: number;
  readonly write: (line: string) => void;
}

// `Infinity`, not `Number.POSITIVE_INFINITY`: a bundler cannot prove a property read pure, and would keep
// this table in a bundle that never calls createLogger.
const LEVEL_RANK = { debug: 10, info: 20, warn: 30, error: 40, silent: Infinity } as const;

/** The defaults of createLogger's options (docs/logging.md, "createLogger(options)"). */
export const LOGGER_DEFAULTS = { namespace: 'typefetch', level: 'info' } as const;

/** Every key of CreateLoggerOptions: any other is refused, so a misspelt option fails loudly. */
const LOGGER_KEYS: ReadonlySet<string> = new Set<keyof CreateLoggerOptions>(['namespace', 'level', 'write']);

function resolveLoggerOptions(options: CreateLoggerOptions): ResolvedLoggerOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`createLogger: options must be an object, got ${String(options)}`);
  }
  refuseUnknownKeys(
    options,
    LOGGER_KEYS,
    // The client's logging options given to the logger, which only writes the lines it is handed.
    (key) =>
      `createLogger: ${key} is not a logger option (${
        key === 'logHeaders' || key === 'redactHeaderKeys' ? 'it is one of createApiClient' : 'misspelt?'
      })`,
  );
  const namespace = options.namespace ?? LOGGER_DEFAULTS.namespace;
  if (typeof namespace !== 'string') {
    throw new TypeError(`createLogger: namespace must be a string, got ${JSON.stringify(namespace)}`);
  }
  const level = options.level ?? LOGGER_DEFAULTS.level;
  if (!Object.hasOwn(LEVEL_RANK, level)) {
    throw new RangeError(
      `createLogger: level must be one of debug, info, warn, error, silent, got ${JSON.stringify(level)}`,
    );
  }
  if (options.write !== undefined && typeof options.write !== 'function') {
    throw new TypeError(`createLogger: write must be a function, got ${typeof options.write}`);
  }
  return {
    prefix: namespace === '' ? '' : `[${namespace}] `,
    threshold: LEVEL_RANK[level],
    // Looked up on each call, not captured, so a console.error replaced later (tests, log shippers) is used.
    write: options.write ?? ((line) => console.error(line)),
  };
}

/**
 * JSON of the data, one line whatever it holds: circular references become `"[Circular]"`, bigints
 * their decimal string, Errors `{ name, message }` (JSON.stringify would write `{}`).
 */
export function stringifyLogData(data: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(data, (_key, value: unknown) => {
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (typeof value === 'object' && value !== null) {
      if (seen.has(value)) return '[Circular]';
      seen.add(value);
    }
    return value;
  });
}

/** `message` on one line: a line break inside it would let one log call forge another line. */
function oneLine(message: string): string {
  return message.replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n');
}

/**
 * A small leveled logger; lines go to stderr, prefixed with the namespace. Each call writes one line:
 * `[<namespace>] <LEVEL> <message> <data as JSON>`, the JSON left out when `data` is empty.
 * Methods take `(data, message)` like pino; `(message)` alone works too.
 * @example
 * const logger = createLogger({ namespace: 'api', level: 'debug' });
 * logger.warn({ status: 500 }, 'request failed'); // [api] WARN request failed {"status":500}
 */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const { prefix, threshold, write } = resolveLoggerOptions(options);
  const method =
    (level: Exclude<LogLevel, 'silent'>) =>
    (data: LogData | string, message?: string): void => {
      if (LEVEL_RANK[level] < threshold) return;
      // pino accepts `logger.info('text')` too; so do we, so one logger serves both call styles.
      const [fields, text] = typeof data === 'string' ? [undefined, data] : [data, message ?? ''];
      const json = fields !== undefined && fields !== null ? stringifyLogData(fields) : undefined;
      const body = text === '' ? '' : ` ${oneLine(String(text))}`;
      const tail = json === undefined || json === '{}' ? '' : ` ${json}`;
      write(`${prefix}${level.toUpperCase()}${body}${tail}`);
    };
  // isLevelEnabled (pino's name) lets the client skip building lines this logger would drop.
  const isLevelEnabled = (level: string): boolean =>
    level !== 'silent' && Object.hasOwn(LEVEL_RANK, level) && LEVEL_RANK[level as LogLevel] >= threshold;
  return {
    debug: method('debug'),
    info: method('info'),
    warn: method('warn'),
    error: method('error'),
    isLevelEnabled,
  } as Logger;
}
