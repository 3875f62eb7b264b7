import { afterEach, describe, expect, it, vi } from 'vitest';
import { inOneWindow } from '../support/clock.js';

/** How long inOneWindow waits from a given instant, with the clock under the test's control. */
async function waitFrom(now: string, window: 'hour' | 'day', seconds?: number): Promise<number> {
  vi.useFakeTimers({ now: new Date(now) });
  let done = false;
  const waiting = inOneWindow(window, seconds).then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  const start = Date.now();
  while (!done) await vi.advanceTimersByTimeAsync(1_000);
  await waiting;
  return Date.now() - start;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('inOneWindow (tests on the real clock start where the window will not end)', () => {
  it('starts at once when enough of the UTC day is left', async () => {
    expect(await waitFrom('2026-12-31T23:54:59Z', 'day', 300)).toBe(0);
  });

  it('waits for the next UTC day when less is left, whatever the month or year', async () => {
    const waited = await waitFrom('2026-12-31T23:56:00Z', 'day', 300);
    expect(waited).toBeGreaterThanOrEqual(240_000);
    expect(new Date().toISOString().slice(0, 10)).toBe('2027-01-01');
  });

  it('counts hours in UTC, a minute by default', async () => {
    expect(await waitFrom('2026-12-01T10:58:59Z', 'hour')).toBe(0);
    expect(await waitFrom('2026-12-01T10:59:30Z', 'hour')).toBeGreaterThanOrEqual(30_000);
    expect(new Date().toISOString().slice(11, 13)).toBe('11');
  });
});

describe('the test run', () => {
  it('is on UTC whatever the machine says (TZ=Asia/Tokyo npm test too)', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('UTC');
    expect(new Date('2026-12-31T23:30:00Z').getDate()).toBe(31);
  });
});
