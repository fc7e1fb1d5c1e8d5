import { type LayerDefinition, withRequest } from '../call.js';
import { optionError } from '../check.js';
import { safeHeaders } from '../headers.js';
import { redactUrl } from '../logging/redact.js';
import { optionalBoolean } from '../options.js';
import { discardBody } from '../response.js';
import { bounded } from '../timeout.js';
import type { InterceptedRequestInit } from '../types.js';
import { refuseCredentials } from '../url.js';

/**
 * Interceptors (`interceptors.request` / `.response`, each one function or an array run in order;
 * `skipInterceptors` per request). Sits between the read step and fetch, so the request interceptors
 * run before every attempt (retries included) and the response interceptors see every response before
 * it is judged. A replaced response's body is released (see docs/client.md, "Interceptors").
 */
export const interceptors: LayerDefinition = {
  requestOptions: { skipInterceptors: optionalBoolean },
  // An interceptor's own error reaches the caller as it is.
  ownErrors: true,
  createTransport(client) {
    const config = client.interceptors;
    if (config === undefined) return undefined;
    const request = listOf(config.request);
    const response = listOf(config.response);
    return (next) => async (call) => {
      if (call.options.skipInterceptors === true) return next(call);
      let sent = call;
      if (request.length > 0) {
        // Each interceptor gets the previous one's [url, init], in the same shape as the first.
        let { url, method, headers } = call;
        let init: RequestInit | undefined;
        for (const intercept of request) {
          const given: InterceptedRequestInit =
            init === undefined
              ? { ...call.init, method, headers: Object.fromEntries(headers), body: call.body ?? null }
              : { ...init, method, headers: Object.fromEntries(headers) };
          const returned: unknown = await bounded(intercept(url, given), call.state.signal);
          // A mistake here would surface as a puzzling TypeError, or as a network failure that is retried.
          if (!isRequest(returned)) throw wrongReturn('interceptors.request', 'return [url, init]', returned);
          [url, init] = returned;
          method = init.method?.toUpperCase() ?? method;
          headers = safeHeaders('interceptors.request headers', init.headers, true);
        }
        // fetch refuses a URL it cannot parse with a TypeError holding it in clear (a network failure).
        let target: URL;
        try {
          // Resolved as fetch does: against the page in a browser; Node has none.
          target = new URL(url, (globalThis as { location?: { href: string } }).location?.href);
        } catch {
          throw optionError('interceptors.request', 'return a valid absolute URL', redactUrl(String(url)));
        }
        refuseCredentials(target);
        // fetch's TypeError here would pass for a network failure too (and a GET is retried).
        const body = (init as RequestInit).body ?? undefined;
        if ((method === 'GET' || method === 'HEAD') && body !== undefined) {
          throw new TypeError(`interceptors.request: a ${method} request cannot have a body`);
        }
        // The method may change too; HEAD and retry decisions follow what is sent.
        sent = withRequest(call, method, url, headers, body, init as RequestInit);
      }
      // With no timeout and no caller signal the attempt has no signal (fetch gets none). A response
      // interceptor that read the body (or a clone) and threw leaves it locked, so it cannot be
      // cancelled: then the attempt gets a signal of its own, aborted to free the connection.
      let release: AbortController | undefined;
      if (response.length > 0 && call.state.signal === undefined) {
        release = new AbortController();
        call.state.signal = release.signal;
      }
      const fetched = await next(sent);
      // The interceptors' own errors reach the caller as they are.
      let current = fetched;
      try {
        for (const intercept of response) {
          const replaced = await bounded(intercept(current), call.state.signal);
          // Duck-typed: a Response of another fetch (undici's) is not an instance of the global one.
          if (typeof (replaced as Response | undefined)?.status !== 'number') {
            throw wrongReturn('interceptors.response', 'return a Response', replaced);
          }
          // A replaced response leaves the previous one's body unread: drop it to free the connection,
          // unless the new one carries that very body (`new Response(response.body, ...)`, to change
          // its headers): cancelling it would empty the new one.
          if (replaced !== current && replaced.body !== current.body) discardBody(current);
          current = replaced;
        }
      } catch (error) {
        discardBody(current);
        release?.abort();
        throw error;
      }
      if (current !== fetched) call.state.replaced = true;
      return current;
    };
  },
};

/**
 * The error for an interceptor that returned something else. A string is named by its kind only: it is
 * most likely the request's URL (with its secret query values) or a body read by mistake.
 */
function wrongReturn(option: string, requirement: string, value: unknown): Error {
  return typeof value === 'string'
    ? new TypeError(`${option} must ${requirement}, got a string`)
    : optionError(option, requirement, value);
}

/** One interceptor or an array of them, as an array. */
export function listOf<F>(value: F | readonly F[] | undefined): readonly F[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? (value as readonly F[]) : [value as F];
}

/** `[url, init]`: a string or URL, then an object. */
function isRequest(value: unknown): value is [string, RequestInit] {
  if (!Array.isArray(value)) return false;
  const [url, init] = value as unknown[];
  return (typeof url === 'string' || url instanceof URL) && typeof init === 'object' && init !== null;
}
