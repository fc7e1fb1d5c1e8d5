import type { RequestBody, RequestOptions } from './types.js';

/** A body ready for fetch. */
export interface EncodedBody {
  readonly body: BodyInit | undefined;
  /** False for a stream: it can be sent only once, so it is never retried. */
  readonly replayable: boolean;
}

const NO_BODY: EncodedBody = { body: undefined, replayable: true };

/** An object literal (or `Object.create(null)`), not a class instance such as FormData or Date. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Encodes a request body. Plain objects and arrays become JSON, with `Content-Type: application/json`
 * unless `headers` already has a content type (mutated in place); everything else fetch accepts
 * (FormData, Blob, ArrayBuffer, typed arrays, URLSearchParams, strings, streams) is sent as it is,
 * so fetch sets its content type (multipart boundary, Blob type, form encoding, text/plain).
 * For FormData any content type already set is dropped, since it could not carry the boundary.
 */
export function encodeBody(body: RequestBody | undefined, headers: Headers): EncodedBody {
  if (body === undefined || body === null) return NO_BODY;
  if (Array.isArray(body) || isPlainObject(body)) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return { body: JSON.stringify(body), replayable: true };
  }
  // Only fetch knows the multipart boundary; a content type set by hand (often a JSON default in
  // defaultHeaders) would make the body unreadable for the server.
  if (typeof FormData !== 'undefined' && body instanceof FormData) headers.delete('content-type');
  return { body: body as BodyInit, replayable: !isStream(body) };
}

/** Whether a body is a ReadableStream (which fetch consumes, and which needs `duplex: 'half'`). */
export function isStream(body: unknown): body is ReadableStream {
  return typeof ReadableStream !== 'undefined' && body instanceof ReadableStream;
}

/**
 * Keys that make an object a RequestOptions object in `post(path, x)`: the client's own options and
 * every key of fetch's RequestInit (including undici's `dispatcher` and `duplex`).
 */
const OPTION_KEYS: ReadonlySet<string> = new Set([
  'searchParams',
  'body',
  'errorLocale',
  'timeoutMs',
  'validateResponse',
  'skipRetry',
  'skipInterceptors',
  'logHeaders',
  'cache',
  'credentials',
  'headers',
  'integrity',
  'keepalive',
  'method',
  'mode',
  'priority',
  'redirect',
  'referrer',
  'referrerPolicy',
  'signal',
  'window',
  'duplex',
  'dispatcher',
]);

/**
 * Whether the second argument of `post/put/patch` is RequestOptions: a plain object with an own `body`
 * key, all of whose keys are option keys. So `{ title: 'a', body: 'b', userId: 1 }` is a body (it has
 * keys no option has), and `{ body: {...}, headers: {...} }` is options.
 */
export function isRequestOptions(value: unknown): value is RequestOptions {
  if (!isPlainObject(value) || !Object.hasOwn(value, 'body')) return false;
  for (const key of Object.keys(value)) if (!OPTION_KEYS.has(key)) return false;
  return true;
}

/**
 * The options of a two- or three-argument `post/put/patch` call. With a third argument the second
 * one is always the body; a body given in both places is a TypeError.
 */
export function bodyCallOptions<T>(
  method: string,
  bodyOrOptions: RequestBody | RequestOptions<T> | undefined,
  options: RequestOptions<T> | undefined,
): RequestOptions<T> {
  if (options === undefined) {
    if (isRequestOptions(bodyOrOptions)) return bodyOrOptions as RequestOptions<T>;
    return bodyOrOptions === undefined ? {} : { body: bodyOrOptions as RequestBody };
  }
  if (bodyOrOptions === undefined) return options;
  if (options.body !== undefined) {
    throw new TypeError(
      `${method.toLowerCase()}(): the body is given twice, as the second argument and as options.body`,
    );
  }
  return { ...options, body: bodyOrOptions as RequestBody };
}
