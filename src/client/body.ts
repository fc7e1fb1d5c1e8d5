import type { RequestBody } from './types.js';

/** A body ready for fetch. */
export interface EncodedBody {
  readonly body: BodyInit | undefined;
  /** False for a stream: it can be sent only once, so it is never retried. */
  readonly replayable: boolean;
}

const NO_BODY: EncodedBody = { body: undefined, replayable: true };

/** An object literal (or `Object.create(null)`), not a class instance such as FormData or Date. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Encodes a request body. Plain objects and arrays become JSON, with `Content-Type: application/json`
 * unless `headers` already has a content type (mutated in place); everything else fetch accepts
 * (FormData, Blob, ArrayBuffer, typed arrays, URLSearchParams, strings, streams) is sent as it is,
 * so fetch sets its content type (multipart boundary, Blob type, form encoding); a string gets the
 * `text/plain;charset=UTF-8` fetch would give it.
 * For FormData any content type already set is dropped, since it could not carry the boundary; for
 * URLSearchParams and a typed Blob, one that came from the defaults (`ownType`: the request set one).
 */
export function encodeBody(body: RequestBody | undefined, headers: Headers, ownType = false): EncodedBody {
  if (body === undefined || body === null) return NO_BODY;
  if (Array.isArray(body) || isPlainObject(body)) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return { body: toJson(body), replayable: true };
  }
  // The type fetch gives a string, set here because Bun's fetch sends a string without one.
  if (typeof body === 'string' && !headers.has('content-type'))
    headers.set('content-type', 'text/plain;charset=UTF-8');
  // Only fetch knows the multipart boundary; a content type set by hand (often a JSON default in
  // defaultHeaders) would make the body unreadable for the server.
  if (typeof FormData !== 'undefined' && body instanceof FormData) headers.delete('content-type');
  // A form or a typed Blob carries its own type, which fetch sends unless a header says otherwise: a
  // default (usually JSON) must not, one set on this request may (docs/client.md, "Request bodies").
  else if (!ownType && (body instanceof URLSearchParams || (body instanceof Blob && body.type !== ''))) {
    headers.delete('content-type');
  }
  return { body: body as BodyInit, replayable: !isStream(body) };
}

/** JSON.stringify on one line: V8's message for a circular body spans three. */
function toJson(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\s*\n\s*/g, ' ') : String(error);
    throw new TypeError(`options.body cannot be sent as JSON: ${reason}`, { cause: error });
  }
}

/** Whether a body is a ReadableStream (which fetch consumes, and which needs `duplex: 'half'`). */
export function isStream(body: unknown): body is ReadableStream {
  return typeof ReadableStream !== 'undefined' && body instanceof ReadableStream;
}
