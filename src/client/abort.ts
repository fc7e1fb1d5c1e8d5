/**
 * What the client does when a signal aborts, with one `abort` listener per signal whatever the number
 * of requests listening: a server passing one long-lived signal (its shutdown signal) to every request
 * would otherwise put one listener per request in flight on it, and Node warns past 10
 * (MaxListenersExceededWarning). See docs/client.md, "Abort".
 */

/** A signal's callbacks, and the one listener that calls them. */
interface Subscribers {
  readonly callbacks: Set<() => void>;
  readonly listener: () => void;
}

const SUBSCRIBERS = new WeakMap<AbortSignal, Subscribers>();

/**
 * Calls `callback` when `signal` aborts; returns the function that stops it (safe to call twice, and
 * after the abort). Each subscription needs a function of its own (a Set holds them). The signal's one
 * listener goes when its last callback does.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let subscribers = SUBSCRIBERS.get(signal);
  if (subscribers === undefined) {
    const callbacks = new Set<() => void>();
    const listener = (): void => {
      SUBSCRIBERS.delete(signal);
      for (const call of callbacks) call();
      callbacks.clear();
    };
    subscribers = { callbacks, listener };
    SUBSCRIBERS.set(signal, subscribers);
    signal.addEventListener('abort', listener, { once: true });
  }
  const { callbacks, listener } = subscribers;
  callbacks.add(callback);
  return () => {
    if (!callbacks.delete(callback) || callbacks.size > 0) return;
    signal.removeEventListener('abort', listener);
    if (SUBSCRIBERS.get(signal) === subscribers) SUBSCRIBERS.delete(signal);
  };
}
