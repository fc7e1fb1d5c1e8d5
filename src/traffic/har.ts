// HAR 1.2 text -> the exchanges worth typing: requests whose response body is JSON, and 2xx answers
// without a body (204, 205, an empty JSON body), which the client resolves to `undefined`. Everything
// else is counted, never kept. Headers and cookies are never read (only the content types are), and the
// values of secret-named query parameters are dropped here, so no later step can write them
// (docs/traffic.md).
import { isSecretName } from '../client/logging/redact.js';
import { pathSegments } from './template.js';

/** One request and its JSON response, as the later steps need it: no header, no cookie, no secret value. */
export interface Exchange {
  /** Upper case: `GET`. */
  readonly method: string;
  /** `https://api.example.com` (no userinfo). */
  readonly origin: string;
  /** The path's segments, still percent-encoded, empty ones dropped: `/users/1/` -> `['users', '1']`. */
  readonly segments: readonly string[];
  /** The query string's pairs in order; a secret-named parameter's value is `''`. */
  readonly query: readonly (readonly [name: string, value: string])[];
  readonly status: number;
  /** The parsed JSON response body; `undefined` when `empty`. */
  readonly response: unknown;
  /**
   * The response's JSON media type, lower case without parameters (`application/problem+json`);
   * `undefined` when `empty` or not known (then `application/json` is assumed).
   */
  readonly mediaType?: string | undefined;
  /**
   * A 2xx answer without a body (204, 205, an empty JSON body): the client resolves such a call to
   * `undefined`. Never set on other statuses.
   */
  readonly empty?: true;
  /** The parsed JSON request body, when the request had one, and its JSON media type (as `mediaType`). */
  readonly body?: { readonly value: unknown; readonly mediaType?: string | undefined } | undefined;
}

/** Why entries were left out, and how many. */
export interface Skipped {
  /** All entries left out. */
  readonly total: number;
  /**
   * The response is not JSON: another content type, no body outside a 2xx (HEAD, 304, redirects, an empty
   * error), or a body that does not parse.
   */
  readonly notJson: number;
  /** The response says JSON, but the HAR holds no text for it (saved without content). */
  readonly notRecorded: number;
  /** The entry lacks what HAR 1.2 requires (method, an http(s) URL, a status from 100 to 599). */
  readonly malformed: number;
  /**
   * A CORS preflight: an `OPTIONS` request with `Access-Control-Request-Method`, which the browser sent
   * before a cross-origin call, not a call of the app (Chromium's devtools save them beside the calls).
   */
  readonly preflight: number;
}

/** A file that is not HAR. The message is one line, naming what was wrong and what to do. */
export class HarError extends Error {
  override name = 'HarError';
}

const HINT = 'save one with the browser devtools (Network tab, "Save all as HAR")';

/** The exchanges of a HAR text. @throws HarError when the text is not a HAR 1.x document. */
export function parseHar(text: string): { exchanges: Exchange[]; skipped: Skipped } {
  let document: unknown;
  try {
    document = JSON.parse(withoutBom(text));
  } catch {
    // JSON.parse's message may quote the text, and a HAR holds secrets: it is not repeated.
    throw new HarError(`not a HAR file: the text is not JSON; ${HINT}`);
  }
  const log = isObject(document) ? document['log'] : undefined;
  if (!isObject(log) || !Array.isArray(log['entries'])) {
    throw new HarError(`not a HAR file: no "log.entries" array at the top level; ${HINT}`);
  }
  const exchanges: Exchange[] = [];
  const counts = { notJson: 0, notRecorded: 0, malformed: 0, preflight: 0 };
  for (const entry of log['entries'] as unknown[]) {
    const result = readEntry(entry);
    if (typeof result === 'string') counts[result]++;
    else exchanges.push(result);
  }
  const total = counts.notJson + counts.notRecorded + counts.malformed + counts.preflight;
  return { exchanges, skipped: { total, ...counts } };
}

type SkipReason = 'notJson' | 'notRecorded' | 'malformed' | 'preflight';

