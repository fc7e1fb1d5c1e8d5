import { describe, expect, it, vi } from 'vitest';
import {
  nextRetryDelay,
  type ResolvedRetryPolicy,
  type RetryContext,
  resolveRetryPolicy,
} from '../../../src/client/retry/policy.js';
import { ApiError, CircuitOpenError, NetworkError, ValidationError } from '../../../src/index.js';

const NOW = Date.UTC(2015, 9, 21, 7, 28, 0);
const policy = resolveRetryPolicy({}) as ResolvedRetryPolicy;

/** Status 0 is a network failure: a NetworkError. */
function error(status: number, isTimeout = false): ApiError {
  if (status === 0) return new NetworkError({ message: 'm' });
  return new ApiError({ status, statusText: 'x', message: 'm', isTimeout });
}

function context(overrides: Partial<RetryContext> & { headersInit?: HeadersInit } = {}): RetryContext {
  const { headersInit, ...rest } = overrides;
  return {
    method: 'GET',
    headers: new Headers(headersInit),
    replayable: true,
    response: undefined,
    now: NOW,
    ...rest,
  };
}

function withRetryAfter(status: number, value: string): Response {
  return new Response(null, { status, headers: { 'retry-after': value } });
}

describe('resolveRetryPolicy', () => {
  it('returns undefined when retry is off', () => {
    expect(resolveRetryPolicy(undefined)).toBeUndefined();
  });

  it('fills in every default for an empty config', () => {
    expect(resolveRetryPolicy({})).toEqual({
      maxRetries: 2,
      initialDelayMs: 300,
      maxDelayMs: 10_000,
      factor: 2,
      jitter: false,
      shouldRetry: undefined,
    });
  });

  it('treats null like a missing field (the default applies)', () => {
    expect(resolveRetryPolicy({ maxDelayMs: null } as never)?.maxDelayMs).toBe(10_000);
  });

  it('keeps the given values', () => {
    const shouldRetry = () => true;
    expect(
      resolveRetryPolicy({
        maxRetries: 0,
        initialDelayMs: 0,
        maxDelayMs: 50,
        factor: 1,
        jitter: true,
        shouldRetry,
      }),
    ).toEqual({ maxRetries: 0, initialDelayMs: 0, maxDelayMs: 50, factor: 1, jitter: true, shouldRetry });
  });

  it.each([
    ['retryPolicy.maxRetries must be an integer >= 0, got -1', { maxRetries: -1 }, RangeError],
    ['retryPolicy.maxRetries must be an integer >= 0, got 1.5', { maxRetries: 1.5 }, RangeError],
    [
      'retryPolicy.maxRetries must be an integer >= 0, got Infinity',
      { maxRetries: Number.POSITIVE_INFINITY },
      RangeError,
    ],
    ['retryPolicy.maxRetries must be an integer >= 0, got NaN', { maxRetries: Number.NaN }, RangeError],
    ['retryPolicy.maxRetries must be a number, got "2"', { maxRetries: '2' }, TypeError],
    [
      'retryPolicy.initialDelayMs must be a finite number from 0 to 2147483647, got -5',
      { initialDelayMs: -5 },
      RangeError,
    ],
    [
      'retryPolicy.maxDelayMs must be a finite number from 0 to 2147483647, got 2147483648',
      { maxDelayMs: 2 ** 31 },
      RangeError,
    ],
    ['retryPolicy.maxDelayMs must be a number, got an array', { maxDelayMs: [10] }, TypeError],
    ['retryPolicy.factor must be a finite number >= 1, got 0.5', { factor: 0.5 }, RangeError],
    ['retryPolicy.jitter must be a boolean, got "yes"', { jitter: 'yes' }, TypeError],
    ['retryPolicy.shouldRetry must be a function, got true', { shouldRetry: true }, TypeError],
  ])('throws %s', (message, config, type) => {
    expect(() => resolveRetryPolicy(config as never)).toThrowError(new type(message));
    expect(() => resolveRetryPolicy(config as never)).toThrowError(type);
  });

  it('rejects a config that is not an object', () => {
    expect(() => resolveRetryPolicy(3 as never)).toThrowError(
      new TypeError('retryPolicy must be an object, got 3'),
    );
    expect(() => resolveRetryPolicy(null as never)).toThrowError(
      new TypeError('retryPolicy must be an object, got null'),
    );
  });
});

