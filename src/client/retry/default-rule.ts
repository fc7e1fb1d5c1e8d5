import { type ApiError, NetworkError } from '../errors.js';

/**
 * Methods that RFC 9110 section 9.2.2 calls idempotent (TRACE aside): sending them twice has the same
 * effect as once, so a retry cannot duplicate a side effect. POST and PATCH are not among them.
 */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Statuses worth trying again: 408 Request Timeout, 429 Too Many Requests, and the 5xx that signal a
 * passing condition (500, 502 Bad Gateway, 503 Service Unavailable, 504 Gateway Timeout). 501 and
 * 505 will not change on a retry.
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/**
 * The rule used when the caller gives no `shouldRetry`: a network error (NetworkError), a timeout or a
 * retryable status, on an idempotent method or on a request that carries an `Idempotency-Key` header
 * (the server then deduplicates, per draft-ietf-httpapi-idempotency-key-header).
 */
export function isRetryableByDefault(error: ApiError, method: string, headers: Headers): boolean {
  // A NetworkError, not any status 0: a browser's opaque response (redirect: 'manual', mode: 'no-cors')
  // is status 0 too, yet the server answered, and it would answer the same again.
  const retryableFailure =
    error instanceof NetworkError || error.isTimeout || RETRYABLE_STATUSES.has(error.status);
  if (!retryableFailure) return false;
  // Headers.has compares names case-insensitively.
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) || headers.has('idempotency-key');
}
