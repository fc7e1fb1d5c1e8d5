import { checkFunction, checkNumber, checkObject } from './check.js';
import { type ApiError, CircuitOpenError, NetworkError } from './errors.js';
import type { CircuitBreakerConfig, CircuitState } from './types.js';

/** CircuitBreakerConfig with defaults filled in. */
export interface ResolvedCircuitBreaker {
  readonly threshold: number;
  /** The open period: the larger of `timeout` and `resetTimeout`. */
  readonly openMs: number;
  readonly onStateChange: CircuitBreakerConfig['onStateChange'];
}

/** The defaults of CircuitBreakerConfig, in one place. */
export const BREAKER_DEFAULTS = { threshold: 5, openMs: 30_000 } as const;

/** Validates a CircuitBreakerConfig and fills in defaults; `undefined` when the breaker is off. */
export function resolveCircuitBreaker(
  config: CircuitBreakerConfig | undefined,
): ResolvedCircuitBreaker | undefined {
  if (config === undefined) return undefined;
  checkObject('circuitBreaker', config, ['threshold', 'timeout', 'resetTimeout', 'onStateChange']);
  const threshold = config.threshold ?? BREAKER_DEFAULTS.threshold;
  checkNumber('circuitBreaker.threshold', threshold, 1, Infinity, true);
  const periods: number[] = [];
  for (const name of ['timeout', 'resetTimeout'] as const) {
    const value = config[name];
    // null, like undefined, means "not given" (as for threshold, through `??`).
    if (value === undefined || value === null) continue;
    checkNumber(`circuitBreaker.${name}`, value, 0, Infinity, false);
    periods.push(value);
  }
  if (config.onStateChange !== undefined) checkFunction('circuitBreaker.onStateChange', config.onStateChange);
  // Either name gives the open period; with both, the larger wins (docs/resilience.md).
  const openMs = periods.length === 0 ? BREAKER_DEFAULTS.openMs : Math.max(...periods);
  return { threshold, openMs, onStateChange: config.onStateChange };
}

/** Whether an error counts as a breaker failure: network error, timeout, or status >= 500. */
export function isBreakerFailure(error: ApiError): boolean {
  // A CircuitOpenError (503) was made here, not by the server: it says nothing about its health.
  if (error instanceof CircuitOpenError) return false;
  // A NetworkError, not any status 0: a browser's opaque response says the server answered.
  return error instanceof NetworkError || error.isTimeout || error.status >= 500;
}

/**
 * A consecutive-failure circuit breaker driven by an injected clock (no timers).
 * The pipeline calls `tryAcquire()` before every attempt, then exactly one of
 * `recordSuccess()`, `recordFailure()` or `release()` when the attempt ends.
 */
export class CircuitBreaker {
  #kind: CircuitState = 'closed';
  /** Consecutive failures while closed. */
  #failures = 0;
  /** When the circuit opened (while open). */
  #openedAt = 0;
  /** The one half-open probe is in flight (while half-open). */
  #probe = false;

  // Declared, not defined: the constructor assigns them.
  declare readonly config: ResolvedCircuitBreaker;
  declare readonly now: () => number;

  constructor(config: ResolvedCircuitBreaker, now: () => number) {
    this.config = config;
    this.now = now;
  }

  /**
   * Current state; an open circuit whose open period has passed reads as `half-open` (and that
   * change is reported to `onStateChange` now: no timer runs to report it earlier).
   */
  get state(): CircuitState {
    return this.#advance();
  }

  /** The half-open probe is in flight. */
  get probing(): boolean {
    return this.#probe;
  }

  /** True when this attempt may be sent (closed, or the one half-open probe); false: reject with CircuitOpenError. */
  tryAcquire(): boolean {
    const kind = this.#advance();
    if (kind === 'open' || (kind === 'half-open' && this.#probe)) return false;
    if (kind === 'half-open') this.#probe = true;
    return true;
  }

  /** The attempt got a response that is not a breaker failure. */
  recordSuccess(): void {
    // A late success while open came from an attempt sent before the circuit opened: only a probe
    // may close an open circuit.
    if (this.#advance() !== 'open') this.#set('closed');
  }

  /** The attempt failed (see isBreakerFailure). */
  recordFailure(): void {
    const kind = this.#advance();
    if (kind === 'closed') this.#failures += 1;
    // Open: a late failure of an attempt sent before the circuit opened does not extend the period.
    if (kind === 'half-open' || (kind === 'closed' && this.#failures >= this.config.threshold)) {
      this.#openedAt = this.now();
      this.#set('open');
    }
  }

  /** The attempt ended with neither (the caller aborted it); frees a half-open probe slot. */
  release(): void {
    this.#probe = false;
  }

  /** Moves an open circuit whose period has passed to half-open; returns the current state. */
  #advance(): CircuitState {
    if (this.#kind === 'open' && this.now() - this.#openedAt >= this.config.openMs) this.#set('half-open');
    return this.#kind;
  }

  /** Enters `next` with its counters reset. */
  #set(next: CircuitState): void {
    const previous = this.#kind;
    this.#kind = next;
    this.#failures = 0;
    this.#probe = false;
    // The state is updated first, so a callback that reads `client.circuitState` sees the new one.
    if (next !== previous) this.config.onStateChange?.(next, previous);
  }
}
