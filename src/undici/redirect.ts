import type { NormalizedRequest } from './request-init.js';

/** Statuses fetch follows with `redirect: 'follow'` (when a Location header is present). */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

// Headers that describe the request body: dropped when a redirect turns the request into a GET.
const BODY_HEADERS: ReadonlySet<string> = new Set([
  'content-encoding',
  'content-language',
  'content-location',
  'content-type',
  'content-length',
]);
// Credentials never follow a redirect to another origin (as Node's fetch does), nor does a Host set by the
// caller, which names the origin left: the new one gets its own.
const CROSS_ORIGIN_DROPPED: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'host',
]);

/**
 * The request to send after a redirect, by the fetch standard's "HTTP-redirect fetch": 303 (except
 * HEAD), and 301/302 after a POST, become a GET without body; a stream body cannot be sent twice, so a
 * 307/308 with one fails; credentials and a set Host are dropped on a change of origin.
 */
export function redirectRequest(
  request: NormalizedRequest,
  status: number,
  location: URL,
): NormalizedRequest {
  if (location.protocol !== 'http:' && location.protocol !== 'https:') {
    throw new TypeError('fetch failed', {
      cause: new TypeError(`redirect to unsupported URL scheme ${location.protocol}`),
    });
  }
  const toGet =
    (status === 303 && request.method !== 'GET' && request.method !== 'HEAD') ||
    ((status === 301 || status === 302) && request.method === 'POST');
  if (!toGet && status !== 303 && isOneShot(request.body)) {
    throw new TypeError('fetch failed', {
      cause: new TypeError('cannot follow a redirect with a stream body'),
    });
  }
  const crossOrigin = location.origin !== request.url.origin;
  const headers: string[] = [];
  for (let i = 0; i < request.headers.length; i += 2) {
    const name = request.headers[i] as string;
    if ((toGet && BODY_HEADERS.has(name)) || (crossOrigin && CROSS_ORIGIN_DROPPED.has(name))) continue;
    headers.push(name, request.headers[i + 1] as string);
  }
  return {
    ...request,
    url: location,
    method: toGet ? 'GET' : request.method,
    headers,
    body: toGet || status === 303 ? null : request.body,
  };
}

function isOneShot(body: NormalizedRequest['body']): boolean {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body;
}
