import type { ApiError } from '../errors.js';
import type { RetryConfig } from '../types.js';

/** RetryConfig with every default filled in. */
export interface ResolvedRetryPolicy {
  readonly maxRetries: number;
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  readonly factor: number;
  readonly jitter: boolean;
  readonly shouldRetry: RetryConfig['shouldRetry'];
}

/** What the pipeline knows about the attempt that failed. */
export interface RetryContext {
  /** Upper-case method of the request. */
  readonly method: string;
  /** Headers the request was sent with (for `Idempotency-Key`). */
  readonly headers: Headers;
  /** False when the body cannot be sent twice (a stream). */
  readonly replayable: boolean;
  /** The response of the failed attempt, when there was one (for `Retry-After`). */
  readonly response: Response | undefined;
  /** Current time in ms since the epoch-like origin of the client's clock (for `Retry-After` dates). */
  readonly now: number;
  /** Random number in [0, 1) for jitter. @default Math.random */
  readonly random?: (() => number) | undefined;
}

/** Validates a RetryConfig and fills in defaults; `undefined` when retry is off. Throws RangeError on bad values. */
export function resolveRetryPolicy(config: RetryConfig | undefined): ResolvedRetryPolicy | undefined {
  void config;
  throw new Error('not implemented yet');
}

/**
 * The delay in ms before the next attempt, or `undefined` when the failed attempt is not retried.
 * `attempt` is the 1-based number of the attempt that failed.
 */
export async function nextRetryDelay(
  policy: ResolvedRetryPolicy,
  error: ApiError,
  attempt: number,
  context: RetryContext,
): Promise<number | undefined> {
  void policy;
  void error;
  void attempt;
  void context;
  throw new Error('not implemented yet');
}
