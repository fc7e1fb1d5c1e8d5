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
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  readonly isTimeout: boolean;

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

/** Thrown without sending anything while the circuit breaker is open. Status 503. */
export class CircuitOpenError extends ApiError {
  override name = 'CircuitOpenError';
}

/** Thrown when a response fails `validateResponse`. Never retried. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  /** Every failing field. */
  readonly issues: readonly ValidationIssue[];

  constructor(init: ApiErrorInit & { issues: readonly ValidationIssue[] }) {
    super(init);
    this.issues = init.issues;
  }
}
