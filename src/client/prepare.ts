import { encodeBody, isPlainObject } from './body.js';
import type { Call } from './call.js';
import { optionError } from './check.js';
import { fillPathParams } from './endpoint-map.js';
import { safeHeaders } from './headers.js';
import type { ResolvedClientConfig } from './options.js';
import { resolveLocale } from './options.js';
import { LAYER_OPTIONS } from './pipeline.js';
import { PARSE_AS } from './read-body.js';
import type { HttpMethod, RequestOptions } from './types.js';
import { buildUrl, searchParamsError } from './url.js';

const METHODS: ReadonlySet<string> = new Set<HttpMethod>([
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
]);

/** Request options the call itself reads (the layers' own are in pipeline.ts). */
const CALL_KEYS: ReadonlySet<string> = new Set([
  'searchParams',
  'params',
  'body',
  'errorLocale',
  'headers',
  'signal',
  'parseAs',
]);

/**
 * fetch options passed through to fetch as they are: RequestInit's keys but `method` (the call's own,
 * refused as an option, since it would be ignored), and undici's `dispatcher` and `duplex`. Any other
 * key is refused, so a misspelt option fails loudly.
 */
export const FETCH_KEYS: ReadonlySet<string> = new Set([
  'cache',
  'credentials',
  'integrity',
  'keepalive',
  'mode',
  'priority',
  'redirect',
  'referrer',
  'referrerPolicy',
  'window',
  'duplex',
  'dispatcher',
]);

/** Every key a RequestOptions object may have. */
export function isOptionKey(key: string): boolean {
  return CALL_KEYS.has(key) || FETCH_KEYS.has(key) || LAYER_OPTIONS.has(key);
}

const NO_INIT: RequestInit = Object.freeze({});

/**
 * Validates a request's options and merges them with the client's config into the Call the pipeline
 * sends. Every option is checked here, before anything is sent: a bad value is a TypeError or
 * RangeError naming `options.<name>`.
 */
export function prepareCall(
  client: ResolvedClientConfig,
  requestedMethod: HttpMethod,
  path: string,
  options: RequestOptions<unknown>,
): Call {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw optionError('options', 'be an object of request options', options);
  }
  const method = (
    typeof requestedMethod === 'string' ? requestedMethod.toUpperCase() : requestedMethod
  ) as HttpMethod;
  if (!METHODS.has(method)) {
    throw new RangeError(
      `method must be one of ${[...METHODS].join(', ')}, got ${JSON.stringify(requestedMethod)}`,
    );
  }
  let init = NO_INIT;
  for (const key in options) {
    if (!Object.hasOwn(options, key)) continue;
    const value = (options as Record<string, unknown>)[key];
    if (CALL_KEYS.has(key)) continue;
    if (FETCH_KEYS.has(key)) {
      if (init === NO_INIT) init = {};
      (init as Record<string, unknown>)[key] = value;
      continue;
    }
    const check = LAYER_OPTIONS.get(key);
    if (check !== undefined) {
      if (value !== undefined) check(`options.${key}`, value);
    } else if (value !== undefined) {
      throw new TypeError(
        key === 'method'
          ? 'options.method is not a request option: call the method itself (api.delete(...)) or api.request(method, path)'
          : `options.${key} is not a request option (misspelt?)`,
      );
    }
  }
  const { searchParams, body: rawBody, errorLocale, headers: requestHeaders, signal } = options;
  const headers = new Headers(client.defaultHeaders as [string, string][]);
  let ownType = false;
  if (requestHeaders !== undefined) {
    const given = safeHeaders('options.headers', requestHeaders);
    ownType = given.has('content-type');
    // `set`, not `append`: the request's value replaces the default of the same (case-insensitive) name.
    for (const [name, value] of given) headers.set(name, value);
  }
  if ((method === 'GET' || method === 'HEAD') && rawBody !== undefined && rawBody !== null) {
    throw new TypeError(`options.body: a ${method} request cannot have a body`);
  }
  const { body, replayable } = encodeBody(rawBody, headers, ownType);
  if (signal !== undefined && signal !== null && !(signal instanceof AbortSignal)) {
    throw new TypeError('options.signal must be an AbortSignal');
  }
  if (options.parseAs !== undefined && !PARSE_AS.has(options.parseAs)) {
    throw optionError(
      'options.parseAs',
      `be one of ${[...PARSE_AS].join(', ')}`,
      options.parseAs,
      RangeError,
    );
  }
  if (searchParams !== undefined && !isPlainObject(searchParams)) throw searchParamsError(searchParams);
  const callerSignal = signal ?? undefined;
  return {
    method,
    url: buildUrl(
      client.baseUrl,
      options.params === undefined ? path : fillPathParams(path, options.params),
      client.allowAbsoluteUrls,
      searchParams,
    ),
    headers,
    body,
    replayable,
    init,
    options,
    signal: callerSignal,
    locale: resolveLocale('options.errorLocale', errorLocale) ?? client.locale,
    errorMessages: client.errorMessages,
    state: {
      attempt: 1,
      signal: callerSignal,
      sent: undefined,
      response: undefined,
      trace: undefined,
      replaced: false,
      raw: false,
    },
  };
}