describe('nextRetryDelay: the default rule', () => {
  it.each([0, 408, 429, 500, 502, 503, 504])('retries status %i on GET after 300 ms', async (status) => {
    expect(await nextRetryDelay(policy, error(status), 1, context())).toBe(300);
  });

  it("does not retry a browser's opaque response (an ApiError of status 0 that is no NetworkError)", async () => {
    const opaque = new ApiError({ status: 0, statusText: '', message: 'm' });
    expect(await nextRetryDelay(policy, opaque, 1, context())).toBeUndefined();
  });

  it('retries a timeout (isTimeout) on GET', async () => {
    expect(await nextRetryDelay(policy, error(408, true), 1, context())).toBe(300);
  });

  it.each([400, 401, 403, 404, 409, 422, 501, 505, 200])('does not retry status %i', async (status) => {
    expect(await nextRetryDelay(policy, error(status), 1, context())).toBeUndefined();
  });

  it.each(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'get', 'put'])(
    'retries the method %s',
    async (method) => {
      expect(await nextRetryDelay(policy, error(503), 1, context({ method }))).toBe(300);
    },
  );

  it.each(['POST', 'PATCH'])('does not retry %s without an Idempotency-Key header', async (method) => {
    expect(await nextRetryDelay(policy, error(503), 1, context({ method }))).toBeUndefined();
    expect(await nextRetryDelay(policy, error(0), 1, context({ method }))).toBeUndefined();
  });

  it.each([
    ['POST', 'Idempotency-Key'],
    ['PATCH', 'idempotency-key'],
    ['POST', 'IDEMPOTENCY-KEY'],
  ])('retries %s carrying a %s header', async (method, name) => {
    const ctx = context({ method, headersInit: { [name]: 'k-1' } });
    expect(await nextRetryDelay(policy, error(503), 1, ctx)).toBe(300);
  });

  it('grows the delay: 300 after attempt 1, 600 after attempt 2', async () => {
    const three = resolveRetryPolicy({ maxRetries: 10 }) as ResolvedRetryPolicy;
    const delays = [];
    for (const attempt of [1, 2, 3, 6, 7])
      delays.push(await nextRetryDelay(three, error(500), attempt, context()));
    expect(delays).toEqual([300, 600, 1200, 9600, 10_000]);
  });

  it('stops after maxRetries: with 2, attempts 1 and 2 are retried and attempt 3 is not', async () => {
    expect(await nextRetryDelay(policy, error(500), 2, context())).toBe(600);
    expect(await nextRetryDelay(policy, error(500), 3, context())).toBeUndefined();
  });

  it('never retries with maxRetries 0', async () => {
    const none = resolveRetryPolicy({ maxRetries: 0 }) as ResolvedRetryPolicy;
    expect(await nextRetryDelay(none, error(500), 1, context())).toBeUndefined();
  });

  it('applies jitter with the context random', async () => {
    const jittered = resolveRetryPolicy({ jitter: true }) as ResolvedRetryPolicy;
    expect(await nextRetryDelay(jittered, error(500), 2, context({ random: () => 0.25 }))).toBe(150);
  });

  it('never retries a body that cannot be sent twice', async () => {
    expect(await nextRetryDelay(policy, error(503), 1, context({ replayable: false }))).toBeUndefined();
  });
});

describe('nextRetryDelay: never retried, even when shouldRetry says yes', () => {
  const always = resolveRetryPolicy({ shouldRetry: () => true }) as ResolvedRetryPolicy;

  it('a ValidationError', async () => {
    const invalid = new ValidationError({ status: 200, statusText: 'OK', message: 'm', issues: [] });
    expect(await nextRetryDelay(always, invalid, 1, context())).toBeUndefined();
  });

  it('a CircuitOpenError', async () => {
    const open = new CircuitOpenError({ status: 503, statusText: 'Service Unavailable', message: 'm' });
    expect(await nextRetryDelay(always, open, 1, context())).toBeUndefined();
  });

  it('a non-replayable body', async () => {
    expect(await nextRetryDelay(always, error(500), 1, context({ replayable: false }))).toBeUndefined();
  });

  it('an attempt beyond maxRetries (shouldRetry is not even asked)', async () => {
    const shouldRetry = vi.fn(() => true);
    const custom = resolveRetryPolicy({ shouldRetry }) as ResolvedRetryPolicy;
    expect(await nextRetryDelay(custom, error(500), 3, context())).toBeUndefined();
    expect(shouldRetry).not.toHaveBeenCalled();
  });
});

