import { Agent, type Dispatcher } from 'undici';
import { showValue } from '../shared/show-value.js';
import { refuseUnknownKeys } from '../shared/unknown-keys.js';

/** Options of {@link createUndiciFetch}. */
export interface UndiciFetchOptions {
  /**
   * Your own undici dispatcher (an `Agent`, `Pool`, `ProxyAgent`, ...). When given, the other
   * connection options must be left out, and `close()` leaves it open: it is yours to close.
   * @default a keep-alive `Agent` made from the options below
   */
  dispatcher?: Dispatcher | undefined;
  /**
   * Most sockets open at once per origin. `undefined` means no limit (as Node's global fetch).
   * @default undefined
   * @example createUndiciFetch({ connections: 64 })
   */
  connections?: number | undefined;
  /**
   * How long an idle keep-alive socket stays open, in milliseconds (a server's `Keep-Alive: timeout`
   * hint, when shorter, wins).
   * @default 4000
   */
  keepAliveTimeoutMs?: number | undefined;
  /**
   * Redirects followed for `redirect: 'follow'` before the request fails, as fetch does.
   * @default 20
   */
  maxRedirections?: number | undefined;
}

/** The options, validated, with every default filled in. */
export interface ResolvedUndiciOptions {
  readonly dispatcher: Dispatcher;
  /** Whether `close()` closes the dispatcher (only the one we made). */
  readonly ownsDispatcher: boolean;
  readonly maxRedirections: number;
}

export const UNDICI_DEFAULTS = {
  keepAliveTimeoutMs: 4000,
  maxRedirections: 20,
} as const;

// Every key of UndiciFetchOptions: a misspelt one (or undici's own `keepAliveTimeout`) would otherwise be
// ignored without a word (docs/undici.md, "Options").
const UNDICI_KEYS: ReadonlySet<string> = new Set<keyof UndiciFetchOptions>([
  'dispatcher',
  'connections',
  'keepAliveTimeoutMs',
  'maxRedirections',
]);

/** Validates the options (TypeError/RangeError naming the option and the value) and makes the Agent. */
export function resolveUndiciOptions(options: UndiciFetchOptions = {}): ResolvedUndiciOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`createUndiciFetch(options): options must be an object, got ${showValue(options)}`);
  }
  refuseUnknownKeys(
    options,
    UNDICI_KEYS,
    (key) => `createUndiciFetch(options): ${key} is not an option of createUndiciFetch (misspelt?)`,
  );
  const { dispatcher, connections, keepAliveTimeoutMs, maxRedirections } = options;
  const redirects = integerOption('maxRedirections', maxRedirections, 0) ?? UNDICI_DEFAULTS.maxRedirections;
  if (dispatcher !== undefined) {
    if (typeof dispatcher !== 'object' || dispatcher === null || typeof dispatcher.dispatch !== 'function') {
      throw new TypeError(`dispatcher must be an undici Dispatcher, got ${showValue(dispatcher)}`);
    }
    if (connections !== undefined || keepAliveTimeoutMs !== undefined) {
      throw new TypeError(
        'dispatcher: connections and keepAliveTimeoutMs configure our own Agent; set them on yours',
      );
    }
    return { dispatcher, ownsDispatcher: false, maxRedirections: redirects };
  }
  const keepAlive =
    integerOption('keepAliveTimeoutMs', keepAliveTimeoutMs, 1) ?? UNDICI_DEFAULTS.keepAliveTimeoutMs;
  // undici lets a server's `Keep-Alive: timeout` hint raise the timeout up to keepAliveMaxTimeout (10
  // minutes by default): capped at ours, a hint can only shorten it (docs/undici.md, "Options").
  const agentOptions: Agent.Options = { keepAliveTimeout: keepAlive, keepAliveMaxTimeout: keepAlive };
  const limit = integerOption('connections', connections, 1);
  if (limit !== undefined) agentOptions.connections = limit;
  return { dispatcher: new Agent(agentOptions), ownsDispatcher: true, maxRedirections: redirects };
}

function integerOption(name: string, value: unknown, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer >= ${min}, got ${showValue(value)}`);
  }
  return value;
}
