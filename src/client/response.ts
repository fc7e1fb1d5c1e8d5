/**
 * Judging a response and reading its body. Every read listens to the attempt's signal, so the
 * per-attempt timeout and the caller's abort cover the body too, even for a Response an interceptor made.
 */
import { onAbort } from './abort.js';
import { ApiError } from './errors.js';
import { type ErrorMessageOverrides, statusMessage } from './messages/index.js';
import { type BodyKind, decodeText, readBody } from './read-body.js';
import type { Locale } from './types.js';

/** What judging a response needs to know about its request. */
export interface JudgeContext {
  readonly method: string;
  readonly locale: Locale;
  readonly errorMessages: ErrorMessageOverrides | undefined;
}

/**
 * A 2xx response's body, read as `kind` asks (read-body.ts). Any other status throws ApiError with the
 * localized message and the bounded, parsed error body (a broken or aborted error body leaves `body`
 * out: the status stays the error). A broken or aborted read of a 2xx body rejects with the stream's
 * error or the signal's reason.
 */
export async function judgeResponse(
  response: Response,
  signal: AbortSignal | undefined,
  context: JudgeContext,
  bodyFollowsSignal: boolean,
  kind: BodyKind,
): Promise<unknown> {
  const { status } = response;
  const noBody = hasNoBody(context.method, status);
  if (status >= 200 && status < 300) {
    return readBody(response, kind, signal, bodyFollowsSignal, context, noBody);
  }
  let body: unknown;
  if (noBody) {
    discardBody(response);
  } else {
    try {
      const contentType = response.headers.get('content-type');
      // JSON as UTF-8 whatever charset is declared (RFC 8259), like a 2xx JSON body; any other text in
      // the charset the response declares, like a 2xx text body.
      const bytes = await readBytes(response, signal, MAX_ERROR_BODY_BYTES);
      const declared = isJsonContentType(contentType) ? null : contentType;
      body = parseErrorBody(bytes === undefined ? undefined : decodeText(bytes, declared), contentType);
    } catch {
      // The status is known, so it stays the error even when its body breaks or stalls (a layer
      // above maps the caller's abort to its reason).
    }
  }
  throw new ApiError({
    status,
    statusText: response.statusText,
    message: statusMessage(status, context.locale, context.errorMessages),
    body,
  });
}

/** An error body is read up to this many bytes; past it the read stops and the body is left out. */
export const MAX_ERROR_BODY_BYTES = 2 * 1024 * 1024;

/** The media type of a Content-Type value, lower case, without parameters; `''` for none. */
export function mediaType(contentType: string | null): string {
  if (contentType === null) return '';
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/** `application/json` and any `*+json` type (RFC 6839), e.g. `application/problem+json`. */
export function isJsonContentType(contentType: string | null): boolean {
  return isJsonType(mediaType(contentType));
}

/** A media type (as `mediaType` gives it) that is JSON. */
export function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

/** A response that has no body to read: HEAD, 204 No Content, 205 Reset Content. */
export function hasNoBody(method: string, status: number): boolean {
  return method === 'HEAD' || status === 204 || status === 205;
}

/** Drops a body we will not read, so the connection is released. */
export function discardBody(response: Response): void {
  if (response.body !== null && !response.bodyUsed) response.body.cancel().catch(() => {});
}

/**
 * The body as UTF-8 text, or `undefined` when it is longer than `limit` bytes (then the stream is
 * cancelled: a huge error page is never buffered). Rejects with the signal's reason when it aborts,
 * or with the stream's error when the connection breaks.
 */
export async function readText(
  response: Response,
  signal: AbortSignal | undefined,
  limit: number,
): Promise<string | undefined> {
  const bytes = await readBytes(response, signal, limit);
  return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
}

/**
 * The body's bytes, or `undefined` when it is longer than `limit` bytes (then the stream is cancelled).
 * Rejects with the signal's reason when it aborts, or with the stream's error when the connection breaks.
 */
export async function readBytes(
  response: Response,
  signal: AbortSignal | undefined,
  limit = Infinity,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const body = response.body;
  if (body === null) return new Uint8Array(0);
  if (signal?.aborted) throw signal.reason;
  const reader = body.getReader();
  // A stream not tied to our fetch (one an interceptor made) would not error on abort: cancel it,
  // which resolves the pending read, and the check after the read rejects with the reason.
  const stopListening =
    signal &&
    onAbort(signal, () => {
      reader.cancel(signal.reason).catch(() => {});
    });
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        reader.cancel().catch(() => {});
        return undefined;
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return bytes;
  } finally {
    stopListening?.();
  }
}

/** An error body: parsed JSON when the type says JSON and it parses, else the text; empty -> undefined. */
export function parseErrorBody(text: string | undefined, contentType: string | null): unknown {
  if (text === undefined || text === '') return undefined;
  if (isJsonContentType(contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // A JSON type with a body that is not JSON: the text is still useful to the caller.
    }
  }
  return text;
}
