// HAR text built by hand, for the unit tests: one entry per exchange, JSON bodies by default.

export interface EntrySpec {
  method?: string;
  url: string;
  status?: number;
  /** The response body: JSON-encoded unless `mimeType` says otherwise and it is a string. */
  response?: unknown;
  mimeType?: string;
  /** The response text exactly, instead of `response`. */
  rawText?: string;
  /** The JSON request body. */
  body?: unknown;
  /** The request body's content type. @default 'application/json' */
  bodyMimeType?: string;
  requestHeaders?: Record<string, string>;
}

export function entry(spec: EntrySpec): object {
  const mimeType = spec.mimeType ?? 'application/json';
  const text =
    spec.rawText !== undefined
      ? spec.rawText
      : spec.response === undefined
        ? undefined
        : typeof spec.response === 'string' && mimeType !== 'application/json'
          ? spec.response
          : JSON.stringify(spec.response);
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: {
      method: spec.method ?? 'GET',
      url: spec.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: Object.entries(spec.requestHeaders ?? {}).map(([name, value]) => ({ name, value })),
      queryString: [],
      ...(spec.body === undefined
        ? {}
        : {
            postData: { mimeType: spec.bodyMimeType ?? 'application/json', text: JSON.stringify(spec.body) },
          }),
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status: spec.status ?? 200,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: text?.length ?? 0, mimeType, ...(text === undefined ? {} : { text }) },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

/** A HAR 1.2 document's text with these entries. */
export function harText(entries: readonly unknown[]): string {
  const built = entries.map((spec) =>
    typeof spec === 'object' && spec !== null && 'url' in spec ? entry(spec as EntrySpec) : spec,
  );
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: built } });
}
