import {
  currentLease,
  leaseCoversMonth,
  leaseMonths,
  leaseNotEnded,
  leaseState,
  leasesOverlap,
  RENT_UNLINKED_NOTE,
  rentRollMonths,
  rentStatus,
  rentTotals,
} from '@rent/shared';
import { describe, expect, it } from 'vitest';

const terms = { leaseStart: '2026-01-15', leaseEnd: null, monthlyRent: 100000, rentDueDay: 5, graceDays: 3 };

describe('rent status of a month', () => {
  it.each([
    [100000, '2026-03-01', 'paid'],
    [120000, '2026-03-01', 'paid'],
    [1, '2026-03-30', 'partial'],
    [0, '2026-03-04', 'upcoming'],
    [0, '2026-03-05', 'unpaid'],
    [0, '2026-03-08', 'unpaid'],
    [0, '2026-03-09', 'late'],
    [0, '2026-05-01', 'late'],
  ])('received %i cents, today %s: %s', (received, today, status) => {
    expect(rentStatus(terms, '2026-03', received, today)).toBe(status);
  });
});

describe('lease dates', () => {
  it('overlap when they share a day; an open end runs on', () => {
    const a = { leaseStart: '2026-01-01', leaseEnd: '2026-06-30' };
    expect(leasesOverlap(a, { leaseStart: '2026-06-30', leaseEnd: null })).toBe(true);
    expect(leasesOverlap(a, { leaseStart: '2026-07-01', leaseEnd: null })).toBe(false);
    expect(leasesOverlap({ leaseStart: '2025-01-01', leaseEnd: null }, a)).toBe(true);
    expect(leasesOverlap({ leaseStart: '2025-01-01', leaseEnd: '2025-12-31' }, a)).toBe(false);
  });

  it('months run from the start month to this month, or to the end month if sooner', () => {
    expect(leaseMonths(terms, '2026-03-10')).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(leaseMonths({ ...terms, leaseEnd: '2026-02-10' }, '2026-05-10')).toEqual(['2026-01', '2026-02']);
    expect(leaseMonths({ ...terms, leaseStart: '2026-09-01' }, '2026-05-10')).toEqual([]);
    expect(leaseMonths({ ...terms, leaseStart: '2025-11-30' }, '2026-01-01')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
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

describe('the rent roll of a lease', () => {
  const terms = { leaseStart: '2025-01-15', leaseEnd: '2025-04-10', monthlyRent: 100000, rentDueDay: 1, graceDays: 5 };
  const received: Record<string, number> = { '2025-01': 100000, '2025-02': 60000, '2025-04': 120000 };

  it('lists the months the lease runs in, capped at this month, with balance and status', () => {
    const months = rentRollMonths(
      terms,
      { from: '2024-12', to: '2025-06' },
      '2025-03-20',
      (m) => received[m] ?? 0,
      () => 0,
    );
    expect(months.map((m) => [m.month, m.received, m.balance, m.status])).toEqual([
      ['2025-01', 100000, 0, 'paid'],
      ['2025-02', 60000, 40000, 'partial'],
      ['2025-03', 0, 100000, 'late'],
    ]);
  });

  it('credits only the rent linked to the lease, and notes a month with rent linked to no lease', () => {
    const months = rentRollMonths(
      terms,
      { from: '2025-01', to: '2025-04' },
      '2026-01-01',
      (m) => received[m] ?? 0,
      (m) => (m === '2025-03' ? 50000 : 0),
    );
    expect(months[2]).toEqual({
      month: '2025-03',
      dueDate: '2025-03-01',
      due: 100000,
      received: 0,
      balance: 100000,
      status: 'late',
      note: RENT_UNLINKED_NOTE,
    });
    expect(months.filter((m) => m.note !== null)).toHaveLength(1);
    expect(rentTotals(months)).toEqual({
      due: 400000,
      received: 280000,
      balance: 120000,
      collectionRate: 280000 / 400000,
      collectionRateText: '70.0%',
      unlinkedMonths: 1,
    });
  });

  it('gives no collection rate when nothing was due', () => {
    expect(rentTotals([])).toMatchObject({ due: 0, collectionRate: null, collectionRateText: '—' });
  });
});
