import { isJsonContentType } from '../../client/response.js';
import { basicAuthorization, type HeaderArg, hasHeader } from '../args/headers.js';
import { RunError } from '../errors.js';
import { escapeControls } from '../terminal/escape.js';
import { networkFailureMessage } from './network-failure.js';
import { formatOfContentType, parseSamples } from './samples-text.js';

/** What {@link fetchSamples} sends. */
export interface JsonRequest {
  readonly method: string;
  /** May carry userinfo: it is sent as `Authorization: Basic`, never in the request line. */
  readonly url: URL;
  readonly body: string | undefined;
  readonly headers: readonly HeaderArg[];
  readonly timeoutMs: number;
}

// The fetch standard's own limit on redirects.
const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Enough of an error body to say what went wrong, without reading a huge error page.
const EXCERPT_BYTES = 300;

/**
 * Sends the request and parses the response as JSON: one sample, or one per line for a JSON Lines body
 * (`Content-Type: application/x-ndjson` or `application/jsonl`, or a body that is not one JSON document
 * but whose lines each are). Failures are {@link RunError}s with the messages of docs/cli.md, "Errors and what to do":
 * `HTTP <status>: <status text>`, `fetch failed: <reason>`, the JSON parser's own message for a body that claims
 * to be JSON, and the status and content type of a 2xx response that is not JSON.
 *
 * Redirects are followed here rather than by fetch so that the caller's headers (often credentials such as
 * `X-Api-Key`, which fetch would forward) never go to another origin.
 * One AbortSignal.timeout covers every hop and the reading of the body.
 */
export async function fetchSamples(request: JsonRequest, fetchImpl: typeof fetch): Promise<unknown[]> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  const origin = request.url.origin;
  let url = withoutUserinfo(request.url);
  let method = request.method;
  let body = request.body;
  for (let hop = 0; ; hop++) {
    const headers = buildHeaders(request, url.origin === origin, body !== undefined);
    const response = await send(
      fetchImpl,
      url,
      { method, headers, body: body ?? null, signal, redirect: 'manual' },
      request,
    );
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) {
      return readJson(response, signal, request.timeoutMs);
    }
    await response.body?.cancel();
    if (hop === MAX_REDIRECTS) throw new RunError(`Too many redirects (more than ${MAX_REDIRECTS})`);
    url = withoutUserinfo(await redirectTarget(response, location, url));
    // As browsers do: 303, and 301/302 after a POST, continue as a GET without a body.
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = undefined;
    }
  }
}

/** Where a redirect leads; a Location that does not parse, or leaves http(s), ends the run in one line. */
async function redirectTarget(response: Response, location: string, base: URL): Promise<URL> {
  let target: URL | undefined;
  try {
    target = new URL(location, base);
  } catch {
    // Said below. The Location itself is not quoted: it may carry a token.
  }
  if (target !== undefined && (target.protocol === 'http:' || target.protocol === 'https:')) return target;
  const status = `HTTP ${response.status} ${response.statusText || (await standardStatusText(response.status))}`;
  throw new RunError(
    target === undefined
      ? `${status} redirects to a Location that is not a valid URL`
      : `${status} redirects to a non-http(s) URL (${target.protocol}); only http and https are followed`,
  );
}

function buildHeaders(request: JsonRequest, sameOrigin: boolean, hasBody: boolean): Headers {
  const headers = new Headers();
  if (sameOrigin) {
    for (const { name, value } of request.headers) headers.append(name, value);
    const basic = basicAuthorization(request.url);
    if (basic !== undefined && !hasHeader(request.headers, 'authorization'))
      headers.set('authorization', basic);
  }
  if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  return headers;
}

async function send(fetchImpl: typeof fetch, url: URL, init: RequestInit, request: JsonRequest) {
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    throw failure(error, init.signal, request.timeoutMs);
  }
}

async function readJson(response: Response, signal: AbortSignal, timeoutMs: number): Promise<unknown[]> {
  if (!response.ok) {
    const excerpt = await readExcerpt(response);
    const statusText = response.statusText || (await standardStatusText(response.status));
    throw new RunError(`HTTP ${response.status}: ${statusText}`, {
      detail: excerpt === '' ? [] : [`response body: ${excerpt}`],
    });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw failure(error, signal, timeoutMs);
  }
  const contentType = response.headers.get('content-type');
  try {
    return parseSamples(text, formatOfContentType(contentType));
  } catch (error) {
    // A body that says it is JSON but does not parse: the parser's message says where it breaks.
    if (text.trim() !== '' && isJsonContentType(contentType)) throw error;
    throw await notJson(response, contentType, text, error);
  }
}

/**
 * A 2xx response that is not JSON (an HTML page, text, an empty 204): the status and the content type
 * say what came back; with --verbose, an excerpt of the body follows. See docs/cli.md, "Errors and what to do".
 */
async function notJson(
  response: Response,
  contentType: string | null,
  text: string,
  parseError: unknown,
): Promise<RunError> {
  const status = `HTTP ${response.status} ${response.statusText || (await standardStatusText(response.status))}`;
  if (text.trim() === '') return new RunError(`${status} sent an empty body, not JSON`);
  const type = contentType === null ? 'no Content-Type' : contentType.trim();
  return new RunError(`${status} sent ${type}, not JSON: ${(parseError as Error).message}`, {
    detail: [`response body: ${oneLineExcerpt(text)}`],
  });
}

// fetch rejects with the signal's TimeoutError (also while reading the body); anything else is the
// network failure, whose message is `fetch failed` (undici) and whose cause's code says why.
function failure(error: unknown, signal: AbortSignal | null | undefined, timeoutMs: number): RunError {
  if ((error as { name?: unknown }).name === 'TimeoutError' || signal?.reason?.name === 'TimeoutError') {
    return new RunError(`Request timed out after ${timeoutMs} ms (raise it with --timeout)`, {
      cause: error,
    });
  }
  return new RunError(networkFailureMessage(error), { cause: error });
}

async function readExcerpt(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
  } catch {
    // The excerpt is a courtesy; the status line already says what failed.
  }
  return oneLineExcerpt(text);
}

/** The text on one line, its other control characters escaped, cut after {@link EXCERPT_BYTES} characters. */
function oneLineExcerpt(text: string): string {
  const oneLine = escapeControls(text.replace(/\s+/g, ' ').trim());
  return oneLine.length > EXCERPT_BYTES ? `${oneLine.slice(0, EXCERPT_BYTES)}…` : oneLine;
}

// HTTP/2 has no reason phrase and some servers send none; fall back to the standard one.
async function standardStatusText(status: number): Promise<string> {
  const { STATUS_CODES } = await import('node:http');
  return STATUS_CODES[status] ?? 'Unknown Status';
}

function withoutUserinfo(url: URL): URL {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy;
}
