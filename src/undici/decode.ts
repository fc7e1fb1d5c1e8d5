import type { Transform } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';

/**
 * Decodes a body by its `Content-Encoding`, as fetch does: `gzip`/`x-gzip`, `deflate` and `br`, applied
 * in reverse order of the list. An unknown coding leaves the body as it came (fetch does the same).
 * Like fetch, the decoders flush instead of finishing: an empty body decodes to an empty body, and a
 * body cut short of its trailer to what it holds (docs/undici.md, "Same semantics as fetch").
 * Throws, as fetch fails, when more than 5 codings are listed.
 */
export function decodeBody(
  body: ReadableStream<Uint8Array>,
  contentEncoding: string,
): ReadableStream<Uint8Array> {
  const codings = contentEncoding.toLowerCase().split(',');
  // A body wrapped in many codings costs a decoder each: fetch refuses more than 5 (docs/undici.md, "Errors").
  if (codings.length > MAX_CODINGS) {
    throw new Error(
      `too many content-encodings in response: ${codings.length}, maximum allowed is ${MAX_CODINGS}`,
    );
  }
  const decoders: (() => TransformStream<Uint8Array, Uint8Array>)[] = [];
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = (codings[i] as string).trim();
    if (coding === 'gzip' || coding === 'x-gzip') {
      decoders.push(() => zlibStream(() => createGunzip(ZLIB_FLUSH)));
    } else if (coding === 'deflate') {
      // Some servers send raw DEFLATE as `deflate`: like fetch, tell it from zlib's header by its first byte.
      decoders.push(() =>
        zlibStream((first) =>
          ((first[0] as number) & 0x0f) === 0x08 ? createInflate(ZLIB_FLUSH) : createInflateRaw(ZLIB_FLUSH),
        ),
      );
    } else if (coding === 'br') {
      decoders.push(() => zlibStream(() => createBrotliDecompress(BROTLI_FLUSH)));
    } else if (coding !== '' && coding !== 'identity') {
      // Checked before any decoder is piped: a piped body is locked and could not be returned as it came.
      return body;
    }
  }
  let decoded = body;
  for (const decoder of decoders) decoded = decoded.pipeThrough(decoder());
  return decoded;
}

const MAX_CODINGS = 5;

// What fetch (and cURL) decode with: a sync flush, also at the end, so a missing trailer is no error.
const ZLIB_FLUSH = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const BROTLI_FLUSH = {
  flush: constants.BROTLI_OPERATION_FLUSH,
  finishFlush: constants.BROTLI_OPERATION_FLUSH,
};

/**
 * A TransformStream over one of zlib's decoders (Node 20's DecompressionStream has no `br`, and finishes
 * strictly). The decoder is made at the first byte (`create` sees it): a body without any decodes to an
 * empty body.
 */
function zlibStream(create: (first: Uint8Array) => Transform): TransformStream<Uint8Array, Uint8Array> {
  let zlib: Transform | undefined;
  let controller!: TransformStreamDefaultController<Uint8Array>;
  let failed: Error | undefined;
  const start = (first: Uint8Array): Transform => {
    const decoder = create(first);
    decoder.on('data', (chunk: Uint8Array) => controller.enqueue(chunk));
    // A body that cannot be decoded errors as fetch's does: TypeError('terminated'), zlib's error as cause.
    decoder.on('error', (error: Error) => {
      failed ??= new TypeError('terminated', { cause: error });
      controller.error(failed);
    });
    return decoder;
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    start(c) {
      controller = c;
    },
    transform(chunk) {
      if (failed !== undefined) throw failed;
      if (chunk.byteLength === 0) return;
      zlib ??= start(chunk);
      const decoder = zlib;
      return new Promise<void>((resolve, reject) => {
        decoder.write(chunk, (error?: Error | null) => (error ? reject(failed ?? error) : resolve()));
      });
    },
    flush() {
      const decoder = zlib;
      if (decoder === undefined) return;
      return new Promise<void>((resolve, reject) => {
        if (failed !== undefined) return reject(failed);
        decoder.once('error', () => reject(failed));
        // 'end' (not end()'s callback, which is 'finish'): every decoded chunk has been enqueued by then.
        decoder.once('end', resolve);
        decoder.end();
      });
    },
  });
}
