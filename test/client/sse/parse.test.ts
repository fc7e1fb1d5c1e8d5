import { describe, expect, it } from 'vitest';
import { type ParsedEvent, parseEventStream, type StreamState } from '../../../src/client/sse/parse.js';

/** The events of `chunks` (each a string or bytes), fed to the parser one chunk at a time. */
async function parse(chunks: Array<string | Uint8Array>, state?: StreamState): Promise<ParsedEvent[]> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  const events: ParsedEvent[] = [];
  for await (const event of parseEventStream(body, state ?? { lastEventId: '', retryMs: 3000 }))
    events.push(event);
  return events;
}

const message = (data: string, extra: Partial<ParsedEvent> = {}): ParsedEvent => ({
  event: 'message',
  data,
  id: undefined,
  retry: undefined,
  ...extra,
});

describe('parseEventStream (WHATWG event-stream rules)', () => {
  it('joins data lines with \\n and names an event without event: "message"', async () => {
    expect(await parse(['data: a\ndata: b\n\nevent: tick\ndata:c\n\n'])).toEqual([
      message('a\nb'),
      { event: 'tick', data: 'c', id: undefined, retry: undefined },
    ]);
  });

  it('accepts LF, CR and CRLF line ends, also split across chunks', async () => {
    expect(await parse(['data: lf\n\ndata: cr\r\rdata: crlf\r\n\r\n'])).toEqual([
      message('lf'),
      message('cr'),
      message('crlf'),
    ]);
    expect(await parse(['data: x\r', '\n\r', '\ndata: y\r', '\r'])).toEqual([message('x'), message('y')]);
    // A line in pieces without a line end, after a CR: the LF that ends it is a line end of its own.
    expect(await parse(['data: a\r', 'data', ': b', '\n', '\n'])).toEqual([message('a\nb')]);
  });

  it('drops a leading BOM, comments, unknown fields and events without data', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    expect(await parse([bom, ': comment\nfoo: bar\nevent: empty\n\ndata: kept\n\n'])).toEqual([
      message('kept'),
    ]);
  });

  it('drops a BOM split across chunks at the start only, and names an event with an empty event: "message"', async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const later = new Uint8Array([...new TextEncoder().encode('data: a\n\n'), ...bom]);
    // The second BOM is part of the field name "\uFEFFdata", an unknown field: its event has no data.
    expect(
      await parse([
        new Uint8Array(bom.slice(0, 1)),
        new Uint8Array(bom.slice(1)),
        later,
        'data: b\n\nevent:\ndata: c\n\n',
      ]),
    ).toEqual([message('a'), message('c')]);
  });

  it('reads retry only when it is ASCII digits (not signed, decimal, spaced or other digits)', async () => {
    const state: StreamState = { lastEventId: '', retryMs: 3000 };
    await parse(['retry: -1\nretry: 1.5\nretry:  7\nretry: \u0661\nretry: 1e3\nretry:\n\n'], state);
    expect(state.retryMs).toBe(3000);
  });

  it('removes one space after the colon only, and reads a field without colon as empty', async () => {
    expect(await parse(['data:  two spaces\n\ndata\n\n'])).toEqual([message(' two spaces'), message('')]);
  });

  it('keeps the last id across events, ignores an id with NUL, and reads retry when it is digits', async () => {
    const state: StreamState = { lastEventId: '', retryMs: 3000 };
    const events = await parse(
      ['id: 1\ndata: a\n\ndata: b\n\nid: x\u0000y\nretry: 2500\ndata: c\n\nretry: soon\n\n'],
      state,
    );
    expect(events).toEqual([
      message('a', { id: '1' }),
      message('b', { id: '1' }),
      message('c', { id: '1', retry: 2500 }),
    ]);
    expect(state).toEqual({ lastEventId: '1', retryMs: 2500 });
  });

  it('decodes UTF-8 split across chunks, and drops an unfinished event at the end', async () => {
    const bytes = new TextEncoder().encode('data: ñandú ☃\n\ndata: unfinished');
    expect(await parse([bytes.subarray(0, 8), bytes.subarray(8)])).toEqual([message('ñandú ☃')]);
  });
});

describe('parseEventStream with a signal', () => {
  it('cancels a stream that never ends when the signal has already aborted, with its reason', async () => {
    let cancelledWith: unknown;
    const body = new ReadableStream<Uint8Array>({
      cancel(reason) {
        cancelledWith = reason;
      },
    });
    const controller = new AbortController();
    const reason = new Error('gone');
    controller.abort(reason);
    const events: ParsedEvent[] = [];
    for await (const event of parseEventStream(body, { lastEventId: '', retryMs: 1000 }, controller.signal)) {
      events.push(event);
    }
    expect(events).toEqual([]);
    expect(cancelledWith).toBe(reason);
  });
});
