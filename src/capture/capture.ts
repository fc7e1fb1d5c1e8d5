// captureTypes: a fetch that hands each JSON response on unchanged and, off the request path, merges a
// copy into the types of its endpoint, written to files after a debounce; with `format: 'openapi'`, into
// one OpenAPI document of every endpoint (docs/capture.md).
import path from 'node:path';
import { hasNoBody, isJsonContentType } from '../client/response.js';
import { writeAtomically } from '../node/atomic-write.js';
import { type Exchange, jsonMediaType } from '../traffic/har.js';
import { type EndpointKey, endpointOf } from './endpoint.js';
import { exchangeOf, OPENAPI_FILE, type RequestBody, renderOpenApi, requestBodyOf } from './openapi.js';
import { type CapturedEndpoint, type CaptureTypesOptions, resolveCaptureOptions } from './options.js';
import { EndpointStore } from './store.js';

/** The file holding the endpoint map, beside the endpoints' files. */
const MAP_FILE = 'index.ts';

/** What fetch takes as its first argument; `RequestInfo` is a name only the DOM lib declares. */
type FetchInput = Parameters<typeof fetch>[0];

/** A fetch-compatible function (what `createApiClient`'s `fetchImpl` and most clients accept). */
export type CapturingFetch = (input: FetchInput, init?: RequestInit) => Promise<Response>;

/** What {@link captureTypes} returns. */
export interface TypeCapture {
  /** Use as the client's transport: `createApiClient({ baseUrl, fetchImpl: capture.fetch })`. */
  readonly fetch: CapturingFetch;
  /** Waits for the responses being read, writes every changed file now; resolves with their absolute paths. */
  flush(): Promise<string[]>;
  /** Stops capturing (the fetch keeps working), then flushes. */
  close(): Promise<void>;
  /** The endpoints captured so far (a response merged), in order of first appearance: those the files hold. */
  endpoints(): CapturedEndpoint[];
}

/**
 * Infers types from live responses, for development. Every 2xx JSON response that passes through
 * `fetch` is cloned and, in a later turn of the event loop, parsed and merged into the types of its
 * endpoint (`METHOD /path/{id}`); the files, and `index.ts` with the endpoint map `Api`, are written
 * atomically `debounceMs` after the first change, by a timer that never keeps the process alive, and once
 * more before the process exits on its own. With `format: 'openapi'` the one file is `openapi.json`
 * (OpenAPI 3.1), holding every endpoint, error statuses and JSON request bodies included.
 *
 * @example
 * const capture = captureTypes({ outDir: 'src/types/captured' });
 * const api = createApiClient({ baseUrl: 'https://api.example.com', fetchImpl: capture.fetch });
 * await api.get('/users/1'); // -> src/types/captured/get-users-id.ts (GetUsersId)
 * await capture.close();
 * @throws TypeError/RangeError for bad options, naming the option and the value.
 */
