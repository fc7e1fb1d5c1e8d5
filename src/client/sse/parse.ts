/**
 * The text/event-stream format, parsed as the WHATWG HTML standard says ("Parsing an event stream"):
 * UTF-8, a leading BOM dropped, lines ending in CRLF, LF or CR, `:` comments, the fields `event`,
 * `data` (joined with `\n`), `id` and `retry`, an event dispatched at a blank line, an event without
 * data dropped, an unfinished event at the end of the stream dropped (see docs/client.md,
 * "Server-sent events").
 */

import { onAbort } from '../abort.js';

/** One event as the parser dispatches it. */
export interface ParsedEvent {
  readonly event: string;
  readonly data: string;
  /** The last event id the stream has set, if any. */
  readonly id: string | undefined;
  /** The `retry` the event's block set, in ms. */
  readonly retry: number | undefined;
}

/** What the reader learns besides events: the last event id and the reconnection time. */
export interface StreamState {
  lastEventId: string;
  retryMs: number;
}

/**
 * Parses `body`, yielding each event; updates `state` as events are dispatched (the last event id) and
 * as `retry` fields arrive. `signal` aborting cancels the read (and so the connection).
 */
export async function* parseEventStream(
  body: ReadableStream<Uint8Array>,
  state: StreamState,
  signal?: AbortSignal,
): AsyncGenerator<ParsedEvent, void, undefined> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  const reader = body.getReader();
  const stopListening =
    signal &&
    onAbort(signal, () => {
      reader.cancel(signal.reason).catch(() => {});
    });
  // The id of an event becomes the stream's last event id only when the event is dispatched, so an
  // event cut off by a dropped connection is asked for again.
  let id = state.lastEventId;
  // A line not yet ended, in pieces, joined once its end arrives: adding each chunk to one string
  // would copy and search a long line again with each chunk.
  let pending: string[] = [];
  // The data of the event being read; `undefined` until a `data` field (an event without data is dropped).
  let data: string | undefined;
  let type = '';
  let retry: number | undefined;
  // A CR at the end of the text read so far may be the first half of a CRLF: an LF right after it, at the
  // start of the next text, ends nothing.
  let skipLf = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      pending.push(text);
      if (!done && !/[\n\r]/.test(text)) continue;
      let buffer = pending.join('');
      if (skipLf && buffer[0] === '\n') buffer = buffer.slice(1);
      skipLf = buffer.endsWith('\r');
      const lines = buffer.split(/\r\n|\r|\n/);
      // The last piece is a line not ended yet.
      pending = [lines.pop() as string];
      for (const line of lines) {
        if (line === '') {
          state.lastEventId = id;
          if (data !== undefined) {
            yield {
              event: type === '' ? 'message' : type,
              data,
              id: state.lastEventId === '' ? undefined : state.lastEventId,
              retry,
            };
          }
          data = undefined;
          type = '';
          retry = undefined;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') {
          data = data === undefined ? value : `${data}\n${value}`;
        } else if (field === 'event') {
          type = value;
        } else if (field === 'id') {
          if (!value.includes('\0')) id = value;
        } else if (field === 'retry' && /^\d+$/.test(value)) {
          retry = Number(value);
          state.retryMs = retry;
        }
      }
      if (done) return;
    }
  } finally {
    stopListening?.();
    // A caller's break (or an error) ends the read: cancelling closes the connection.
    reader.cancel().catch(() => {});
  }
}
