import { describe, expect, it } from 'vitest';
import {
  CircuitBreaker,
  isBreakerFailure,
  type ResolvedCircuitBreaker,
  resolveCircuitBreaker,
} from '../../src/client/circuit-breaker.js';
import {
  ApiError,
  type CircuitBreakerConfig,
  CircuitOpenError,
  type CircuitState,
  NetworkError,
  ValidationError,
} from '../../src/index.js';
import { createFakeClock } from '../helpers/fake-clock.js';

function setup(config: CircuitBreakerConfig = {}) {
  const clock = createFakeClock({ start: 1_000_000 });
  const changes: Array<[CircuitState, CircuitState]> = [];
  const resolved = resolveCircuitBreaker({
    ...config,
    onStateChange: (state, previous) => changes.push([state, previous]),
  }) as ResolvedCircuitBreaker;
  return { clock, changes, breaker: new CircuitBreaker(resolved, clock.now) };
}

/** n attempts that acquire and fail. */
function fail(breaker: CircuitBreaker, n: number): void {
  for (let i = 0; i < n; i += 1) {
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordFailure();
  }
}

describe('resolveCircuitBreaker', () => {
  it('returns undefined when the breaker is off', () => {
    expect(resolveCircuitBreaker(undefined)).toBeUndefined();
  });

  it('defaults to threshold 5 and a 30000 ms open period', () => {
    expect(resolveCircuitBreaker({})).toEqual({ threshold: 5, openMs: 30_000, onStateChange: undefined });
  });

  it('treats null fields like missing ones', () => {
    expect(resolveCircuitBreaker({ threshold: null, timeout: null, resetTimeout: 2000 } as never)).toEqual({
      threshold: 5,
      openMs: 2000,
      onStateChange: undefined,
    });
  });

  it.each([
    [{ timeout: 1000 }, 1000],
    [{ resetTimeout: 2000 }, 2000],
    [{ timeout: 1000, resetTimeout: 2000 }, 2000],
    [{ timeout: 5000, resetTimeout: 2000 }, 5000],
    [{ timeout: 0 }, 0],
  ])('takes the open period of %j as %i ms', (config, openMs) => {
    expect(resolveCircuitBreaker(config)?.openMs).toBe(openMs);
  });

  it.each([
    ['circuitBreaker.threshold must be an integer >= 1, got 0', { threshold: 0 }, RangeError],
    ['circuitBreaker.threshold must be an integer >= 1, got 2.5', { threshold: 2.5 }, RangeError],
    ['circuitBreaker.threshold must be an integer >= 1, got NaN', { threshold: Number.NaN }, RangeError],
    ['circuitBreaker.threshold must be a number, got "3"', { threshold: '3' }, TypeError],
    ['circuitBreaker.timeout must be a finite number >= 0, got -1', { timeout: -1 }, RangeError],
    [
      'circuitBreaker.resetTimeout must be a finite number >= 0, got Infinity',
      { resetTimeout: Number.POSITIVE_INFINITY },
      RangeError,
    ],
    ['circuitBreaker.onStateChange must be a function, got an object', { onStateChange: {} }, TypeError],
    ['circuitBreaker must be an object, got true', true, TypeError],
  ])('throws %s', (message, config, type) => {
    expect(() => resolveCircuitBreaker(config as never)).toThrowError(new type(message));
    expect(() => resolveCircuitBreaker(config as never)).toThrowError(type);
  });
});

describe('isBreakerFailure', () => {
  // Status 0 is a network failure: a NetworkError.
  const error = (status: number, isTimeout = false) =>
    status === 0
      ? new NetworkError({ message: 'm' })
      : new ApiError({ status, statusText: 'x', message: 'm', isTimeout });

  it.each([
    [0, true],
    [500, true],
    [502, true],
    [503, true],
    [599, true],
    [400, false],
    [404, false],
    [429, false],
    [499, false],
    [200, false],
  ])('status %i -> %s', (status, expected) => {
    expect(isBreakerFailure(error(status))).toBe(expected);
  });

  it('counts a timeout', () => {
    expect(isBreakerFailure(error(408, true))).toBe(true);
    expect(isBreakerFailure(error(408, false))).toBe(false);
  });

  it("does not count a browser's opaque response (an ApiError of status 0 that is no NetworkError): the server answered", () => {
    expect(isBreakerFailure(new ApiError({ status: 0, statusText: '', message: 'm' }))).toBe(false);
  });

  it('does not count a CircuitOpenError (503 made by the breaker) or a ValidationError', () => {
    expect(isBreakerFailure(new CircuitOpenError({ status: 503, statusText: 'x', message: 'm' }))).toBe(
      false,
    );
    expect(
      isBreakerFailure(new ValidationError({ status: 200, statusText: 'OK', message: 'm', issues: [] })),
    ).toBe(false);
  });
});

