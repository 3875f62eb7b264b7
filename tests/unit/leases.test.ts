import { currentLease, leaseCoversMonth, leaseNotEnded, leaseState, leasesOverlap, rentTotals } from '@rent/shared';
import { describe, expect, it } from 'vitest';

const terms = { leaseStart: '2026-01-15', leaseEnd: null };

describe('lease dates', () => {
  it('overlap when they share a day; an open end runs on', () => {
    const a = { leaseStart: '2026-01-01', leaseEnd: '2026-06-30' };
    expect(leasesOverlap(a, { leaseStart: '2026-06-30', leaseEnd: null })).toBe(true);
    expect(leasesOverlap(a, { leaseStart: '2026-07-01', leaseEnd: null })).toBe(false);
    expect(leasesOverlap({ leaseStart: '2025-01-01', leaseEnd: null }, a)).toBe(true);
    expect(leasesOverlap({ leaseStart: '2025-01-01', leaseEnd: '2025-12-31' }, a)).toBe(false);
  });

  it('state and month coverage', () => {
    expect(leaseState(terms, '2026-01-14')).toBe('upcoming');
    expect(leaseState(terms, '2026-01-15')).toBe('active');
    expect(leaseState({ ...terms, leaseEnd: '2026-02-01' }, '2026-02-02')).toBe('past');
    expect(leaseCoversMonth({ ...terms, leaseEnd: '2026-02-01' }, '2026-02')).toBe(true);
    expect(leaseCoversMonth({ ...terms, leaseEnd: '2026-02-01' }, '2026-03')).toBe(false);
    expect(leaseCoversMonth(terms, '2025-12')).toBe(false);
  });
});

describe("a tenant's current lease", () => {
  const lease = (id: string, leaseStart: string, leaseEnd: string | null = null) => ({ id, leaseStart, leaseEnd });
  const today = '2026-06-15';

  it('is the running lease that started last; past and upcoming ones never are', () => {
    const leases = [
      lease('past', '2025-01-01', '2025-12-31'),
      lease('older', '2026-01-01'),
      lease('newer', '2026-03-01', '2026-06-15'),
      lease('upcoming', '2026-07-01'),
    ];
    expect(currentLease(leases, today)?.id).toBe('newer');
    expect(currentLease(leases, '2026-06-16')?.id).toBe('older'); // the newer one ended yesterday
    expect(
      currentLease([lease('past', '2025-01-01', '2025-12-31'), lease('upcoming', '2026-07-01')], today),
    ).toBeNull();
    expect(currentLease([], today)).toBeNull();
  });

  it('breaks a tie of start dates by id, whatever order the leases come in', () => {
    const a = lease('a', '2026-01-01');
    const b = lease('b', '2026-01-01');
    expect(currentLease([a, b], today)?.id).toBe('b');
    expect(currentLease([b, a], today)?.id).toBe('b');
  });

  it('a lease has not ended while it runs or is upcoming', () => {
    expect(leaseNotEnded(lease('x', '2026-01-01'), today)).toBe(true);
    expect(leaseNotEnded(lease('x', '2026-01-01', today), today)).toBe(true);
    expect(leaseNotEnded(lease('x', '2026-01-01', '2026-06-14'), today)).toBe(false);
    expect(leaseNotEnded(lease('x', '2026-09-01', '2027-08-31'), today)).toBe(true);
  });
});

describe('rent totals', () => {
  it('gives no collection rate when nothing was due', () => {
    expect(rentTotals([])).toMatchObject({ due: 0, collectionRate: null, collectionRateText: '—' });
  });
});
