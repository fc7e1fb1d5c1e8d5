import { checkBoolean, optionError } from '../check.js';
import { ApiError, NetworkError, TimeoutError } from '../errors.js';
import { safeHeaders } from '../headers.js';
import { eventMessage } from '../messages/index.js';
import { discardBody, mediaType } from '../response.js';
import type { Clock, Locale, RequestOptions, ResponsePromise, SseEvent, SseOptions } from '../types.js';
import { validatedData } from '../validation.js';
import { parseEventStream, type StreamState } from './parse.js';

/** The reconnection time until the stream sets one with `retry:`. */
export const DEFAULT_RETRY_MS = 3000;

/** The defaults of sse's own options (docs/client.md, "Server-sent events"). */
export const SSE_DEFAULTS = { parseJson: false, maxReconnects: Infinity } as const;

/** Sends the GET of one connection; resolves to the Response, its body unread. */
export type Connect = (options: RequestOptions<unknown>) => ResponsePromise<ReadableStream<Uint8Array>>;

/**
 * Server-sent events from `connect`'s responses (see docs/client.md, "Server-sent events"). When the
 * connection drops or the stream ends, it reconnects after the last `retry` (default 3000 ms, on the
 * client's clock) sending `Last-Event-ID`, at most `maxReconnects` times. A 204 ends the iteration; a
 * non-2xx rejects with ApiError; the caller's `break` or abort closes the connection. `client`: the
 * client's clock, and its locale for messages (the request's `errorLocale` wins).
 */
export async function* serverSentEvents<T>(
  connect: Connect,
  client: { readonly clock: Clock; readonly locale: Locale },
  options: SseOptions<T>,
): AsyncGenerator<SseEvent<T>, void, undefined> {
  const {
    parseJson = SSE_DEFAULTS.parseJson,
    maxReconnects = SSE_DEFAULTS.maxReconnects,
    ...request
  } = options;
  checkBoolean('sse: parseJson', parseJson);
  if (!(maxReconnects === Infinity || (Number.isInteger(maxReconnects) && maxReconnects >= 0))) {
    throw optionError('sse: maxReconnects', 'be an integer >= 0 or Infinity', maxReconnects, RangeError);
  }
  // Checked as a request option when connecting, but a connection's body is never validated: each
  // event's data is, below.
  const { signal, validateResponse: schema } = request;
  const locale = request.errorLocale ?? client.locale;
  const state: StreamState = { lastEventId: '', retryMs: DEFAULT_RETRY_MS };
  for (let reconnects = 0; ; reconnects++) {
    // As prepareCall checks them: fetch's own message would show a bad value (a credential, maybe).
    const headers = safeHeaders('options.headers', request.headers);
    headers.set('accept', 'text/event-stream');
    if (state.lastEventId !== '') headers.set('last-event-id', utf8Header(state.lastEventId));
    let body: ReadableStream<Uint8Array> | undefined;
    let response: Response | undefined;
    try {
      // No cached copy of a stream, as EventSource asks (its request's cache mode is no-store).
      response = await connect({ cache: 'no-store', ...request, headers, parseAs: 'stream' }).asResponse();
      // 204 No Content: the server says there is nothing more; no reconnection.
      if (response.status === 204 || response.body === null) return;
      // As EventSource does, a 2xx of another type (an app's HTML fallback page) fails for good: read
      // as an event stream it would give no event and be reconnected to forever.
      if (mediaType(response.headers.get('content-type')) !== 'text/event-stream') {
        discardBody(response);
        throw new ApiError({
          status: response.status,
          statusText: response.statusText,
          message: eventMessage('notEventStream', locale),
        });
      }
      body = response.body;
    } catch (error) {
      // A network failure or timeout while connecting is retried like a dropped stream; an HTTP
      // error status (ApiError) or the caller's abort ends the iteration.
      if (!(error instanceof NetworkError || error instanceof TimeoutError) || reconnects >= maxReconnects) {
        throw error;
      }
    }
    if (body !== undefined) {
      // False while an event is handled: only an error of the read is a dropped connection.
      let reading = true;
      try {
        for await (const event of parseEventStream(body, state, signal ?? undefined)) {
          // Events already received when the signal aborted (one chunk may hold many) are not yielded.
          if (signal?.aborted) break;
          reading = false;
          if (!parseJson && schema === undefined) {
            yield event as SseEvent<T>;
          } else {
            let data: unknown = parseJson ? parseData(event.data, locale) : event.data;
            if (schema !== undefined) {
              data = await validatedData(data, schema, response as Response, locale);
              if (signal?.aborted) break;
            }
            yield { ...event, data: data as T };
          }
          reading = true;
        }
      } catch (error) {
        // The connection broke mid-stream: reconnect, unless the caller aborted, the data was bad or its
        // schema threw (that error unchanged, as for get()).
        if (signal?.aborted) throw signal.reason;
        if (!reading || error instanceof ApiError) throw error;
      }
      if (signal?.aborted) throw signal.reason;
      if (reconnects >= maxReconnects) return;
    }
    await client.clock.sleep(state.retryMs, signal ?? undefined);
  }
}

/**
 * A header value carrying `text` as UTF-8 (as EventSource sends Last-Event-ID): header values are byte
 * strings, one char per byte, so an id outside Latin-1 could not be set and one inside it would go out
 * as Latin-1.
 */
function utf8Header(text: string): string {
  // ASCII, the usual id, is the same either way.
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let bytes = '';
  for (const byte of new TextEncoder().encode(text)) bytes += String.fromCharCode(byte);
  return bytes;
}

function parseData(data: string, locale: Locale): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch (cause) {
    throw new ApiError({
      status: 200,
      statusText: 'OK',
      message: eventMessage('invalidJson', locale),
      body: data,
      cause,
    });
  }
}