describe('CircuitBreaker transitions (fake clock)', () => {
  it('starts closed and admits attempts', () => {
    const { breaker, changes } = setup();
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
    expect(changes).toEqual([]);
  });

  it('opens when consecutive failures reach the threshold, not before', () => {
    const { breaker, changes } = setup({ threshold: 3 });
    fail(breaker, 2);
    expect(breaker.state).toBe('closed');
    fail(breaker, 1);
    expect(breaker.state).toBe('open');
    expect(changes).toEqual([['open', 'closed']]);
  });

  it('resets the count on any success while closed', () => {
    const { breaker } = setup({ threshold: 3 });
    fail(breaker, 2);
    breaker.tryAcquire();
    breaker.recordSuccess();
    fail(breaker, 2);
    expect(breaker.state).toBe('closed');
    fail(breaker, 1);
    expect(breaker.state).toBe('open');
  });

  it('rejects every attempt while open, up to 1 ms before the period ends', async () => {
    const { breaker, clock } = setup({ threshold: 1, timeout: 1000 });
    fail(breaker, 1);
    expect(breaker.tryAcquire()).toBe(false);
    await clock.advance(999);
    expect(breaker.tryAcquire()).toBe(false);
    expect(breaker.state).toBe('open');
  });

  it('reads half-open once the period has passed, reporting the change when observed', async () => {
    const { breaker, clock, changes } = setup({ threshold: 1, timeout: 1000 });
    fail(breaker, 1);
    await clock.advance(1000);
    expect(changes).toEqual([['open', 'closed']]);
    expect(breaker.state).toBe('half-open');
    expect(changes).toEqual([
      ['open', 'closed'],
      ['half-open', 'open'],
    ]);
  });

  it('admits exactly one probe in half-open; others are rejected', async () => {
    const { breaker, clock } = setup({ threshold: 1, resetTimeout: 500 });
    fail(breaker, 1);
    await clock.advance(500);
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    expect(breaker.tryAcquire()).toBe(false);
    expect(breaker.state).toBe('half-open');
  });

  it('closes on the probe success, with the count reset', async () => {
    const { breaker, clock, changes } = setup({ threshold: 2, timeout: 100 });
    fail(breaker, 2);
    await clock.advance(100);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordSuccess();
    expect(breaker.state).toBe('closed');
    fail(breaker, 1);
    expect(breaker.state).toBe('closed');
    expect(changes).toEqual([
      ['open', 'closed'],
      ['half-open', 'open'],
      ['closed', 'half-open'],
    ]);
  });

  it('re-opens on the probe failure with a new opening time', async () => {
    const { breaker, clock, changes } = setup({ threshold: 2, timeout: 100 });
    fail(breaker, 2);
    await clock.advance(150);
    expect(breaker.tryAcquire()).toBe(true);
    await clock.advance(40);
    breaker.recordFailure();
    expect(breaker.state).toBe('open');
    // Opened again at +190: still open at +289, half-open at +290.
    await clock.advance(99);
    expect(breaker.tryAcquire()).toBe(false);
    await clock.advance(1);
    expect(breaker.tryAcquire()).toBe(true);
    expect(changes).toEqual([
      ['open', 'closed'],
      ['half-open', 'open'],
      ['open', 'half-open'],
      ['half-open', 'open'],
    ]);
  });

  it('release() frees the probe slot without a transition', async () => {
    const { breaker, clock, changes } = setup({ threshold: 1, timeout: 10 });
    fail(breaker, 1);
    await clock.advance(10);
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.release();
    expect(breaker.state).toBe('half-open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(changes).toEqual([
      ['open', 'closed'],
      ['half-open', 'open'],
    ]);
  });

  it('release() while closed changes nothing (the count stays)', () => {
    const { breaker } = setup({ threshold: 2 });
    fail(breaker, 1);
    breaker.tryAcquire();
    breaker.release();
    fail(breaker, 1);
    expect(breaker.state).toBe('open');
  });

  it('ignores late results while open: neither closes it nor extends the period', async () => {
    const { breaker, clock, changes } = setup({ threshold: 1, timeout: 100 });
    expect(breaker.tryAcquire()).toBe(true); // a slow attempt sent while closed
    fail(breaker, 1);
    await clock.advance(50);
    breaker.recordSuccess(); // the slow attempt finally succeeds
    expect(breaker.state).toBe('open');
    breaker.recordFailure();
    await clock.advance(50);
    expect(breaker.state).toBe('half-open');
    expect(changes).toEqual([
      ['open', 'closed'],
      ['half-open', 'open'],
    ]);
  });

  it('with an open period of 0 goes straight to half-open', () => {
    const { breaker } = setup({ threshold: 1, timeout: 0 });
    fail(breaker, 1);
    expect(breaker.state).toBe('half-open');
  });

  it('runs a full cycle with the defaults: 5 failures, 30 s open, probe, closed', async () => {
    const { breaker, clock } = setup();
    fail(breaker, 4);
    expect(breaker.state).toBe('closed');
    fail(breaker, 1);
    expect(breaker.state).toBe('open');
    await clock.advance(29_999);
    expect(breaker.tryAcquire()).toBe(false);
    await clock.advance(1);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordSuccess();
    expect(breaker.state).toBe('closed');
  });

  it('calls onStateChange after the state is updated', () => {
    const seen: CircuitState[] = [];
    const clock = createFakeClock();
    let breaker: CircuitBreaker | undefined;
    const resolved = resolveCircuitBreaker({
      threshold: 1,
      onStateChange: () => seen.push(breaker?.state ?? 'closed'),
    }) as ResolvedCircuitBreaker;
    breaker = new CircuitBreaker(resolved, clock.now);
    fail(breaker, 1);
    expect(seen).toEqual(['open']);
  });
});
