import { showValue } from '../shared/show-value.js';
import { encodeBody, isStream } from './body.js';
import { safeHeaders } from './headers.js';
import type { ErrorMessageOverrides } from './messages/index.js';
import { optionalBoolean, type ResolvedClientConfig, resolveLocale, resolveTimeout } from './options.js';
import type {
  ApiClientInterceptors,
  HttpMethod,
  Locale,
  RequestOptions,
  StandardSchemaV1,
  ValidationSchema,
} from './types.js';
import { buildUrl } from './url.js';

const METHODS: ReadonlySet<string> = new Set<HttpMethod>([
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
]);

/** One request's options, validated and merged with the client's, ready for the attempt loop. */
export interface PreparedRequest {
  readonly method: HttpMethod;
  readonly url: string;
  /** defaultHeaders merged with the request's headers (request wins); each attempt copies it. */
  readonly headers: Headers;
  readonly body: BodyInit | undefined;
  readonly replayable: boolean;
  /** The remaining fetch options (cache, credentials, redirect, ...), passed through as they are. */
  readonly init: RequestInit;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  readonly locale: Locale;
  readonly errorMessages: ErrorMessageOverrides | undefined;
  readonly validateResponse: ValidationSchema | StandardSchemaV1 | undefined;
  /** Retry applies: the client has a policy and the request did not set `skipRetry`. */
  readonly retry: boolean;
  /** `undefined` when interceptors are off for this request. */
  readonly interceptors: ApiClientInterceptors | undefined;
  readonly logHeaders: boolean;
}

/** Validates a request's options and merges them with the client's config. */
export function prepareRequest(
  client: ResolvedClientConfig,
  requestedMethod: HttpMethod,
  path: string,
  options: RequestOptions<unknown>,
): PreparedRequest {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`options must be an object of request options, got ${showValue(options)}`);
  }
  const method = (
    typeof requestedMethod === 'string' ? requestedMethod.toUpperCase() : requestedMethod
  ) as HttpMethod;
  if (!METHODS.has(method)) {
    throw new RangeError(
      `method must be one of ${[...METHODS].join(', ')}, got ${JSON.stringify(requestedMethod)}`,
    );
  }
  // Everything not named here is a fetch option (cache, credentials, redirect, ...).
  const {
    searchParams,
    body: rawBody,
    errorLocale,
    timeoutMs,
    validateResponse,
    skipRetry,
    skipInterceptors,
    logHeaders,
    headers: requestHeaders,
    signal,
    ...init
  } = options;
  const headers = new Headers(client.defaultHeaders as [string, string][]);
  if (requestHeaders !== undefined) {
    // `set`, not `append`: the request's value replaces the default of the same (case-insensitive) name.
    for (const [name, value] of safeHeaders('options.headers', requestHeaders)) headers.set(name, value);
  }
  if ((method === 'GET' || method === 'HEAD') && rawBody !== undefined && rawBody !== null) {
    throw new TypeError(`options.body: a ${method} request cannot have a body`);
  }
  const { body, replayable } = encodeBody(rawBody, headers);
  // undici (Node's fetch) refuses a stream body without `duplex: 'half'`.
  if (isStream(body)) (init as { duplex?: string }).duplex = 'half';
  if (signal !== undefined && signal !== null && !(signal instanceof AbortSignal)) {
    throw new TypeError('options.signal must be an AbortSignal');
  }
  if (validateResponse !== undefined && (typeof validateResponse !== 'object' || validateResponse === null)) {
    throw new TypeError('options.validateResponse must be a validation schema or a Standard Schema');
  }
  if (searchParams !== undefined && (typeof searchParams !== 'object' || searchParams === null)) {
    throw new TypeError(
      `options.searchParams must be an object of query parameters, got ${showValue(searchParams)}`,
    );
  }
  return {
    method,
    url: buildUrl(client.baseUrl, path, client.allowAbsoluteUrls, searchParams),
    headers,
    body,
    replayable,
    init,
    signal: signal ?? undefined,
    timeoutMs: resolveTimeout('options.timeoutMs', timeoutMs) ?? client.timeoutMs,
    locale: resolveLocale('options.errorLocale', errorLocale) ?? client.locale,
    errorMessages: client.errorMessages,
    validateResponse,
    retry: client.retryPolicy !== undefined && !optionalBoolean('options.skipRetry', skipRetry),
    interceptors: optionalBoolean('options.skipInterceptors', skipInterceptors)
      ? undefined
      : client.interceptors,
    logHeaders:
      logHeaders === undefined ? client.logHeaders : optionalBoolean('options.logHeaders', logHeaders),
  };
}
