// `format: 'openapi'` of captureTypes: every JSON exchange seen is kept, and the one OpenAPI 3.1
// document of all of them is rendered by the traffic code the CLI's `--har --format=openapi` uses, so
// templates, type names and servers are the same (docs/capture.md, "One OpenAPI document").
// No header is read but the content type (its media type goes into the document), and secret query values are dropped on arrival.
import { type TrafficTypeOptions, typeEndpoints } from '../traffic/endpoint-types.js';
import { groupEndpoints } from '../traffic/endpoints.js';
import { type Exchange, jsonMediaType, queryPairs } from '../traffic/har.js';
import { emitOpenApi } from '../traffic/openapi.js';
import { pathSegments } from '../traffic/template.js';

/** The file of `format: 'openapi'`, in the output folder. */
export const OPENAPI_FILE = 'openapi.json';

/** A request's JSON body and its media type, once read: `undefined` when it had none or it was not JSON. */
export type RequestBody = Promise<Exchange['body']>;

/**
 * The JSON body of a request, read without touching the request itself: a string body is parsed, a
 * `Request`'s body is read from a clone. Only a JSON content type counts, as in a HAR's `postData`.
 * Called before the request is sent (a sent Request's body cannot be cloned any more).
 */
export function requestBodyOf(input: RequestInfo | URL, init: RequestInit | undefined): RequestBody {
  const request = input instanceof Request ? input : undefined;
  const headers = new Headers(init?.headers ?? request?.headers);
  const mediaType = jsonMediaType(headers.get('content-type'));
  if (mediaType === undefined) return Promise.resolve(undefined);
  const parse = (text: string) => {
    const parsed = parseJson(text);
    return parsed && { value: parsed.value, mediaType };
  };
  if (init?.body !== undefined && init.body !== null) {
    return Promise.resolve(typeof init.body === 'string' ? parse(init.body) : undefined);
  }
  if (request === undefined || request.body === null || request.bodyUsed) return Promise.resolve(undefined);
  const copy = request.clone();
  return copy.text().then(parse, () => undefined);
}

/** One exchange as the traffic code takes it: origin without userinfo, no header, secret query values `''`. */
export function exchangeOf(
  method: string,
  url: URL,
  status: number,
  response: unknown,
  mediaType: string | undefined,
  body: Exchange['body'],
): Exchange {
  return {
    method,
    origin: url.origin,
    segments: pathSegments(url.pathname),
    query: queryPairs(url),
    status,
    response,
    mediaType,
    body,
  };
}

/** The OpenAPI 3.1 document of every exchange, as `typefetch --har --format=openapi` writes it. */
export function renderOpenApi(exchanges: readonly Exchange[], switches: TrafficTypeOptions): string {
  const { endpoints, servers } = groupEndpoints(exchanges);
  return emitOpenApi(typeEndpoints(endpoints, switches), { servers });
}

function parseJson(text: string): { value: unknown } | undefined {
  if (text.trim() === '') return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