function readEntry(entry: unknown): Exchange | SkipReason {
  if (!isObject(entry)) return 'malformed';
  const { request, response } = entry;
  if (!isObject(request) || !isObject(response)) return 'malformed';
  const { method, url: rawUrl } = request;
  const status = response['status'];
  if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method) || typeof rawUrl !== 'string') {
    return 'malformed';
  }
  // Browsers save a request that got no response (blocked, cancelled, offline) with status 0: no status.
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
    return 'malformed';
  }
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'malformed';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'malformed';
  const content = isObject(response['content']) ? response['content'] : {};
  const upper = method.toUpperCase();
  if (upper === 'OPTIONS' && isPreflight(request['headers'])) return 'preflight';
  if (upper === 'HEAD' || status === 304) return 'notJson';
  const bodyText = decodeText(content['text'], content['encoding']);
  const exchange = () => ({
    method: upper,
    origin: url.origin,
    segments: pathSegments(url.pathname),
    query: queryPairs(url),
    status,
    body: requestBody(request['postData']),
  });
  if (isEmptySuccess(status, content['mimeType'], bodyText)) {
    return { ...exchange(), response: undefined, empty: true };
  }
  if (!isJsonType(content['mimeType'])) return 'notJson';
  if (bodyText === undefined) return 'notRecorded';
  // An empty body outside a 2xx: nothing to type.
  if (bodyText === '') return 'notJson';
  const parsed = parseJson(bodyText);
  if (parsed === undefined) return 'notJson';
  return { ...exchange(), response: parsed.value, mediaType: jsonMediaType(content['mimeType']) };
}

/** Whether the request's headers hold `Access-Control-Request-Method`, which only a CORS preflight sends. */
function isPreflight(headers: unknown): boolean {
  return (
    Array.isArray(headers) &&
    headers.some(
      (header) =>
        isObject(header) &&
        typeof header['name'] === 'string' &&
        header['name'].toLowerCase() === 'access-control-request-method',
    )
  );
}

/**
 * A 2xx answer the client resolves to `undefined`: a 204 or 205 (whatever the HAR holds), or an empty
 * text, which browsers save as `"text": ""`, with a JSON content type or none (`x-unknown` is how
 * Chromium writes none). An empty text under another type is not taken for an empty body: Chromium saves
 * images that way.
 */
function isEmptySuccess(status: number, mimeType: unknown, text: string | undefined): boolean {
  if (status === 204 || status === 205) return true;
  if (status < 200 || status >= 300 || text !== '') return false;
  return isJsonType(mimeType) || mimeType === undefined || mimeType === '' || mimeType === 'x-unknown';
}

/** A 2xx answer with a JSON body: a sample of the endpoint's response type and evidence of its resource. */
export function isSuccessBody(exchange: Pick<Exchange, 'status' | 'empty'>): boolean {
  return exchange.status >= 200 && exchange.status < 300 && exchange.empty !== true;
}

/** The query string's pairs in order, the value of a secret-named parameter dropped (`''`). */
export function queryPairs(url: URL): Exchange['query'] {
  return [...url.searchParams].map(([name, value]) => [name, isSecretName(name) ? '' : value] as const);
}

/** `application/json` and every `*+json` type, as the client parses them (docs/client.md). */
export function isJsonType(mimeType: unknown): boolean {
  return jsonMediaType(mimeType) !== undefined;
}

/** The JSON media type of a content type, lower case without parameters; `undefined` for any other. */
export function jsonMediaType(mimeType: unknown): string | undefined {
  if (typeof mimeType !== 'string') return undefined;
  const essence = mimeType.split(';')[0]!.trim().toLowerCase();
  return essence === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(essence)
    ? essence
    : undefined;
}

function requestBody(postData: unknown): Exchange['body'] {
  if (!isObject(postData)) return undefined;
  const mediaType = jsonMediaType(postData['mimeType']);
  if (mediaType === undefined) return undefined;
  const text = decodeText(postData['text'], postData['encoding']);
  const parsed = text === undefined ? undefined : parseJson(text);
  return parsed && { value: parsed.value, mediaType };
}

function decodeText(text: unknown, encoding: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  if (encoding === 'base64') return Buffer.from(text, 'base64').toString('utf8');
  return text;
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(withoutBom(text)) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * The text without a leading byte-order mark: legal in a saved file and in a body (the client's
 * `response.text()` drops it), illegal in JSON.parse.
 */
function withoutBom(text: string): string {
  return text.replace(/^\uFEFF/, '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
