import { describe, expect, it } from 'vitest';
import { createFakeClock } from './fake-clock.js';

describe('the fake clock used by the retry and breaker tests', () => {
  it('starts at an epoch time and moves only on advance', async () => {
    const clock = createFakeClock();
    expect(clock.now()).toBe(Date.UTC(2025, 0, 1));
    await clock.advance(250);
    expect(clock.now()).toBe(Date.UTC(2025, 0, 1) + 250);
  });

  it('resolves a sleep when time reaches it, not before, and records the delay', async () => {
    const clock = createFakeClock({ start: 0 });
    let done = false;
    void clock.sleep(100).then(() => {
      done = true;
    });
    await clock.advance(99);
    expect(done).toBe(false);
    await clock.advance(1);
    expect(done).toBe(true);
    expect(clock.sleeps).toEqual([100]);
    expect(clock.pending).toBe(0);
  });

  it('rejects a sleep with the signal reason on abort', async () => {
    const clock = createFakeClock();
    const controller = new AbortController();
    const sleeping = clock.sleep(1000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrowError('stop');
    expect(clock.pending).toBe(0);
  });

  it('in autoAdvance mode resolves at once and moves time by the delay', async () => {
    const clock = createFakeClock({ start: 0, autoAdvance: true });
    await clock.sleep(300);
    await clock.sleep(600);
    expect(clock.now()).toBe(900);
    expect(clock.sleeps).toEqual([300, 600]);
  });
});
