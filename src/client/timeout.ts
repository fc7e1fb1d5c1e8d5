import { MAX_TIMER_MS } from '../shared/timer-limit.js';
import { onAbort } from './abort.js';
import type { Clock } from './types.js';

/** The attempt's controller of each handed-over body, kept alive by the body alone. */
const FOLLOWERS = new WeakMap<object, AbortController>();

/**
 * Stops a handed-over body's subscription to its caller's signal once the body's controller is
 * collected: the subscription holds the controller only weakly (see `follow`).
 */
const UNLINK = new FinalizationRegistry<() => void>((stop) => stop());

/** Why an attempt's signal aborted: the per-attempt timeout, or the caller's own signal. */
export type AbortKind = 'timeout' | 'caller';

/**
 * The signal of one attempt: aborts when `timeoutMs` elapses or when the caller's signal aborts.
 *
 * One AbortController, one cleared setTimeout and one listener on the caller's signal, removed in
 * `dispose()`: cheaper on the hot path than AbortSignal.any + AbortSignal.timeout, and nothing
 * (timer or listener) outlives the attempt, so a script exits as soon as its last request settles.
 *
 * With no timeout (`Infinity`) and no caller signal nothing can abort the attempt, so there is no
 * controller and `signal` is undefined: fetch gets no signal, which on Node 20 saves about 15% of a
 * small request's CPU (fetch's bookkeeping for a signal; see BENCHMARKS.md).
 */
export class AttemptSignal {
  readonly #controller: AbortController | undefined;
  readonly #caller: AbortSignal | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopListening: (() => void) | undefined;
  #kind: AbortKind | undefined;

  constructor(timeoutMs: number, caller: AbortSignal | undefined) {
    this.#caller = caller;
    // Infinity means "no timeout": setTimeout would clamp it to 1 ms.
    const timed = timeoutMs !== Infinity;
    this.#controller = timed || caller !== undefined ? new AbortController() : undefined;
    if (caller !== undefined) {
      if (caller.aborted) this.#abort('caller');
      else {
        // Only a request with a caller signal pays for a listener closure (one listener on the signal
        // for all the requests in flight with it: see abort.ts).
        this.#stopListening = onAbort(caller, () => this.#abort('caller'));
      }
    }
    if (timed && this.#kind === undefined) {
      // The attempt is passed as setTimeout's argument: no closure per attempt.
      this.#timer = setTimeout(AttemptSignal.#onTimeout, timeoutMs, this);
    }
  }

  /** The signal to hand to fetch and to the body reader; undefined when nothing can abort the attempt. */
  get signal(): AbortSignal | undefined {
    return this.#controller?.signal;
  }

  /** What aborted the attempt, if anything did. */
  get kind(): AbortKind | undefined {
    return this.#kind;
  }

  /** Ends the attempt: clears the timer and the caller listener. Safe to call twice. */
  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#stopListening?.();
  }

  /**
   * After the attempt, for a body handed over unread (`'stream'`, `asResponse()`): the caller's abort
   * still cancels it. The caller's signal gets one listener for all its bodies, holding each body's
   * controller weakly; the body alone keeps its controller alive. So nothing accumulates on a
   * long-lived caller signal, and once its bodies are gone it has no listener left (not `AbortSignal.any`, whose followers Node 20 keeps
   * alive as long as the caller's signal: about 2 KB per call; see docs/client.md, "Abort").
   */
  follow(caller: AbortSignal | null | undefined, body: object): void {
    const controller = this.#controller;
    if (!caller || caller.aborted || controller === undefined || controller.signal.aborted) return;
    // The caller's one listener (abort.ts) reaches the controller through a WeakRef: the body alone
    // keeps it alive, and its collection ends the subscription.
    const ref = new WeakRef(controller);
    UNLINK.register(
      controller,
      onAbort(caller, () => ref.deref()?.abort(caller.reason)),
    );
    FOLLOWERS.set(body, controller);
  }

  /** Aborts a still-running fetch or body (an attempt that failed early) so its connection is freed. */
  cancel(): void {
    if (this.#controller !== undefined && !this.#controller.signal.aborted) this.#controller.abort();
  }

  static #onTimeout(attempt: AttemptSignal): void {
    attempt.#timer = undefined;
    attempt.#abort('timeout');
  }

  #abort(kind: AbortKind): void {
    if (this.#kind !== undefined) return;
    this.#kind = kind;
    this.#controller?.abort(
      kind === 'caller' ? this.#caller?.reason : new DOMException('The request timed out.', 'TimeoutError'),
    );
  }
}

/**
 * The real clock: wall time in epoch ms (so `Retry-After` dates compare directly), and a sleep that
 * rejects with the signal's reason when it aborts and leaves no timer or listener behind.
 */
export const realClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      // Past setTimeout's limit a timer fires at once: the longest wait it can do instead (an SSE
      // stream's `retry:` has no bound of its own).
      const timer = setTimeout(
        () => {
          stopListening?.();
          resolve();
        },
        Math.min(ms, MAX_TIMER_MS),
      );
      const stopListening =
        signal &&
        onAbort(signal, () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
    });
  },
};

/**
 * `value`, given up on when `signal` aborts: then it rejects with the signal's reason. So an interceptor
 * that never settles cannot hold the call past its timeout (the timeout layer maps the reason), nor
 * anything below the total timeout past its deadline.
 */
export function bounded<T>(value: Promise<T>, signal: AbortSignal | undefined): Promise<T>;
export function bounded<T>(value: T | Promise<T>, signal: AbortSignal | undefined): T | Promise<T>;
export function bounded<T>(value: T | Promise<T>, signal: AbortSignal | undefined): T | Promise<T> {
  if (signal === undefined || !(value instanceof Promise)) return value;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stopListening = onAbort(signal, () => reject(signal.reason));
    value.then(
      (result) => {
        stopListening();
        resolve(result);
      },
      (error: unknown) => {
        stopListening();
        reject(error);
      },
    );
  });
}
