// A small HAR recorder for the demo: a fetch that sends each request for real and keeps what went over
// the wire (method, URL, headers, status, content type and body), saved as HAR 1.2 the way a browser's
// devtools save it, secrets included. `typefetch --har` is what keeps them out of its outputs.

/** Returns `{ fetch, har }`: use `fetch` as the client's transport, then `har()` for the recording. */
export function createHarRecorder(inner = globalThis.fetch) {
  const entries = [];
  async function recordingFetch(input, init) {
    const request = new Request(input, init);
    const requestText = request.body === null ? undefined : await request.clone().text();
    const started = new Date();
    const response = await inner(request);
    const text = await response.clone().text();
    const mimeType = response.headers.get('content-type') ?? '';
    const url = new URL(request.url);
    entries.push({
      startedDateTime: started.toISOString(),
      time: Date.now() - started.getTime(),
      request: {
        method: request.method,
        url: request.url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [...request.headers].map(([name, value]) => ({ name, value })),
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
        ...(requestText === undefined
          ? {}
          : { postData: { mimeType: request.headers.get('content-type') ?? '', text: requestText } }),
        headersSize: -1,
        bodySize: requestText?.length ?? 0,
      },
      response: {
        status: response.status,
        statusText: response.statusText,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [...response.headers].map(([name, value]) => ({ name, value })),
        content: { size: text.length, mimeType, text },
        redirectURL: '',
        headersSize: -1,
        bodySize: text.length,
      },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
    });
    return response;
  }
  return {
    fetch: recordingFetch,
    har: () => ({ log: { version: '1.2', creator: { name: 'typefetch demo', version: '1' }, entries } }),
  };
}
