/**
 * The response readers: a 2xx body as `parseAs` asks (see docs/client.md, "Responses"). Every read
 * listens to the attempt's signal: a body straight from the platform's fetch errors by itself when it
 * aborts (`followsSignal`), any other is read with a reader that cancels it.
 */
import { ApiError } from './errors.js';
import { eventMessage } from './messages/index.js';
import {
  discardBody,
  isJsonType,
  type JudgeContext,
  MAX_ERROR_BODY_BYTES,
  mediaType,
  readBytes,
  readText,
} from './response.js';
import type { ParseAs } from './types.js';

/** `parseAs`, and `'response'`: the body left unread (`asResponse()`). */
export type BodyKind = ParseAs | 'response';

/** The parseAs values, for the option's check. */
export const PARSE_AS: ReadonlySet<string> = new Set<ParseAs>([
  'auto',
  'json',
  'text',
  'blob',
  'arrayBuffer',
  'bytes',
  'stream',
]);

/** Types that are text although not `text/*`. */
const TEXTUAL = /^application\/(xml|javascript|x-www-form-urlencoded)$|\+xml$/;

/** What `'auto'` reads a content type as: JSON, text, or (any other type, or none) a Blob. */
export function autoKind(contentType: string | null): 'json' | 'text' | 'blob' {
  const type = mediaType(contentType);
  if (isJsonType(type)) return 'json';
  return type.startsWith('text/') || TEXTUAL.test(type) ? 'text' : 'blob';
}

/** The charset a Content-Type declares, when it is not UTF-8; `undefined` for UTF-8 or none. */
function otherCharset(contentType: string | null): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '');
  const charset = match?.[1]?.toLowerCase();
  return charset === undefined || charset === 'utf-8' || charset === 'utf8' ? undefined : charset;
}

/**
 * Reads a 2xx body as `kind` asks. `'auto'`: JSON for a JSON type, a string for a textual type (in its
 * charset), a Blob otherwise; `undefined` for HEAD, 204, 205 and an empty body. Explicit kinds always
 * give their type (empty for a response without body), `'json'` gives `undefined` for an empty body.
 */
export async function readBody(
  response: Response,
  kind: BodyKind,
  signal: AbortSignal | undefined,
  followsSignal: boolean,
  context: JudgeContext,
  noBody: boolean,
): Promise<unknown> {
  if (kind === 'response') return undefined;
  if (kind === 'stream') return noBody || response.body === null ? new Response('').body : response.body;
  if (noBody) {
    discardBody(response);
    if (kind === 'auto' || kind === 'json') return undefined;
  } else if (signal?.aborted) throw signal.reason;
  const contentType = response.headers.get('content-type');
  const as = kind === 'auto' ? autoKind(contentType) : kind;
  // Without a signal nothing can abort the read, so there is nothing for a reader of ours to do.
  const native = followsSignal || signal === undefined;
  if (as === 'json' || (as === 'text' && otherCharset(contentType) === undefined)) {
    const text = noBody
      ? ''
      : native
        ? await response.text()
        : ((await readText(response, signal, Infinity)) as string);
    if (as === 'text') return kind === 'auto' && text === '' ? undefined : text;
    if (text === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw new ApiError({
        status: response.status,
        statusText: response.statusText,
        message: eventMessage('invalidJson', context.locale),
        // The text is kept for debugging, within the same bound as an error body.
        body: text.length <= MAX_ERROR_BODY_BYTES ? text : undefined,
        cause,
      });
    }
  }
  const bytes: Uint8Array<ArrayBuffer> = noBody
    ? new Uint8Array(0)
    : native
      ? new Uint8Array(await response.arrayBuffer())
      : ((await readBytes(response, signal)) as Uint8Array<ArrayBuffer>);
  if (kind === 'auto' && bytes.byteLength === 0) return undefined;
  switch (as) {
    case 'text':
      return decodeText(bytes, contentType);
    case 'blob':
      return new Blob([bytes], { type: mediaType(contentType) === '' ? '' : (contentType as string) });
    case 'arrayBuffer':
      return bytes.buffer.byteLength === bytes.byteLength ? bytes.buffer : bytes.slice().buffer;
    default:
      return bytes;
  }
}

/** Bytes as text in the charset `contentType` declares (UTF-8 when it declares none, or one unknown). */
export function decodeText(bytes: Uint8Array<ArrayBuffer>, contentType: string | null): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(otherCharset(contentType));
  } catch {
    decoder = new TextDecoder();
  }
  return decoder.decode(bytes);
}
