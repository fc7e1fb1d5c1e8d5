import type { Dispatcher } from 'undici';
import { decodeBody } from './decode.js';
import type { NormalizedRequest } from './request-init.js';

// Statuses whose Response must have a null body (the Response constructor refuses one otherwise).
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

// The body stream buffers up to 64 KiB before undici pauses the socket (fetch's own stream pauses at
// one chunk, which costs a pause/resume per chunk on a fast connection).
const BODY_STRATEGY: QueuingStrategy<Uint8Array> = {
  highWaterMark: 64 * 1024,
  size: (chunk) => chunk.byteLength,
};

/**
 * Sends one request with `Dispatcher.dispatch` (the layer under `undici.request`, which would drop the
 * status text and wrap the body in a Node stream) and resolves with a standard `Response` whose body is
 * a web stream fed straight from the socket.
 *
 * Rejects like fetch: with the signal's reason on abort, else `TypeError('fetch failed', { cause })`.
 * A failure after the headers errors the body stream: `TypeError('terminated', { cause })`, or the
 * signal's reason.
 */
export function dispatchRequest(dispatcher: Dispatcher, request: NormalizedRequest): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const handler = new ResponseHandler(request, resolve, reject);
    dispatcher.dispatch(
      {
        origin: request.url.origin,
        path: request.url.pathname + request.url.search,
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body as NonNullable<Dispatcher.DispatchOptions['body']> | null,
      },
      handler,
    );
  });
}

/**
 * What `dispatch` takes as its handler: `Dispatcher.DispatchHandlers` in undici 6, `DispatchHandler` in
 * undici 7 (which still calls the `onConnect`/`onHeaders`/`onData`/`onComplete`/`onError` methods).
 */
type DispatchHandler = Parameters<Dispatcher['dispatch']>[1];

/** The undici handler of one request (a class, not closures: this runs once per request). */
class ResponseHandler implements DispatchHandler {
  readonly #request: NormalizedRequest;
  readonly #resolve: (response: Response) => void;
  readonly #reject: (error: unknown) => void;
  #abortConnection: ((error?: Error) => void) | undefined;
  #resume: (() => void) | undefined;
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  /** Set once headers arrived (the promise is settled) ... */
  #responded = false;
  /** ... and once the body ended, failed or was cancelled: later events are ignored. */
  #finished = false;

  constructor(request: NormalizedRequest, resolve: (r: Response) => void, reject: (e: unknown) => void) {
    this.#request = request;
    this.#resolve = resolve;
    this.#reject = reject;
    request.signal?.addEventListener('abort', this.#onAbort);
  }

  onConnect(abort: (error?: Error) => void): void {
    // Aborted while queued for a socket: never send it.
    if (this.#finished) abort();
    else this.#abortConnection = abort;
  }

  onHeaders(status: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean {
    if (status < 200 || this.#finished) return true; // 1xx: the final response follows.
    this.#resume = resume;
    const headers = new Headers();
    for (let i = 0; i < rawHeaders.length; i += 2) {
      headers.append(String(rawHeaders[i]), (rawHeaders[i + 1] as Buffer).toString('latin1'));
    }
    let body: ReadableStream<Uint8Array> | null = null;
    if (this.#request.method !== 'HEAD' && !NULL_BODY_STATUSES.has(status)) {
      body = new ReadableStream<Uint8Array>(
        {
          start: (controller) => {
            this.#controller = controller;
          },
          pull: () => this.#resume?.(),
          cancel: (reason: unknown) => this.#cancel(reason),
        },
        BODY_STRATEGY,
      );
    }
    let response: Response;
    try {
      const encoding = headers.get('content-encoding');
      if (body !== null && encoding !== null) body = decodeBody(body, encoding);
      response = new Response(body, { status, statusText, headers });
    } catch (cause) {
      // Too many content codings, a status outside 200-599 or a reason phrase a Response cannot hold:
      // rejected as a network error (docs/undici.md, "Errors"), before `#responded` is set so that the
      // promise settles; the rest of the response is not wanted.
      this.#fail(new TypeError('fetch failed', { cause }));
      this.#abortConnection?.();
      return true;
    }
    this.#responded = true;
    this.#resolve(response);
    return true;
  }

  onData(chunk: Buffer): boolean {
    const controller = this.#controller;
    if (controller === undefined || this.#finished) return true;
    // The chunk is a view of the socket's freshly read buffer: handing it on without a copy is safe.
    controller.enqueue(chunk);
    return (controller.desiredSize as number) > 0;
  }

  onComplete(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#cleanup();
    this.#controller?.close();
  }

  onError(error: Error): void {
    if (this.#finished) return;
    const { signal } = this.#request;
    if (signal?.aborted) this.#fail(signal.reason);
    else this.#fail(new TypeError(this.#responded ? 'terminated' : 'fetch failed', { cause: error }));
  }

  #fail(error: unknown): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#cleanup();
    if (this.#responded) this.#controller?.error(error);
    else this.#reject(error);
  }

  /** The caller's abort: reject (or error the body) at once, and drop the connection. */
  readonly #onAbort = (): void => {
    const reason: unknown = this.#request.signal?.reason;
    this.#fail(reason);
    this.#abortConnection?.(reason instanceof Error ? reason : undefined);
  };

  /** The reader cancelled the body: the rest of it is not wanted, so the connection is dropped. */
  #cancel(reason: unknown): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#cleanup();
    this.#abortConnection?.(reason instanceof Error ? reason : undefined);
  }

  #cleanup(): void {
    this.#request.signal?.removeEventListener('abort', this.#onAbort);
  }
}
