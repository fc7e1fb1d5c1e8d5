/**
 * `typefetch/undici`: an opt-in fast transport for Node. `createUndiciFetch()` returns a function with
 * fetch's signature and semantics, built on undici's dispatcher with a keep-alive Agent; hand it to
 * `createApiClient({ fetchImpl })`. Node-only (undici is an optional peer dependency).
 */
import type { Dispatcher } from 'undici';
import { resolveUndiciOptions, type UndiciFetchOptions } from './options.js';
import { REDIRECT_STATUSES, redirectRequest } from './redirect.js';
import { encodeFormData, normalizeRequest, readRequestBody } from './request-init.js';
import { dispatchRequest } from './response-handler.js';

export type { UndiciFetchOptions } from './options.js';

/** A fetch function backed by undici, with its dispatcher and a way to close it. */
export interface UndiciFetch {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The dispatcher requests go through. */
  readonly dispatcher: Dispatcher;
  /** Closes the Agent this function made (open requests finish first); a no-op for your own dispatcher. */
  close(): Promise<void>;
}

/**
 * Creates a fetch-compatible function on undici's keep-alive Agent: same results and errors as fetch
 * (status, status text, headers, streamed body, `Content-Encoding` decoding, redirects, abort with the
 * signal's reason, `TypeError('fetch failed', { cause })` on a network failure), at a fraction of the
 * cost per request.
 *
 * @example
 * import { createApiClient } from 'typefetch';
 * import { createUndiciFetch } from 'typefetch/undici';
 * const api = createApiClient({ baseUrl: 'http://127.0.0.1:3000', fetchImpl: createUndiciFetch() });
 */
export function createUndiciFetch(options?: UndiciFetchOptions): UndiciFetch {
  const { dispatcher, ownsDispatcher, maxRedirections } = resolveUndiciOptions(options);
  const undiciFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    let request = normalizeRequest(input, init);
    if (request.body instanceof FormData) request = await encodeFormData(request);
    else if (input instanceof Request && init?.body == null && input.body !== null) {
      request = await readRequestBody(request, input);
    }
    for (let redirects = 0; ; redirects++) {
      const response = await dispatchRequest(dispatcher, request);
      const isRedirect = REDIRECT_STATUSES.has(response.status);
      const location = isRedirect ? response.headers.get('location') : null;
      // redirect: 'error' refuses a redirect status with or without a Location, as fetch does.
      const refused = isRedirect && request.redirect === 'error';
      if ((location === null && !refused) || request.redirect === 'manual') {
        return withUrl(response, request.url, redirects > 0);
      }
      // The redirect's own body is not wanted: free the connection.
      response.body?.cancel().catch(() => {});
      if (refused) {
        throw new TypeError('fetch failed', { cause: new TypeError('unexpected redirect') });
      }
      if (redirects >= maxRedirections) {
        throw new TypeError('fetch failed', { cause: new TypeError('redirect count exceeded') });
      }
      request = redirectRequest(request, response.status, locationUrl(location as string, request.url));
    }
  };
  return Object.assign(undiciFetch, {
    dispatcher,
    close: (): Promise<void> => (ownsDispatcher ? dispatcher.close() : Promise.resolve()),
  });
}

/**
 * `response.url` and `response.redirected`, which only fetch itself can set through the constructor. Like
 * fetch's, the url has no fragment (`#` only ever starts one in a serialized URL).
 */
function withUrl(response: Response, url: URL, redirected: boolean): Response {
  const hash = url.href.indexOf('#');
  return withUrlOf(response, hash === -1 ? url.href : url.href.slice(0, hash), redirected);
}

/** Sets them, and makes `clone()` set them on each copy too (the platform's clone() would not). */
function withUrlOf(response: Response, href: string, redirected: boolean): Response {
  const clone = response.clone;
  Object.defineProperty(response, 'url', { value: href });
  if (redirected) Object.defineProperty(response, 'redirected', { value: true });
  Object.defineProperty(response, 'clone', {
    value: (): Response => withUrlOf(clone.call(response), href, redirected),
  });
  return response;
}

/** The URL a Location points to; one that is not a URL fails as with fetch: `TypeError('fetch failed')`. */
function locationUrl(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch (cause) {
    throw new TypeError('fetch failed', { cause });
  }
}
