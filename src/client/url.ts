import { optionError } from './check.js';
import { redactUrl } from './logging/redact.js';
import type { SearchParams } from './types.js';

/** `scheme:` at the start of a string (RFC 3986 section 3.1): the path is an absolute URL. */
const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

/** Parses `baseUrl` once; TypeError naming the option and value when it is not an absolute http(s) URL. */
export function parseBaseUrl(option: 'baseUrl' | 'baseURL', value: unknown): URL {
  let url: URL | undefined;
  if (typeof value === 'string' && ABSOLUTE_URL.test(value)) {
    try {
      url = new URL(value);
    } catch {
      // Falls through to the error below.
    }
  }
  if (url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:')) {
    // The path is joined to the base's origin, which has no userinfo: it would be dropped silently.
    if (url.username !== '' || url.password !== '') {
      throw new TypeError(
        `${option} must not contain credentials (user:password@), got ${JSON.stringify(redactUrl(url.href))}: ` +
          'fetch cannot send them. Send them in an Authorization header (defaultHeaders).',
      );
    }
    return url;
  }
  // A string is shown with its secret query values and credentials redacted, as in the logs.
  const shown = typeof value === 'string' ? redactUrl(value) : value;
  throw new TypeError(`${option} must be an absolute http(s) URL, got ${JSON.stringify(shown)}`);
}

/**
 * The URL of a request: `path` joined to `base` with exactly one `/`, the base's own path and query
 * kept; then `searchParams` appended after any query the path already has. `.` and `..` segments the
 * caller wrote in `path` are resolved by URL parsing, even out of the base's path: values that are not
 * the caller's code go in `params`, which refuses them (docs/client.md, "URLs").
 *
 * An absolute `path` of another origin than the base is refused unless `allowAbsoluteUrls`, so the
 * client's default headers (credentials) never go to a host the caller did not configure
 * (the class of axios CVE-2025-27152).
 */
export function buildUrl(
  base: URL | undefined,
  path: string,
  allowAbsoluteUrls: boolean,
  searchParams: SearchParams | undefined,
): string {
  if (typeof path !== 'string') {
    throw new TypeError(`path must be a string, got ${typeof path}`);
  }
  let url: URL;
  if (ABSOLUTE_URL.test(path)) {
    url = parseAbsolute(path);
    refuseCredentials(url);
    if (base !== undefined && url.origin !== base.origin && !allowAbsoluteUrls) {
      if (url.origin === 'null') {
        // `documents:batchGet` (a Google API method) parses as a URL of scheme `documents:`.
        const shown = redactUrl(path);
        throw new TypeError(
          `Refusing to send a request to ${JSON.stringify(shown)}: it reads as a URL of scheme ` +
            `"${url.protocol}", not as a path under baseUrl. Write the path as /${shown} ` +
            '(or set allowAbsoluteUrls: true to send it as a URL).',
        );
      }
      throw new TypeError(
        `Refusing to send a request to ${url.origin}: it is not the origin of baseUrl (${base.origin}). ` +
          'Set allowAbsoluteUrls: true to allow other origins.',
      );
    }
  } else if (base === undefined) {
    throw new TypeError(
      `Cannot resolve the relative path ${JSON.stringify(redactUrl(path))}: no baseUrl is configured. ` +
        'Set baseUrl or pass an absolute URL.',
    );
  } else if (searchParams === undefined) {
    return joinedHref(base, path);
  } else {
    url = join(base, path);
  }
  if (searchParams !== undefined) appendSearchParams(url, searchParams);
  return url.href;
}

/**
 * The query `base` adds to the URL of `path` (see buildUrl): its own query, or none when it has none or
 * `path` is an absolute URL (then the base is not used).
 */
export function baseQuery(base: URL | undefined, path: string): URLSearchParams | undefined {
  return base === undefined || base.search === '' || ABSOLUTE_URL.test(path) ? undefined : base.searchParams;
}

/**
 * Throws when `url` carries userinfo: fetch refuses such a URL with a TypeError that holds it in clear,
 * which would pass for a network failure (and be retried). Also checks what a request interceptor returns.
 */
