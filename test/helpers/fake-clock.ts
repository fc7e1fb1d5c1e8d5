import type { Clock } from '../../src/index.js';

/** A Clock for tests: time moves only when the test says so. */
export interface FakeClock extends Clock {
  /** Every delay passed to `sleep`, in order. */
  readonly sleeps: number[];
  /** Sleeps not yet resolved. */
  readonly pending: number;
  /** Moves time forward by `ms`, resolving every sleep that comes due, in order. */
  advance(ms: number): Promise<void>;
  /** Sets the current time (never backwards). */
  set(now: number): void;
}

export interface FakeClockOptions {
  /** The initial `now()`. @default Date.UTC(2025, 0, 1) (an epoch time, for Retry-After dates) */
  start?: number;
  /**
   * When true, `sleep(ms)` moves time forward by `ms` and resolves at once, so a client under test
   * runs its retries without waiting while the requested delays are still recorded.
   * @default false
   */
  autoAdvance?: boolean;
}

interface Sleeper {
  at: number;
  resolve: () => void;
}

/** Creates a FakeClock. */
export function createFakeClock(options: FakeClockOptions = {}): FakeClock {
  let now = options.start ?? Date.UTC(2025, 0, 1);
  const sleeps: number[] = [];
  let sleepers: Sleeper[] = [];

  const flush = async (): Promise<void> => {
    const due = sleepers.filter((s) => s.at <= now).sort((a, b) => a.at - b.at);
    sleepers = sleepers.filter((s) => s.at > now);
    for (const sleeper of due) sleeper.resolve();
    // Let the code that awaited each sleep run before the test looks again.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };

  return {
    sleeps,
    get pending() {
      return sleepers.length;
    },
    now: () => now,
    sleep(ms, signal) {
      sleeps.push(ms);
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (options.autoAdvance) {
        now += ms;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          sleepers = sleepers.filter((s) => s !== sleeper);
          reject(signal?.reason);
        };
        const sleeper: Sleeper = {
          at: now + ms,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        sleepers.push(sleeper);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    async advance(ms) {
      now += ms;
      await flush();
    },
    set(value) {
      if (value < now) throw new RangeError(`FakeClock.set: cannot go back from ${now} to ${value}`);
      now = value;
    },
  };
}
