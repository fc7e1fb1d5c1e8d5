import type { ValidationIssue } from './types.js';

/** The fields every ApiError carries; `details` returns them as one object. */
export interface ApiErrorDetails {
  readonly status: number;
  readonly statusText: string;
  readonly message: string;
  readonly body: unknown;
  readonly isTimeout: boolean;
}

export interface ApiErrorInit {
  status: number;
  statusText: string;
  message: string;
  body?: unknown;
  isTimeout?: boolean;
  cause?: unknown;
}

/**
 * Every failure of the client. `status` is the HTTP status; 0 for a network failure,
 * 408 with `isTimeout` for a timeout.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  // Declared, not defined: the constructor assigns them (no field set to undefined first).
  declare readonly status: number;
  declare readonly statusText: string;
  declare readonly body: unknown;
  declare readonly isTimeout: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
    this.isTimeout = init.isTimeout ?? false;
  }

  /** The spec's fields as one plain object. */
  get details(): ApiErrorDetails {
    return {
      status: this.status,
      statusText: this.statusText,
      message: this.message,
      body: this.body,
      isTimeout: this.isTimeout,
    };
  }
}

/**
 * The request did not get a response: the connection was refused or reset, DNS failed, or the body
 * broke off mid-transfer. Status 0, `statusText: 'Network Error'`, the platform's error in `cause`.
 * Its `name` stays `'ApiError'`, as in earlier versions (logs and checks on `name` keep working):
 * tell it apart with `instanceof NetworkError`.
 */
export class NetworkError extends ApiError {
  constructor(init: Omit<ApiErrorInit, 'status' | 'statusText' | 'isTimeout'>) {
    super({ ...init, status: 0, statusText: 'Network Error' });
  }
}

/**
 * A timeout ran out (the per-attempt `timeoutMs`). Status 408, `statusText: 'Request Timeout'`,
 * `isTimeout: true`; its `name` stays `'ApiError'`, like NetworkError's.
 */
export class TimeoutError extends ApiError {
  constructor(init: Omit<ApiErrorInit, 'status' | 'statusText' | 'isTimeout'>) {
    super({ ...init, status: 408, statusText: 'Request Timeout', isTimeout: true });
  }
}

/** Thrown without sending anything while the circuit breaker is open. Status 503. */
export class CircuitOpenError extends ApiError {
  override name = 'CircuitOpenError';
}

/** Thrown when a response fails `validateResponse`. Never retried. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  /** Every failing field. */
  declare readonly issues: readonly ValidationIssue[];

  constructor(init: ApiErrorInit & { issues: readonly ValidationIssue[] }) {
    super(init);
    this.issues = init.issues;
  }
}
