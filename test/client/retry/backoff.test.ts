import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src/client/retry/backoff.js';

const base = { initialDelayMs: 300, maxDelayMs: 10_000, factor: 2, jitter: false };
const never = () => {
  throw new Error('random() must not be called without jitter');
};

describe('backoffDelay', () => {
  it.each([
    [1, 300],
    [2, 600],
    [3, 1200],
    [4, 2400],
    [5, 4800],
    [6, 9600],
    [7, 10_000],
    [50, 10_000],
  ])('with the defaults, retry %i waits %i ms', (retry, expected) => {
    expect(backoffDelay(base, retry, never)).toBe(expected);
  });

  it('uses the factor: 100 ms x 3^(n-1) gives 100, 300, 900', () => {
    const options = { ...base, initialDelayMs: 100, factor: 3 };
    expect([1, 2, 3].map((n) => backoffDelay(options, n, never))).toEqual([100, 300, 900]);
  });

  it('caps at maxDelayMs even when the first delay is larger', () => {
    expect(backoffDelay({ ...base, initialDelayMs: 5000, maxDelayMs: 1000 }, 1, never)).toBe(1000);
  });

  it('stays 0 with a zero initial delay at any retry (no NaN from 0 x Infinity)', () => {
    expect(backoffDelay({ ...base, initialDelayMs: 0 }, 5000, never)).toBe(0);
  });

  it('caps instead of overflowing for a huge retry number', () => {
    expect(backoffDelay(base, 5000, never)).toBe(10_000);
  });

  it('applies full jitter: random() x delay', () => {
    const options = { ...base, jitter: true };
    expect(backoffDelay(options, 2, () => 0.5)).toBe(300);
    expect(backoffDelay(options, 1, () => 0)).toBe(0);
    expect(backoffDelay(options, 7, () => 0.25)).toBe(2500);
  });

  it('always lies in [0, maxDelayMs] and never shrinks from one retry to the next (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.double({ min: 1, max: 10, noNaN: true }),
        fc.integer({ min: 1, max: 2000 }),
        (initialDelayMs, maxDelayMs, factor, retry) => {
          const options = { initialDelayMs, maxDelayMs, factor, jitter: false };
          const delay = backoffDelay(options, retry, never);
          const next = backoffDelay(options, retry + 1, never);
          return delay >= 0 && delay <= maxDelayMs && next >= delay && Number.isFinite(delay);
        },
      ),
    );
  });

  it('with jitter stays within [0, the computed delay] (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (n, r) => {
          const delay = backoffDelay({ ...base, jitter: true }, n, () => r);
          return delay >= 0 && delay <= backoffDelay(base, n, never);
        },
      ),
    );
  });
});
