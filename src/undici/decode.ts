import { createBrotliDecompress } from 'node:zlib';

/**
 * Decodes a body by its `Content-Encoding`, as fetch does: `gzip`/`x-gzip`, `deflate` and `br`, applied
 * in reverse order of the list. An unknown coding leaves the body as it came (fetch does the same).
 */
export function decodeBody(
  body: ReadableStream<Uint8Array>,
  contentEncoding: string,
): ReadableStream<Uint8Array> {
  const codings = contentEncoding.toLowerCase().split(',');
  let decoded = body;
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = (codings[i] as string).trim();
    if (coding === 'gzip' || coding === 'x-gzip') {
      decoded = decoded.pipeThrough(web(new DecompressionStream('gzip')));
    } else if (coding === 'deflate') {
      decoded = decoded.pipeThrough(web(new DecompressionStream('deflate')));
    } else if (coding === 'br') {
      decoded = decoded.pipeThrough(brotliStream());
    } else if (coding !== '' && coding !== 'identity') {
      return body;
    }
  }
  return decoded;
}

// lib.dom types DecompressionStream's writable side as BufferSource; it takes our Uint8Array chunks.
function web(stream: DecompressionStream): TransformStream<Uint8Array, Uint8Array> {
  return stream as unknown as TransformStream<Uint8Array, Uint8Array>;
}

/** Node 20's DecompressionStream has no `br`: a TransformStream over zlib's Brotli decoder. */
function brotliStream(): TransformStream<Uint8Array, Uint8Array> {
  const zlib = createBrotliDecompress();
  let controller!: TransformStreamDefaultController<Uint8Array>;
  let failed: Error | undefined;
  zlib.on('data', (chunk: Uint8Array) => controller.enqueue(chunk));
  zlib.on('error', (error: Error) => {
    failed = error;
    controller.error(error);
  });
  return new TransformStream<Uint8Array, Uint8Array>({
    start(c) {
      controller = c;
    },
    transform(chunk) {
      if (failed !== undefined) throw failed;
      return new Promise<void>((resolve, reject) => {
        zlib.write(chunk, (error) => (error ? reject(error) : resolve()));
      });
    },
    flush() {
      return new Promise<void>((resolve, reject) => {
        if (failed !== undefined) return reject(failed);
        zlib.once('error', reject);
        // 'end' (not end()'s callback, which is 'finish'): every decoded chunk has been enqueued by then.
        zlib.once('end', resolve);
        zlib.end();
      });
    },
  });
}
