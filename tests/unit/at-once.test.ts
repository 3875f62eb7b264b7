import { describe, expect, it } from 'vitest';
import { atMostAtOnce } from '../../functions/src/lib/atOnce.js';

/** The one worker pool of the functions and the local seed (lib/atOnce.ts). */
describe('atMostAtOnce', () => {
  const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('answers in the order of the items, whatever order they finish in, with no more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await atMostAtOnce([30, 5, 20, 1, 10, 2, 7], 3, async (ms) => {
      running++;
      most = Math.max(most, running);
      await tick(ms);
      running--;
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20, 4, 14]);
    expect(most).toBe(3);
  });

  it('starts nothing for no items, and runs them all when the limit is above their count', async () => {
    expect(await atMostAtOnce([], 4, async () => 1)).toEqual([]);
    const started: number[] = [];
    await atMostAtOnce([1, 2], 8, async (n) => started.push(n));
    expect(started).toEqual([1, 2]);
  });

  it('starts no further item once `more` says false', async () => {
    const started: number[] = [];
    const results = await atMostAtOnce(
      [1, 2, 3, 4, 5],
      1,
      async (n) => {
        started.push(n);
        return n;
      },
      () => started.length < 2,
    );
    expect(started).toEqual([1, 2]);
    expect(results).toEqual([1, 2]);
  });

  it('fails with the first failure and starts no further item after it', async () => {
    const started: number[] = [];
    const run = atMostAtOnce([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      await tick(n === 2 ? 1 : 5);
      if (n === 2) throw new Error('item 2 failed');
      return n;
    });
    await expect(run).rejects.toThrow('item 2 failed');
    await tick(20);
    expect(started).toEqual([1, 2]);
  });
});
