import { isStream } from '../body.js';
import { type Call, type LayerDefinition, type Transport, withRequest } from '../call.js';
import { checkFunction } from '../check.js';
import { NetworkError } from '../errors.js';
import { statusMessage } from '../messages/index.js';
import { discardBody, hasNoBody } from '../response.js';
import type { Progress } from '../types.js';

type OnProgress = (progress: Progress) => void;

/** Upload chunks are at most this big, so progress moves in steps a user can see. */
const CHUNK = 64 * 1024;

/**
 * Progress (`onDownloadProgress`, `onUploadProgress`, per request): a layer around fetch that counts
 * the bytes of the response body as it is read, and of the request body as fetch sends it. Each
 * callback is called with 0 bytes before the first chunk and with `percent: 1` once the transfer is
 * complete; `totalBytes` and `percent` are `undefined` while the size is unknown. Where the runtime
 * cannot stream a request body (browsers over HTTP/1.1), upload progress reports the start and the end
 * only (see docs/client.md, "Progress"). An error a callback throws fails the call as a NetworkError
 * with that error as its cause.
 */
export const progress: LayerDefinition = {
  requestOptions: { onDownloadProgress: checkFunction, onUploadProgress: checkFunction },
  createTransport: () => (next) => (call) => {
    const { onDownloadProgress, onUploadProgress } = call.options as {
      onDownloadProgress?: OnProgress;
      onUploadProgress?: OnProgress;
    };
    // A request without callbacks costs one check, no promise.
    if (onDownloadProgress === undefined && onUploadProgress === undefined) return next(call);
    return counted(next, call, onDownloadProgress, onUploadProgress);
  },
};

async function counted(
  next: Transport,
  call: Call,
  onDownloadProgress: OnProgress | undefined,
  onUploadProgress: OnProgress | undefined,
): Promise<Response> {
  // The first error a callback threw, as a NetworkError caused by it: whatever it broke (fetch, given an
  // errored upload stream, fails with an error of its own), the call fails with it. A body read later
  // (a 'stream', an sse() connection) errors with it too, so sse() ends rather than reconnects.
  let thrown: NetworkError | undefined;
  const guard =
    (callback: OnProgress): OnProgress =>
    (progress) => {
      try {
        callback(progress);
      } catch (cause) {
        thrown ??= new NetworkError({ message: statusMessage(0, call.locale, call.errorMessages), cause });
        throw thrown;
      }
    };
  let response: Response | undefined;
  try {
    let sent = call;
    let uploaded: (() => void) | undefined;
    if (onUploadProgress !== undefined) {
      const upload = await countUpload(call, guard(onUploadProgress));
      sent = upload.call;
      uploaded = upload.done;
    }
    response = await next(sent);
    uploaded?.();
    if (onDownloadProgress === undefined) return response;
    call.state.replaced = true;
    return countDownload(response, guard(onDownloadProgress), call.method);
  } catch (error) {
    if (thrown === undefined) throw error;
    if (response !== undefined) discardBody(response);
    throw thrown;
  }
}

function report(callback: OnProgress, transferred: number, total: number | undefined, done: boolean): void {
  const totalBytes = done ? transferred : total;
  callback({
    transferredBytes: transferred,
    totalBytes,
    percent: done
      ? 1
      : totalBytes === undefined
        ? undefined
        : totalBytes === 0
          ? 0
          : transferred / totalBytes,
  });
}

/** How far a counted stream got: bytes through so far, and whether its final report was made. */
interface Count {
  transferred: number;
  ended: boolean;
}

/** `source`, each chunk reported to `callback` as it passes; the final report when the stream ends. */
function countChunks(
  source: ReadableStream<Uint8Array>,
  callback: OnProgress,
  total: number | undefined,
  count: Count = { transferred: 0, ended: false },
): ReadableStream<Uint8Array> {
  return source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        count.transferred += chunk.byteLength;
        // More bytes than Content-Length said: the body was decoded (a compressed one whose
        // Content-Encoding a browser hides from a cross-origin script), so its size is unknown.
        if (total !== undefined && count.transferred > total) total = undefined;
        controller.enqueue(chunk);
        // The chunk that completes a known size is reported by the final report, so `percent: 1` comes once.
        if (count.transferred !== total) report(callback, count.transferred, total, false);
      },
      flush() {
        // Unless the response came first and made the final report (every known byte had gone).
        if (count.ended) return;
        count.ended = true;
        report(callback, count.transferred, total, true);
      },
    }),
  );
}

