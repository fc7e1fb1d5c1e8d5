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
 * Calls `callback` when `signal` aborts (in a microtask if it already has); returns the function that stops it (safe to call twice, and
 * after the abort). Each subscription needs a function of its own (a Set holds them). The signal's one
 * listener goes when its last callback does.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  // An aborted signal fires no more `abort` events (a callback subscribing during the dispatch, or a
  // signal reused after its abort): the callback runs in a microtask, unless removed before.
  if (signal.aborted) {
    let subscribed = true;
    queueMicrotask(() => {
      if (subscribed) callback();
    });
    return () => {
      subscribed = false;
    };
  }
  let subscribers = SUBSCRIBERS.get(signal);
  if (subscribers === undefined) {
    subscribers = subscribe(signal);
    SUBSCRIBERS.set(signal, subscribers);
  }
  const { callbacks, listener } = subscribers;
  callbacks.add(callback);
  return () => {
    if (!callbacks.delete(callback) || callbacks.size > 0) return;
    signal.removeEventListener('abort', listener);
    if (SUBSCRIBERS.get(signal) === subscribers) SUBSCRIBERS.delete(signal);
  };
}

/**
 * Puts a signal's one listener on it. Its own function, so that the listener's closure holds only the
 * signal and its callbacks: made inside `onAbort`, it would share that call's scope and keep the first
 * subscriber's callback (and what it holds: an attempt, its controller) alive as long as the signal has
 * any subscriber.
 */
function subscribe(signal: AbortSignal): Subscribers {
  const callbacks = new Set<() => void>();
  const listener = (): void => {
    SUBSCRIBERS.delete(signal);
    // One callback throwing must not leave the others waiting: each runs, the first error is thrown after.
    let failure: { error: unknown } | undefined;
    for (const call of callbacks) {
      try {
        call();
      } catch (error) {
        failure ??= { error };
      }
    }
    callbacks.clear();
    if (failure !== undefined) throw failure.error;
  };
  signal.addEventListener('abort', listener, { once: true });
  return { callbacks, listener };
}
