import { isStream } from '../body.js';
import type { Call, LayerDefinition } from '../call.js';
import { safeHeaders } from '../headers.js';
import { optionalBoolean } from '../options.js';
import { discardBody } from '../response.js';
import type { InterceptedRequestInit, RequestInterceptor } from '../types.js';

/**
 * Interceptors (`interceptors.request` / `.response`, each one function or an array run in order;
 * `skipInterceptors` per request). Sits between the read step and fetch, so the request interceptors
 * run before every attempt (retries included) and the response interceptors see every response before
 * it is judged. A replaced response's body is released (see docs/client.md, "Interceptors").
 */
export const interceptors: LayerDefinition = {
  requestOptions: { skipInterceptors: optionalBoolean },
  create(client) {
    const config = client.interceptors;
    if (config === undefined) return undefined;
    const request = listOf(config.request);
    const response = listOf(config.response);
    return (next) => async (call) => {
      if (call.options.skipInterceptors === true) return next(call);
      let sent = call;
      if (request.length > 0) {
        // Each interceptor gets the previous one's [url, init].
        let url = call.url;
        let init = firstInit(call);
        let returned: RequestInit = init;
        for (let i = 0; i < request.length; i++) {
          if (i > 0) init = nextInit(returned, init.method);
          [url, returned] = await (request[i] as RequestInterceptor)(url, init);
        }
        sent = interceptedCall(call, url, returned);
      }
      const reply = await next(sent);
      if (response.length === 0) return reply;
      // The interceptors' own errors reach the caller as they are.
      let current = reply.response;
      try {
        for (const intercept of response) {
          const replaced = await intercept(current);
          // A replaced response leaves the previous one's body unread: drop it to free the connection.
          if (replaced !== current) discardBody(current);
          current = replaced;
        }
      } catch (error) {
        discardBody(current);
        throw error;
      }
      return current === reply.response ? reply : { data: undefined, response: current };
    };
  },
};

/** One interceptor or an array of them, as an array. */
export function listOf<F>(value: F | readonly F[] | undefined): readonly F[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? (value as readonly F[]) : [value as F];
}

/**
 * The init the first request interceptor gets: the headers as a plain object with lower-case names, so
 * `{ ...init.headers, authorization: 'x' }` works; never the call's own Headers, so one attempt cannot
 * leak into the next.
 */
function firstInit(call: Call): InterceptedRequestInit {
  return {
    ...call.init,
    method: call.method,
    headers: Object.fromEntries(call.headers),
    body: call.body ?? null,
  };
}

/** The init a later request interceptor gets: the previous one's, in the same shape as the first. */
function nextInit(returned: RequestInit, method: string): InterceptedRequestInit {
  return {
    ...returned,
    method: returned.method?.toUpperCase() ?? method,
    headers: Object.fromEntries(safeHeaders('interceptors.request headers', returned.headers, true)),
  };
}

/** The call as the request interceptors leave it. */
function interceptedCall(call: Call, url: string, returned: RequestInit): Call {
  const body = returned.body ?? undefined;
  return {
    ...call,
    url,
    init: returned,
    headers: safeHeaders('interceptors.request headers', returned.headers, true),
    body,
    // The interceptor may change the method too; HEAD/retry decisions follow what is sent.
    method: returned.method?.toUpperCase() ?? call.method,
    replayable: call.replayable && !isStream(body),
  };
}
