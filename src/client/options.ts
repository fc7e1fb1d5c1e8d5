import { MAX_TIMER_MS } from '../shared/timer-limit.js';
import { refuseUnknownKeys } from '../shared/unknown-keys.js';
import { checkBoolean, checkFunction, checkObject, optionError } from './check.js';
import { CircuitBreaker, type ResolvedCircuitBreaker, resolveCircuitBreaker } from './circuit-breaker.js';
import { safeHeaders } from './headers.js';
import { DEFAULT_REDACT_HEADER_KEYS } from './logging/redact.js';
import type { ErrorMessageOverrides } from './messages/index.js';
import { defaultListRequest, defaultListResponse } from './pagination.js';
import { type ResolvedRetryPolicy, resolveRetryPolicy } from './retry/policy.js';
import { realClock } from './timeout.js';
import type {
  ApiClientConfig,
  ApiClientInterceptors,
  Clock,
  FetchImpl,
  Locale,
  Logger,
  PaginationMapping,
} from './types.js';
import { parseBaseUrl } from './url.js';

/** The defaults of ApiClientConfig, in one place. */
export const CLIENT_DEFAULTS = {
  timeoutMs: 15_000,
  locale: 'en',
  allowAbsoluteUrls: false,
  disableInterceptors: false,
  logHeaders: false,
} as const satisfies Partial<ApiClientConfig>;

const LOCALES: ReadonlySet<string> = new Set<Locale>(['en', 'es']);

/** Every key of ApiClientConfig: any other is refused, so a misspelt option fails loudly. */
const CONFIG_KEYS: ReadonlySet<string> = new Set<keyof ApiClientConfig>([
  'baseUrl',
  'baseURL',
  'allowAbsoluteUrls',
  'defaultHeaders',
  'fetchImpl',
  'locale',
  'errorMessages',
  'timeoutMs',
  'totalTimeoutMs',
  'interceptors',
  'disableInterceptors',
  'logHeaders',
  'redactHeaderKeys',
  'logger',
  'retryPolicy',
  'circuitBreaker',
  'dedupe',
  'pagination',
  'clock',
]);

/** What other clients (ky, axios, ofetch) call some options, and typefetch's name for each. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  retry: 'retryPolicy',
  timeout: 'timeoutMs',
  headers: 'defaultHeaders',
  prefixUrl: 'baseUrl',
  hooks: 'interceptors',
  fetch: 'fetchImpl',
};

/** ApiClientConfig validated once, every default filled in. Code downstream never writes `??`. */
export interface ResolvedClientConfig {
  readonly baseUrl: URL | undefined;
  readonly allowAbsoluteUrls: boolean;
  /** `defaultHeaders` as entries, so each request starts from a fresh Headers. */
  readonly defaultHeaders: ReadonlyArray<[string, string]>;
  readonly fetch: FetchImpl;
  /**
   * `fetch` is the platform's own: aborting its signal errors the body of the Response it returned
   * (Fetch standard, "abort the fetch() call"), so that body can be read with `text()`.
   */
  readonly platformFetch: boolean;
  readonly locale: Locale;
  readonly errorMessages: ErrorMessageOverrides | undefined;
  readonly timeoutMs: number;
  /** `undefined`: no deadline for the whole call. */
  readonly totalTimeoutMs: number | undefined;
  /** `undefined` when there are none or `disableInterceptors` is set. */
  readonly interceptors: Readonly<ApiClientInterceptors> | undefined;
  readonly logHeaders: boolean;
  readonly redactHeaderKeys: readonly string[];
  readonly logger: Logger | undefined;
  readonly retryPolicy: ResolvedRetryPolicy | undefined;
  readonly circuitBreaker: ResolvedCircuitBreaker | undefined;
  /** The breaker of this client (a client made by `extend` may share its parent's). */
  readonly breaker: CircuitBreaker | undefined;
  readonly dedupe: boolean;
  readonly pagination: {
    readonly request: NonNullable<PaginationMapping['request']>;
    readonly response: NonNullable<PaginationMapping['response']>;
  };
  readonly clock: Clock;
}

/**
 * Validates `config` and fills in every default; TypeError/RangeError naming the option and value.
 * `inheritedBreaker`: a parent's breaker, shared by a client made by `extend` without its own.
 */
