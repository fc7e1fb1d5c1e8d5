import { describe, expect, it } from 'vitest';
import { forEachBounded } from '../../../../src/cli/commands/config/pool.js';

describe('forEachBounded', () => {
  it('runs every item once, at most `limit` at a time, and starts them in order', async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await forEachBounded([10, 20, 30, 40, 50], 2, async (item, index) => {
      started.push(index);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      expect(item).toBe((index + 1) * 10);
      running--;
    });
    expect([started, most]).toEqual([[0, 1, 2, 3, 4], 2]);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await forEachBounded([], 4, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });
});
