/**
 * Turns fetch's `(input, init)` into what `Dispatcher.dispatch` takes, with fetch's rules: method names
 * normalized, headers validated, a default content type for string, URLSearchParams and Blob bodies,
 * no body on GET/HEAD.
 */

/** A body undici writes itself: bytes, a Blob, a FormData (multipart) or an async iterable (a stream). */
export type DispatchBody = string | Uint8Array | Blob | FormData | AsyncIterable<Uint8Array>;

/** One request, ready to dispatch. Redirects produce the next one from it. */
export interface NormalizedRequest {
  url: URL;
  method: string;
  /** Flat `[name, value, name, value, ...]`, names lower-case (Headers iteration order). */
  headers: string[];
  body: DispatchBody | null;
  signal: AbortSignal | undefined;
  redirect: RequestRedirect;
}

// fetch upper-cases these six, whatever their case, and no other (so `patch` stays `patch`).
const NORMALIZED_METHODS: Readonly<Record<string, string>> = {
  delete: 'DELETE',
  get: 'GET',
  head: 'HEAD',
  options: 'OPTIONS',
  post: 'POST',
  put: 'PUT',
};
const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** fetch's `(input, init)` as a dispatchable request; throws TypeError where fetch would reject. */
export function normalizeRequest(
  input: string | URL | Request,
  init: RequestInit | undefined,
): NormalizedRequest {
  const source = input instanceof Request ? input : undefined;
  const url = new URL(source === undefined ? (input as string | URL) : source.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('fetch failed', { cause: new TypeError(`unsupported URL scheme ${url.protocol}`) });
  }
  // fetch refuses these too (its message then shows the URL, password included: this one does not).
  if (url.username !== '' || url.password !== '') {
    throw new TypeError('Request cannot be constructed from a URL that includes credentials');
  }
  const rawMethod = init?.method ?? source?.method ?? 'GET';
  const method = NORMALIZED_METHODS[rawMethod.toLowerCase()] ?? rawMethod;
  if (FORBIDDEN_METHODS.has(method.toUpperCase())) {
    throw new TypeError(`'${rawMethod}' HTTP method is unsupported.`);
  }
  const headersInit = init?.headers ?? source?.headers;
  // A Headers object is already validated; anything else goes through Headers for fetch's checks.
  const headers = headersInit instanceof Headers ? headersInit : new Headers(headersInit);
  const flat: string[] = [];
  for (const [name, value] of headers) flat.push(name, value);
  // A Request whose body was read (or is being read) has nothing left to send: fetch refuses it at once.
  if (init?.body == null && (source?.bodyUsed === true || source?.body?.locked === true)) {
    throw new TypeError('Cannot construct a Request with a Request object that has already been used.');
  }
  // A null init body, like a missing one, leaves the Request's own (fetch's "inputOrInitBody").
  const rawBody = init?.body ?? source?.body ?? null;
  const body = rawBody === null ? null : encodeBody(rawBody, flat, headers.has('content-type'));
  if (body !== null && (method === 'GET' || method === 'HEAD')) {
    throw new TypeError('Request with GET/HEAD method cannot have body.');
  }
  return {
    url,
    method,
    headers: flat,
    body,
    // A null init signal, unlike a missing one, leaves the Request's signal behind, as with fetch.
    signal: init?.signal === null ? undefined : (init?.signal ?? source?.signal),
    redirect: init?.redirect ?? source?.redirect ?? 'follow',
  };
}

/** A fetch body as undici takes it, adding fetch's default content type to `flat` when none is set. */
function encodeBody(body: BodyInit, flat: string[], hasContentType: boolean): DispatchBody {
  if (typeof body === 'string') {
    if (!hasContentType) flat.push('content-type', 'text/plain;charset=UTF-8');
    return body;
  }
  if (body instanceof URLSearchParams) {
    if (!hasContentType) flat.push('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return body.toString();
  }
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  // undici sets a Blob's own type when no content type is given; FormData is encoded by encodeFormData.
  if (body instanceof Blob || body instanceof FormData) return body;
  // A ReadableStream is async iterable in Node >= 18; undici writes it chunked.
  if (typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function') {
    return body as unknown as AsyncIterable<Uint8Array>;
  }
  throw new TypeError(
    'body must be a string, URLSearchParams, ArrayBuffer, typed array, Blob, FormData or stream',
  );
}

/**
 * The body of a Request given as input. fetch knows the length of a Request made from a string, bytes, a
 * Blob or a form, so it sends a Content-Length and can send the body again after a 307/308; the Request's
 * body stream says neither (ky hands every request over as a Request). Such a body is all there at once:
 * each read settles before the event loop turns. So the body is read while its chunks come that way;
 * ended, it is sent as bytes, as fetch sends it. A read that has to wait is a body still being produced
 * (a Request made from a ReadableStream): it is streamed as it comes, chunked, the chunks already read
 * first, as a ReadableStream given as `init.body` is (docs/undici.md, "Same semantics as fetch").
 */
export async function readRequestBody(
  request: NormalizedRequest,
  source: Request,
): Promise<NormalizedRequest> {
  const reader = (source.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const read = reader.read();
      const next = await Promise.race([read, nextTurn()]);
      if (next === undefined) return { ...request, body: streamRest(chunks, read, reader) };
      if (next.done) return { ...request, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) };
      chunks.push(next.value);
    }
  } catch (cause) {
    reader.cancel(cause).catch(() => {});
    throw new TypeError('fetch failed', { cause });
  }
}

/** Resolves with `undefined` once the event loop has turned (pending I/O and timers had their go). */
function nextTurn(): Promise<undefined> {
  return new Promise((resolve) => setImmediate(() => resolve(undefined)));
}

/**
 * The chunks already read, then the pending read's, then the rest of the stream: one pass, as undici
 * writes it. Closed by undici before its end (the request failed), it cancels the stream.
 */
async function* streamRest(
  chunks: Uint8Array[],
  pending: Promise<ReadableStreamReadResult<Uint8Array>>,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  let ended = false;
  try {
    yield* chunks;
    for (let next = await pending; !next.done; next = await reader.read()) yield next.value;
    ended = true;
  } finally {
    if (ended) reader.releaseLock();
    else reader.cancel().catch(() => {});
  }
}

/**
 * A FormData body as multipart bytes, encoded by the platform's own encoder (the Response constructor),
 * with its `multipart/form-data; boundary=...` content type unless one is set. Undici majors differ in the
 * FormData they accept (undici 7 fails on the FormData of Node's own fetch), so undici gets bytes: the
 * same request on undici 6 and 7, sent with a Content-Length and sendable again after a 307/308.
 */
export async function encodeFormData(request: NormalizedRequest): Promise<NormalizedRequest> {
  const encoded = new Response(request.body as FormData);
  const body = new Uint8Array(await encoded.arrayBuffer());
  for (let i = 0; i < request.headers.length; i += 2) {
    if (request.headers[i] === 'content-type') return { ...request, body };
  }
  const type = encoded.headers.get('content-type') as string;
  return { ...request, headers: [...request.headers, 'content-type', type], body };
}