export function resolveClientConfig(
  config: ApiClientConfig,
  inheritedBreaker?: CircuitBreaker,
): ResolvedClientConfig {
  if (!isObject(config)) throw optionError('createApiClient(config): config', 'be an object', config);
  refuseUnknownKeys(config, CONFIG_KEYS, (key) => {
    const name = Object.hasOwn(OTHER_NAMES, key) ? OTHER_NAMES[key] : undefined;
    return `createApiClient(config): ${key} is not a client option (${name ? `typefetch calls it ${name}` : 'misspelt?'})`;
  });
  const baseOption = config.baseUrl !== undefined ? 'baseUrl' : 'baseURL';
  const baseValue = config.baseUrl ?? config.baseURL;
  if (typeof (config.fetchImpl ?? globalThis.fetch) !== 'function') {
    throw optionError('fetchImpl', 'be a function (no global fetch is available)', config.fetchImpl);
  }
  const disableInterceptors = optionalBoolean('disableInterceptors', config.disableInterceptors);
  if (config.pagination != null) checkObject('pagination', config.pagination, PAIR);
  const clock = resolveClock(config.clock);
  const breakerConfig = resolveCircuitBreaker(config.circuitBreaker);
  return {
    baseUrl: baseValue === undefined ? undefined : parseBaseUrl(baseOption, baseValue),
    allowAbsoluteUrls: optionalBoolean('allowAbsoluteUrls', config.allowAbsoluteUrls),
    defaultHeaders: [...safeHeaders('defaultHeaders', config.defaultHeaders)],
    // The global fetch of the moment of each call, not of the client's creation, so one patched later
    // (msw, tracing) is used; called on globalThis: some browsers throw "Illegal invocation" on a
    // detached call.
    fetch: config.fetchImpl ?? ((input, init) => globalThis.fetch(input, init)),
    platformFetch: config.fetchImpl === undefined,
    locale: resolveLocale('locale', config.locale) ?? CLIENT_DEFAULTS.locale,
    errorMessages: resolveErrorMessages(config.errorMessages),
    timeoutMs: resolveTimeout('timeoutMs', config.timeoutMs) ?? CLIENT_DEFAULTS.timeoutMs,
    totalTimeoutMs: resolveTimeout('totalTimeoutMs', config.totalTimeoutMs),
    interceptors: disableInterceptors ? undefined : resolveInterceptors(config.interceptors),
    logHeaders: optionalBoolean('logHeaders', config.logHeaders),
    redactHeaderKeys: resolveRedactKeys(config.redactHeaderKeys),
    logger: resolveLogger(config.logger),
    // Both are off unless configured; their resolvers validate the values given.
    retryPolicy: resolveRetryPolicy(config.retryPolicy),
    circuitBreaker: breakerConfig,
    breaker:
      inheritedBreaker ??
      (breakerConfig === undefined ? undefined : new CircuitBreaker(breakerConfig, () => clock.now())),
    // Off unless asked for (see docs/client.md, "Deduplication").
    dedupe: optionalBoolean('dedupe', config.dedupe),
    pagination: {
      request: optionalFunction('pagination.request', config.pagination?.request) ?? defaultListRequest,
      response: optionalFunction('pagination.response', config.pagination?.response) ?? defaultListResponse,
    },
    clock,
  };
}

/** A timeout in ms: a positive number up to 2^31-1, or Infinity for none. `undefined` passes through. */
export function resolveTimeout(option: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  // NaN fails `value > 0`.
  if (typeof value !== 'number' || !(value > 0 && (value <= MAX_TIMER_MS || value === Infinity))) {
    throw optionError(
      option,
      `be a positive number of ms (at most ${MAX_TIMER_MS}, or Infinity)`,
      value,
      RangeError,
    );
  }
  return value;
}

/** `en` or `es`; `undefined` passes through. */
export function resolveLocale(option: string, value: unknown): Locale | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && LOCALES.has(value)) return value as Locale;
  throw optionError(option, "be 'en' or 'es'", value, RangeError);
}

/** An optional boolean option; `undefined` is false. */
export function optionalBoolean(option: string, value: unknown): boolean {
  if (value === undefined) return false;
  checkBoolean(option, value);
  return value as boolean;
}

function optionalFunction<F>(option: string, value: F | undefined): F | undefined {
  if (value !== undefined) checkFunction(option, value);
  return value;
}

export function resolveErrorMessages(
  value: ApiClientConfig['errorMessages'],
): ErrorMessageOverrides | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw optionError('errorMessages', 'be an object', value);
  for (const [locale, messages] of Object.entries(value)) {
    resolveLocale('errorMessages key', locale);
    if (messages === undefined) continue;
    if (!isObject(messages)) throw optionError(`errorMessages.${locale}`, 'be an object', messages);
    for (const [status, text] of Object.entries(messages)) {
      if (!/^\d+$/.test(status)) {
        throw optionError(`errorMessages.${locale} keys`, 'be HTTP status codes', status, RangeError);
      }
      if (typeof text !== 'string') {
        throw optionError(`errorMessages.${locale}.${status}`, 'be a string', text);
      }
    }
  }
  return value;
}

/** The keys of `interceptors` and of `pagination`. */
const PAIR = ['request', 'response'];

/** Checks the interceptors: each of `request` and `response` one function or an array of functions. */
function resolveInterceptors(value: ApiClientInterceptors | undefined): ApiClientInterceptors | undefined {
  if (value === undefined) return undefined;
  // A function (a lone interceptor given in place of the object) would be ignored.
  checkObject('interceptors', value, PAIR);
  const request = functionOrList('interceptors.request', value.request);
  const response = functionOrList('interceptors.response', value.response);
  if (request === undefined && response === undefined) return undefined;
  return { request, response };
}

/** One function, or an array of them (copied, so a later change to the caller's array has no effect). */
function functionOrList<F>(
  option: string,
  value: F | readonly F[] | undefined,
): F | readonly F[] | undefined {
  if (!Array.isArray(value)) return optionalFunction(option, value as F | undefined);
  const list = Object.freeze([...(value as readonly F[])]);
  for (const [index, item] of list.entries()) checkFunction(`${option}[${index}]`, item);
  return list.length === 0 ? undefined : list;
}

function resolveRedactKeys(value: readonly string[] | undefined): readonly string[] {
  if (value === undefined) return DEFAULT_REDACT_HEADER_KEYS;
  if (!Array.isArray(value) || value.some((key) => typeof key !== 'string')) {
    throw optionError('redactHeaderKeys', 'be an array of header names', value);
  }
  return Object.freeze([...value]);
}

function resolveLogger(value: Logger | undefined): Logger | undefined {
  if (value === undefined) return undefined;
  for (const method of ['debug', 'info', 'warn', 'error'] as const) {
    if (!isObject(value) || typeof value[method] !== 'function') {
      throw optionError('logger', 'have debug, info, warn and error methods', value);
    }
  }
  return value;
}

function resolveClock(value: Clock | undefined): Clock {
  if (value === undefined) return realClock;
  if (!isObject(value) || typeof value.now !== 'function' || typeof value.sleep !== 'function') {
    throw optionError('clock', 'have now() and sleep(ms, signal) methods', value);
  }
  return value;
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}
