// A small HAR 1.2 recorder: performs real requests (Node's fetch) and writes what went over the wire as
// a browser would save it: every request and response header (secrets included), cookies, query
// strings, bodies. The tests use it to record traffic from loopback servers.

export interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarHeader[];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarHeader[];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string; encoding?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

export interface Har {
  log: { version: '1.2'; creator: { name: string; version: string }; entries: HarEntry[] };
}

/** One request to record: a path (with its query) relative to the base URL. */
export interface RecordRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON with `content-type: application/json` unless a string. */
  body?: unknown;
}

/** Sends each request in turn to `baseUrl` and returns the HAR of the exchanges. */
export async function recordHar(baseUrl: string, requests: readonly RecordRequest[]): Promise<Har> {
  const entries: HarEntry[] = [];
  for (const request of requests) {
    const url = new URL(request.path, baseUrl);
    const headers = new Headers(request.headers);
    let text: string | undefined;
    if (request.body !== undefined) {
      text = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const started = new Date();
    const begin = performance.now();
    const response = await fetch(url, { method: request.method, headers, body: text ?? null });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const time = Math.round(performance.now() - begin);
    const mimeType = response.headers.get('content-type') ?? '';
    const binary = !/^(text\/|application\/(json|javascript|xml)|[^;]*\+json)/.test(mimeType);
    const content: HarEntry['response']['content'] = { size: bytes.length, mimeType };
    if (bytes.length > 0) {
      if (binary) {
        content.text = Buffer.from(bytes).toString('base64');
        content.encoding = 'base64';
      } else {
        content.text = new TextDecoder().decode(bytes);
      }
    }
    const requestHeaders = [...headers].map(([name, value]) => ({ name, value }));
    const entry: HarEntry = {
      startedDateTime: started.toISOString(),
      time,
      request: {
        method: request.method,
        url: url.href,
        httpVersion: 'HTTP/1.1',
        cookies: cookiesOf(headers.get('cookie')),
        headers: requestHeaders,
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
        headersSize: -1,
        bodySize: text === undefined ? 0 : Buffer.byteLength(text),
      },
      response: {
        status: response.status,
        statusText: response.statusText,
        httpVersion: 'HTTP/1.1',
        cookies: response.headers.getSetCookie().flatMap((line) => cookiesOf(line.split(';')[0]!)),
        headers: [...response.headers].map(([name, value]) => ({ name, value })),
        content,
        redirectURL: response.headers.get('location') ?? '',
        headersSize: -1,
        bodySize: bytes.length,
      },
      cache: {},
      timings: { send: 0, wait: time, receive: 0 },
    };
    if (text !== undefined) {
      entry.request.postData = { mimeType: headers.get('content-type') ?? '', text };
    }
    entries.push(entry);
  }
  return { log: { version: '1.2', creator: { name: 'typefetch test recorder', version: '1' }, entries } };
}

function cookiesOf(header: string | null): HarHeader[] {
  if (header === null || header === '') return [];
  return header.split(';').map((pair) => {
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
  });
}
