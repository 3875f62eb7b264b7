import { requestDay } from '@rent/shared';
import { describe, expect, it } from 'vitest';

/** The caller's day (shared/src/core/requestDay.ts): the browser's date within a day of UTC's, else UTC's. */
describe('the day a request acts on', () => {
  const now = new Date('2026-03-01T00:30:00Z'); // the evening of February 28th in the Americas

  it("takes the browser's day when it is UTC's, the day before or the day after", () => {
    expect(requestDay('2026-02-28', now)).toBe('2026-02-28');
    expect(requestDay('2026-03-01', now)).toBe('2026-03-01');
    expect(requestDay('2026-03-02', now)).toBe('2026-03-02');
    expect(requestDay(' 2026-02-28 ', now)).toBe('2026-02-28');
  });

  it("takes UTC's day without one, or when it is further off or not a date", () => {
    for (const header of [undefined, '', '2026-02-27', '2026-03-03', '2025-02-28', '28/02/2026', '2026-02-28T20:00'])
      expect(requestDay(header, now), String(header)).toBe('2026-03-01');
  });
});