describe('nextRetryDelay: a custom shouldRetry', () => {
  it('decides alone: POST 400 retried when it says so', async () => {
    const custom = resolveRetryPolicy({ shouldRetry: () => true }) as ResolvedRetryPolicy;
    expect(await nextRetryDelay(custom, error(400), 1, context({ method: 'POST' }))).toBe(300);
  });

  it('decides alone: GET 503 not retried when it says no', async () => {
    const custom = resolveRetryPolicy({ shouldRetry: () => false }) as ResolvedRetryPolicy;
    expect(await nextRetryDelay(custom, error(503), 1, context())).toBeUndefined();
  });

  it('rejects with the error shouldRetry throws', async () => {
    const boom = new Error('boom');
    const custom = resolveRetryPolicy({
      shouldRetry: () => {
        throw boom;
      },
    }) as ResolvedRetryPolicy;
    await expect(nextRetryDelay(custom, error(500), 1, context())).rejects.toBe(boom);
  });

  it('receives the ApiError and the 1-based attempt, and may be async', async () => {
    const shouldRetry = vi.fn(async (_error: ApiError, attempt: number) => attempt < 2);
    const custom = resolveRetryPolicy({ maxRetries: 5, shouldRetry }) as ResolvedRetryPolicy;
    const failure = error(500);
    expect(await nextRetryDelay(custom, failure, 1, context())).toBe(300);
    expect(await nextRetryDelay(custom, failure, 2, context())).toBeUndefined();
    expect(shouldRetry.mock.calls).toEqual([
      [failure, 1],
      [failure, 2],
    ]);
  });
});

describe('nextRetryDelay: Retry-After', () => {
  it.each([429, 503])('on %i, delta-seconds replace the backoff', async (status) => {
    const ctx = context({ response: withRetryAfter(status, '2') });
    expect(await nextRetryDelay(policy, error(status), 1, ctx)).toBe(2000);
  });

  it('on 503, an HTTP-date is measured from ctx.now', async () => {
    const ctx = context({ response: withRetryAfter(503, 'Wed, 21 Oct 2015 07:28:07 GMT') });
    expect(await nextRetryDelay(policy, error(503), 1, ctx)).toBe(7000);
  });

  it('"0" means retry at once', async () => {
    const ctx = context({ response: withRetryAfter(429, '0') });
    expect(await nextRetryDelay(policy, error(429), 2, ctx)).toBe(0);
  });

  it('above maxDelayMs means no retry', async () => {
    const ctx = context({ response: withRetryAfter(503, '11') });
    expect(await nextRetryDelay(policy, error(503), 1, ctx)).toBeUndefined();
  });

  it('equal to maxDelayMs is still waited', async () => {
    const ctx = context({ response: withRetryAfter(503, '10') });
    expect(await nextRetryDelay(policy, error(503), 1, ctx)).toBe(10_000);
  });

  it('an invalid value falls back to the computed delay', async () => {
    const ctx = context({ response: withRetryAfter(503, 'soon') });
    expect(await nextRetryDelay(policy, error(503), 2, ctx)).toBe(600);
  });

  it('is ignored on other statuses (500 keeps the backoff)', async () => {
    const ctx = context({ response: withRetryAfter(500, '5') });
    expect(await nextRetryDelay(policy, error(500), 1, ctx)).toBe(300);
  });

  it('is not jittered', async () => {
    const jittered = resolveRetryPolicy({ jitter: true }) as ResolvedRetryPolicy;
    const ctx = context({ response: withRetryAfter(429, '3'), random: () => 0 });
    expect(await nextRetryDelay(jittered, error(429), 1, ctx)).toBe(3000);
  });

  it('does not make a status retryable that the rule refuses (POST 503)', async () => {
    const ctx = context({ method: 'POST', response: withRetryAfter(503, '1') });
    expect(await nextRetryDelay(policy, error(503), 1, ctx)).toBeUndefined();
  });
});
