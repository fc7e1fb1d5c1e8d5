import { onAbort } from '../abort.js';
import { type Call, type LayerDefinition, type Reply, withSignal } from '../call.js';

/** A caller waiting for a shared request: settles it (with its own call), stops listening to its signal. */
type Waiter = (
  settle: (
    resolve: (reply: Reply | Promise<Reply>) => void,
    reject: (error: unknown) => void,
    own: Call,
  ) => void,
) => void;

/** A request in flight and the callers sharing it. */
interface Shared {
  readonly waiters: Set<Waiter>;
  /** Aborts the shared request; none when its first caller has no signal (then no abort can empty it). */
  readonly controller: AbortController | undefined;
}

/**
 * Deduplication (`dedupe: true`): GET requests in flight at the same time with the same URL and the
 * same headers share one request. The first caller's options drive it; every caller gets its own copy
 * of the data (a structured clone), and a caller's abort detaches only that caller: the request is
 * aborted when no caller is left (see docs/client.md, "Deduplication").
 */
export const dedupe: LayerDefinition = {
  create(client) {
    if (!client.dedupe) return undefined;
    const inFlight = new Map<string, Shared>();
    return (next) => (call) => {
      // A stream can be read only once, so a 'stream' read is never shared; nor a request whose download
      // progress is reported (the bytes are counted below, for the first caller only).
      const { parseAs = 'auto', onDownloadProgress } = call.options;
      if (call.method !== 'GET' || call.body !== undefined || parseAs === 'stream' || onDownloadProgress) {
        return next(call);
      }
      // URL, headers, fetch options (redirect, cache, ...) and how the body is read: what makes two GETs
      // the same request. An object option (undici's dispatcher) cannot be compared: not shared.
      let key = `${parseAs} ${call.url}`;
      for (const [name, value] of call.headers) key += `\n${name}:${value}`;
      for (const name of Object.keys(call.init).sort()) {
        const value = (call.init as Record<string, unknown>)[name];
        if (value === undefined) continue;
        if (typeof value === 'object' && value !== null) return next(call);
        // `=` cannot start a header name: no option line reads as a header line.
        key += `\n=${name}=${JSON.stringify(value)}`;
      }
      let shared = inFlight.get(key);
      if (shared === undefined) {
        // A first caller without a signal never leaves before the request settles, so the request is never
        // aborted for want of callers: it needs no controller (one per request is a cost on the hot path).
        const controller = call.signal === undefined ? undefined : new AbortController();
        const started: Shared = { waiters: new Set(), controller };
        shared = started;
        inFlight.set(key, started);
        const settleAll = (settle: Parameters<Waiter>[0]): void => {
          if (inFlight.get(key) === started) inFlight.delete(key);
          for (const waiter of started.waiters) waiter(settle);
        };
        // The shared request listens to no caller's signal, only to its own controller.
        // A caller that wants the body unread (asResponse()), or that joined a request whose body was left
        // unread (asResponse() on the first call), gets a request of its own, whether the shared one
        // succeeded or failed: its outcome came from a body read the other way (invalid JSON, say).
        const ownRequest = (own: Call): boolean => own !== call && (call.state.raw || own.state.raw);
        next(controller === undefined ? call : withSignal(call, controller.signal)).then(
          (reply) => {
            let first = true;
            // Copies are made now, before any caller's code can change the data.
            settleAll((resolve, _, own) => {
              if (ownRequest(own)) return resolve(next(own));
              resolve(first ? reply : { data: structuredClone(reply.data), response: reply.response });
              first = false;
            });
          },
          (error: unknown) =>
            settleAll((resolve, reject, own) => (ownRequest(own) ? resolve(next(own)) : reject(error))),
        );
      }
      const { waiters, controller } = shared;
      const { signal } = call;
      return new Promise<Reply>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const leave = (): void => {
          waiters.delete(waiter);
          reject(signal?.reason);
          // Nobody waits any more: stop the request, and let the next caller start a new one.
          if (waiters.size === 0) {
            if (inFlight.get(key) === shared) inFlight.delete(key);
            controller?.abort(signal?.reason);
          }
        };
        const waiter: Waiter = (settle) => {
          stopListening?.();
          settle(resolve, reject, call);
        };
        waiters.add(waiter);
        const stopListening = signal && onAbort(signal, leave);
      });
    };
  },
};
