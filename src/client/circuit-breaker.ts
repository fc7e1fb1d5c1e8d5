import type { ApiError } from './errors.js';
import type { CircuitBreakerConfig, CircuitState } from './types.js';

/** CircuitBreakerConfig with defaults filled in. */
export interface ResolvedCircuitBreaker {
  readonly threshold: number;
  /** The open period: the larger of `timeout` and `resetTimeout`. */
  readonly openMs: number;
  readonly onStateChange: CircuitBreakerConfig['onStateChange'];
}

/** Validates a CircuitBreakerConfig and fills in defaults; `undefined` when the breaker is off. */
export function resolveCircuitBreaker(
  config: CircuitBreakerConfig | undefined,
): ResolvedCircuitBreaker | undefined {
  void config;
  throw new Error('not implemented yet');
}

/** Whether an error counts as a breaker failure: network error, timeout, or status >= 500. */
export function isBreakerFailure(error: ApiError): boolean {
  void error;
  throw new Error('not implemented yet');
}

/**
 * A consecutive-failure circuit breaker driven by an injected clock (no timers).
 * The pipeline calls `tryAcquire()` before every attempt, then exactly one of
 * `recordSuccess()`, `recordFailure()` or `release()` when the attempt ends.
 */
export class CircuitBreaker {
  constructor(
    readonly config: ResolvedCircuitBreaker,
    readonly now: () => number,
  ) {}

  /** Current state; an open circuit whose open period has passed reads as `half-open`. */
  get state(): CircuitState {
    throw new Error('not implemented yet');
  }

  /** True when this attempt may be sent (closed, or the one half-open probe); false: reject with CircuitOpenError. */
  tryAcquire(): boolean {
    throw new Error('not implemented yet');
  }

  /** The attempt got a response that is not a breaker failure. */
  recordSuccess(): void {
    throw new Error('not implemented yet');
  }

  /** The attempt failed (see isBreakerFailure). */
  recordFailure(): void {
    throw new Error('not implemented yet');
  }

  /** The attempt ended with neither (the caller aborted it); frees a half-open probe slot. */
  release(): void {
    throw new Error('not implemented yet');
  }
}
