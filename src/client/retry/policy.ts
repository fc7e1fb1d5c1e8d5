import { MAX_TIMER_MS } from '../../shared/timer-limit.js';
import { checkBoolean, checkFunction, checkNumber, checkObject } from '../check.js';
import { ApiError, CircuitOpenError, ValidationError } from '../errors.js';
import type { RetryConfig } from '../types.js';
import { backoffDelay } from './backoff.js';
import { isRetryableByDefault } from './default-rule.js';
import { parseRetryAfter } from './retry-after.js';

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
  /**
   * Current time from the client's clock. `Retry-After` dates are compared with it, so it must be
   * ms since the Unix epoch (what `Date.now()` returns).
   */
  readonly now: number;
  /** Random number in [0, 1) for jitter. @default Math.random */
  readonly random?: (() => number) | undefined;
}

/** The defaults of RetryConfig, in one place. */
export const RETRY_DEFAULTS = {
  maxRetries: 2,
  initialDelayMs: 300,
  maxDelayMs: 10_000,
  factor: 2,
  jitter: false,
} as const;

/** Statuses whose `Retry-After` header is honoured (RFC 9110 sections 10.2.3, 15.6.4; RFC 6585 section 4). */
const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Validates a RetryConfig and fills in defaults; `undefined` when retry is off. Throws RangeError on bad values. */
export function resolveRetryPolicy(config: RetryConfig | undefined): ResolvedRetryPolicy | undefined {
  if (config === undefined) return undefined;
  checkObject('retryPolicy', config, [...Object.keys(RETRY_DEFAULTS), 'shouldRetry']);
  const maxRetries = config.maxRetries ?? RETRY_DEFAULTS.maxRetries;
  const initialDelayMs = config.initialDelayMs ?? RETRY_DEFAULTS.initialDelayMs;
  const maxDelayMs = config.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const factor = config.factor ?? RETRY_DEFAULTS.factor;
  const jitter = config.jitter ?? RETRY_DEFAULTS.jitter;
  checkNumber('retryPolicy.maxRetries', maxRetries, 0, Number.MAX_SAFE_INTEGER, true);
  checkNumber('retryPolicy.initialDelayMs', initialDelayMs, 0, MAX_TIMER_MS, false);
  checkNumber('retryPolicy.maxDelayMs', maxDelayMs, 0, MAX_TIMER_MS, false);
  // Below 1 the delays would shrink; 1 gives a constant delay.
  checkNumber('retryPolicy.factor', factor, 1, Number.MAX_VALUE, false);
  checkBoolean('retryPolicy.jitter', jitter);
  if (config.shouldRetry !== undefined) checkFunction('retryPolicy.shouldRetry', config.shouldRetry);
  return { maxRetries, initialDelayMs, maxDelayMs, factor, jitter, shouldRetry: config.shouldRetry };
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
  // Never retried, whatever shouldRetry says: the same response would fail validation again, an
  // open circuit must not be hammered, and a consumed stream cannot be sent a second time.
  if (error instanceof ValidationError || error instanceof CircuitOpenError) return undefined;
  if (!(error instanceof ApiError) || !context.replayable) return undefined;
  if (attempt > policy.maxRetries) return undefined;
  const retry = policy.shouldRetry
    ? await policy.shouldRetry(error, attempt)
    : isRetryableByDefault(error, context.method, context.headers);
  if (!retry) return undefined;

  if (context.response && RETRY_AFTER_STATUSES.has(error.status)) {
    const wait = parseRetryAfter(context.response.headers.get('retry-after'), context.now);
    // The server's wait replaces the backoff; one longer than we accept to wait means give up now
    // rather than hold the caller (ky does the same with its `maxRetryAfter`).
    if (wait !== undefined) return wait > policy.maxDelayMs ? undefined : wait;
  }
  return backoffDelay(policy, attempt, context.random ?? Math.random);
}