export function refuseCredentials(url: URL): void {
  if (url.username !== '' || url.password !== '') {
    throw new TypeError(
      `Refusing to send a request to ${redactUrl(url.href)}: a URL cannot carry credentials ` +
        '(user:password@). Send them in an Authorization header.',
    );
  }
}

/** Joined URLs of each base, by path: a client calls few distinct paths, each parsed once. */
const JOINED = new WeakMap<URL, Map<string, string>>();
/** Past this many paths per base (ids in paths make them unbounded) the cache starts over. */
const MAX_JOINED = 512;

/** `join(base, path).href`, parsed once per base and path (a URL object per request costs on the hot path). */
function joinedHref(base: URL, path: string): string {
  let paths = JOINED.get(base);
  if (paths === undefined) {
    paths = new Map();
    JOINED.set(base, paths);
  }
  let href = paths.get(path);
  if (href === undefined) {
    href = join(base, path).href;
    if (paths.size >= MAX_JOINED) paths.clear();
    paths.set(path, href);
  }
  return href;
}

function parseAbsolute(path: string): URL {
  try {
    return new URL(path);
  } catch {
    throw new TypeError(`path is not a valid URL: ${JSON.stringify(redactUrl(path))}`);
  }
}

function join(base: URL, path: string): URL {
  const basePath = base.pathname.replace(/\/+$/, '');
  // Leading slashes are dropped so `//other.host/x` stays a path under the base, never a new host.
  // An empty path, or one that is only a query or fragment, stays on the base's own path.
  const joined =
    path === '' || path[0] === '?' || path[0] === '#'
      ? base.pathname + path
      : `${basePath}/${path.replace(/^\/+/, '')}`;
  const url = new URL(base.origin + joined);
  if (base.search !== '') {
    // The base's query (e.g. a fixed API version) comes first, then the path's own query.
    url.search = url.search === '' ? base.search : `${base.search}&${url.search.slice(1)}`;
  }
  return url;
}

/**
 * The error for query parameters that are not a plain object (`searchParams`, getList's `filters`, what
 * `pagination.request` returns). A URLSearchParams, a Map or any class instance has no own keys to
 * read, so it would send none of its parameters.
 */
export function searchParamsError(value: unknown, option = 'options.searchParams'): TypeError {
  if (typeof value !== 'object' || value === null) {
    // A query string (`'page=2&api_key=...'`, as ky takes it) is shown with its secret values redacted.
    const shown =
      typeof value !== 'string'
        ? value
        : value.startsWith('?')
          ? redactUrl(value)
          : redactUrl(`?${value}`).slice(1);
    return optionError(option, 'be an object of query parameters', shown);
  }
  const kind = Array.isArray(value)
    ? 'an array'
    : `a ${(Object.getPrototypeOf(value) as { constructor?: { name?: string } }).constructor?.name || 'class instance'}`;
  return new TypeError(`${option} must be a plain object of query parameters ({ name: value }), got ${kind}`);
}

/**
 * Appends `params` to the URL's query without re-encoding the query the path already has.
 * Strings, numbers and booleans as `String(v)`; arrays repeat the key; null and undefined left out.
 */
function appendSearchParams(url: URL, params: SearchParams): void {
  const extra = new URLSearchParams();
  for (const key of Object.keys(params)) {
    const value = params[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly unknown[]) extra.append(key, toQueryValue(key, item));
    } else {
      extra.append(key, toQueryValue(key, value));
    }
  }
  const added = extra.toString();
  if (added === '') return;
  url.search = url.search === '' ? added : `${url.search.slice(1)}&${added}`;
}

/**
 * Throws unless `value` can be sent as the query parameter `key` (as appendSearchParams sends it): null,
 * undefined, or a string, number, boolean or an array of those. The message names `${option}.${key}`.
 */
export function checkQueryValue(option: string, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  for (const item of Array.isArray(value) ? (value as readonly unknown[]) : [value]) {
    toQueryValue(key, item, option);
  }
}

function toQueryValue(key: string, value: unknown, option = 'searchParams'): string {
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean' || type === 'bigint') {
    return String(value);
  }
  throw new TypeError(
    `${option}.${key} must be a string, number, boolean or an array of those, got ${
      value === null ? 'null' : type
    }`,
  );
}
