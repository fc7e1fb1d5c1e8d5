/** The parts of a resolved retry policy the backoff formula needs. */
export interface BackoffOptions {
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  readonly factor: number;
  readonly jitter: boolean;
}

/**
 * The delay in ms before retry `retry` (1-based): `min(maxDelayMs, initialDelayMs * factor^(retry-1))`.
 * With `jitter` it is "full jitter", uniform in [0, delay], which spreads the retries of many clients
 * that failed together (https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/).
 */
export function backoffDelay(options: BackoffOptions, retry: number, random: () => number): number {
  // 0 * Infinity is NaN: a zero initial delay stays zero however large the exponent grows.
  const raw = options.initialDelayMs === 0 ? 0 : options.initialDelayMs * options.factor ** (retry - 1);
  const delay = Math.min(options.maxDelayMs, raw);
  return options.jitter ? random() * delay : delay;
}