/** The response, its body counted as it is read. */
function countDownload(response: Response, callback: OnProgress, method: string): Response {
  const length = response.headers.get('content-length');
  // A compressed body is longer once decoded than its Content-Length says: its size is unknown.
  const total =
    length !== null && /^\d+$/.test(length) && response.headers.get('content-encoding') === null
      ? Number(length)
      : undefined;
  // No body (HEAD, 204, 205, 304): 0 bytes, whatever Content-Length says of the resource. A browser
  // gives them an empty body all the same, which a Response with their status cannot be made with.
  if (response.body === null || hasNoBody(method, response.status) || response.status === 304) {
    report(callback, 0, 0, false);
    report(callback, 0, 0, true);
    return response;
  }
  report(callback, 0, total, false);
  const copy = new Response(countChunks(response.body, callback, total), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // The copy keeps what the caller may read off the original (withResponse, asResponse).
  Object.defineProperties(copy, {
    type: { value: response.type },
    url: { value: response.url },
    redirected: { value: response.redirected },
  });
  return copy;
}

/** Whether fetch here can send a stream as a request body over HTTP/1.1 (Node, Deno, Bun: yes; browsers: no). */
function canStreamUploads(): boolean {
  return !(typeof navigator !== 'undefined' && navigator.userAgent?.startsWith('Mozilla/'));
}

/** The call with its body counted as fetch sends it, and what to call once the response has arrived. */
async function countUpload(call: Call, callback: OnProgress): Promise<{ call: Call; done: () => void }> {
  const { body } = call;
  // The bytes fetch would send and their content type, when they can be known before sending: binary
  // data as it is (never copied: an upload can be large), any other body serialized once by a Response,
  // as fetch would (a FormData's multipart boundary goes with its bytes). No body is 0 bytes; a stream,
  // or a value that is no body fetch takes as it is, has no known size.
  let bytes = ArrayBuffer.isView(body)
    ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
    : body instanceof ArrayBuffer
      ? new Uint8Array(body)
      : undefined;
  const serialized =
    body === undefined || (bytes === undefined && isSerializable(body)) ? new Response(body) : undefined;
  // The type is read before the body: Bun's Response forgets it once its body has been read.
  const type = serialized?.headers.get('content-type');
  if (serialized !== undefined) bytes = new Uint8Array(await serialized.arrayBuffer());
  const total = bytes?.byteLength;
  report(callback, 0, total, false);
  if (body === undefined || !canStreamUploads() || (bytes === undefined && !isStream(body))) {
    // The body went with the request as it is, uncounted: the response means it was sent.
    return { call, done: () => report(callback, total ?? 0, total, true) };
  }
  const count: Count = { transferred: 0, ended: false };
  // The counted stream makes the final report when its last byte has gone. A response before that is a
  // server that answered without reading the whole body (a 413): the upload did not complete, so the
  // last report stays where it stopped, unless every known byte went through (the stream's end pending).
  const done = (): void => {
    if (count.ended || count.transferred !== total) return;
    count.ended = true;
    report(callback, total, total, true);
  };
  let offset = 0;
  // Known bytes are sent in chunks of CHUNK, so that their progress is reported as they go.
  const source =
    bytes === undefined
      ? (body as ReadableStream<Uint8Array>)
      : new ReadableStream<Uint8Array>({
          pull(controller) {
            if (offset >= bytes.byteLength) return controller.close();
            const chunk = bytes.subarray(offset, offset + CHUNK);
            offset += chunk.byteLength;
            controller.enqueue(chunk);
          },
        });
  const headers = new Headers(call.headers);
  if (type != null && !headers.has('content-type')) headers.set('content-type', type);
  return {
    // The counted stream is made again for each attempt: the call stays as replayable as its body.
    call: withRequest(
      call,
      call.method,
      call.url,
      headers,
      countChunks(source, callback, total, count),
      call.init,
      call.signal,
      call.replayable,
    ),
    done,
  };
}

/** A body other than binary data whose bytes can be known before sending: text, a form, a Blob. */
function isSerializable(body: BodyInit): boolean {
  return (
    typeof body === 'string' ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof FormData
  );
}