export function captureTypes(options: CaptureTypesOptions): TypeCapture {
  const resolved = resolveCaptureOptions(options);
  const outDir = path.resolve(resolved.outDir);
  const reading = new Set<Promise<void>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<unknown> = Promise.resolve();
  let closed = false;
  let exitHooked = false;

  // A throwing onError must not become an unhandled rejection or reach a request.
  const report = (error: unknown): void => {
    try {
      resolved.onError(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // Nothing left to tell.
    }
  };
  const store = new EndpointStore({ ...resolved, onError: report });
  // format 'openapi': every JSON exchange seen, and whether the document misses some of them.
  const exchanges: Exchange[] = [];
  let documentDirty = false;
  // Whether index.ts misses the endpoints written so far (its own write failed): the next write retries it.
  let mapDirty = false;

  const onBeforeExit = (): void => {
    exitHooked = false;
    flush().catch(report);
  };

  function unhookExit(): void {
    if (exitHooked) {
      exitHooked = false;
      process.off('beforeExit', onBeforeExit);
    }
  }

  function schedule(): void {
    if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        write().catch(report);
      }, resolved.debounceMs);
      // The timer must not keep a finished script alive; `beforeExit` writes what it would have.
      timer.unref();
    }
    if (!exitHooked) {
      exitHooked = true;
      process.once('beforeExit', onBeforeExit);
    }
  }

  async function ingest(
    key: EndpointKey,
    copy: Response,
    exchange: { method: string; url: URL; body: RequestBody | undefined },
  ): Promise<void> {
    // Parse in a later turn of the event loop, after the caller's own code has run.
    await new Promise((resolve) => setImmediate(resolve));
    let value: unknown;
    try {
      const text = await copy.text();
      if (text.trim() === '') return;
      value = JSON.parse(text);
    } catch {
      // Aborted, cut off, or not JSON after all: the caller sees that error; there is nothing to learn.
      return;
    }
    const body = resolved.openapi ? await exchange.body : undefined;
    // Kept from its first response merged on (nothing awaited in between): an endpoint with none never
    // takes a place of `maxEndpoints`.
    const state = store.endpoint(key);
    if (state === undefined) return;
    if (resolved.openapi) {
      const mediaType = jsonMediaType(copy.headers.get('content-type'));
      exchanges.push(exchangeOf(exchange.method, exchange.url, copy.status, value, mediaType, body));
      documentDirty = true;
    }
    store.add(state, value);
    schedule();
  }

  function observe(
    input: FetchInput,
    init: RequestInit | undefined,
    response: Response,
    body: RequestBody | undefined,
  ): void {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    // The document has a response per status seen, error bodies included; the type files only 2xx.
    if ((!resolved.openapi && !response.ok) || hasNoBody(method, response.status)) return;
    if (!isJsonContentType(response.headers.get('content-type'))) return;
    let url: URL;
    try {
      url = new URL(request?.url ?? String(input));
    } catch {
      return;
    }
    const key = endpointOf(method, url);
    if (!store.accepts(key) || response.bodyUsed) return;
    const task = ingest(key, response.clone(), { method, url, body }).finally(() => reading.delete(task));
    reading.add(task);
  }

  // Called as a plain function: a browser-style fetch refuses another `this`.
  const inner = resolved.fetch;
  const capturingFetch: CapturingFetch = async (input, init) => {
    let body: RequestBody | undefined;
    if (resolved.openapi && !closed) {
      try {
        // Read before sending: a sent Request's body cannot be copied any more.
        body = requestBodyOf(input, init);
      } catch {
        // The request is the caller's: whatever it holds, it is sent as it is.
      }
    }
    const response = await inner(input, init);
    try {
      if (!closed) observe(input, init, response, body);
    } catch {
      // Capturing is a side job: whatever goes wrong here, the caller gets the response.
    }
    return response;
  };

  // Writes run one after another, so two of them never race on one file.
  function write(): Promise<string[]> {
    const run = writing.then(writeChanged, writeChanged);
    const settled = run.catch(() => undefined);
    writing = settled;
    return run.then((written) => {
      // All on disk, no write due or queued: nothing is left for beforeExit, and a listener kept per
      // capture would pile up (and keep each capture alive) in a process that makes many.
      if (timer === undefined && writing === settled) unhookExit();
      return written;
    });
  }

  async function writeChanged(): Promise<string[]> {
    if (resolved.openapi) return writeDocument();
    const written: string[] = [];
    let failure: Error | undefined;
    for (const state of store.takeDirty()) {
      const file = path.join(outDir, state.file);
      try {
        await writeAtomically(file, store.render(state));
        written.push(file);
      } catch (error) {
        store.markDirty(state);
        failure ??= new Error(`writing ${file} (${state.key.key}) failed: ${messageOf(error)}`, {
          cause: error,
        });
      }
    }
    if (written.length > 0 || mapDirty) {
      const map = store.renderMap();
      const file = path.join(outDir, MAP_FILE);
      if (map !== undefined) {
        try {
          await writeAtomically(file, map);
          written.push(file);
          mapDirty = false;
        } catch (error) {
          mapDirty = true;
          failure ??= new Error(`writing ${file} (the endpoint map) failed: ${messageOf(error)}`, {
            cause: error,
          });
        }
      }
    }
    if (failure !== undefined) throw failure;
    return written;
  }

  /** format 'openapi': the one document of every exchange so far, when one arrived since the last write. */
  async function writeDocument(): Promise<string[]> {
    store.takeDirty();
    if (!documentDirty) return [];
    documentDirty = false;
    const file = path.join(outDir, OPENAPI_FILE);
    try {
      await writeAtomically(file, renderOpenApi(exchanges, resolved.generate));
    } catch (error) {
      documentDirty = true;
      throw new Error(`writing ${file} (the OpenAPI document) failed: ${messageOf(error)}`, { cause: error });
    }
    return [file];
  }

  async function flush(): Promise<string[]> {
    await Promise.allSettled([...reading]);
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    return write();
  }

  async function close(): Promise<void> {
    closed = true;
    try {
      await flush();
    } finally {
      unhookExit();
    }
  }

  return { fetch: capturingFetch, flush, close, endpoints: () => store.list() };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
