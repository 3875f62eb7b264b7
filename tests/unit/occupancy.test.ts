import { collectionRate, fairRentalDays, fairRentalDaysNote, occupancyRate, occupiedUnitDays } from '@rent/shared';
import { describe, expect, it } from 'vitest';

describe('occupancy: occupied unit-days over unit-days', () => {
  const one = [{ propertyId: 'p', units: 1 }];

  it('counts the days a lease runs inside the period, ends inclusive', () => {
    // June has 30 days; a lease from the 11th to the 20th covers 10 of them.
    const days = occupiedUnitDays(
      one,
      [{ propertyId: 'p', leaseStart: '2026-06-11', leaseEnd: '2026-06-20' }],
      '2026-06-01',
      '2026-06-30',
    );
    expect(days).toEqual({ unitDays: 30, occupiedUnitDays: 10 });
    expect(occupancyRate(days)).toEqual({ value: 10 / 30, text: '33.3%' });
    expect(occupancyRate({ unitDays: 30, occupiedUnitDays: 0 })).toEqual({
      value: null,
      text: '—',
      reason: 'No lease ran in this period',
    });
  });

  it('clips leases to the period and runs open-ended leases to its end', () => {
    const leases = [
      { propertyId: 'p', leaseStart: '2025-01-01', leaseEnd: '2026-06-05' },
      { propertyId: 'p', leaseStart: '2026-06-21', leaseEnd: null },
    ];
    expect(occupiedUnitDays(one, leases, '2026-06-01', '2026-06-30')).toEqual({
      unitDays: 30,
      occupiedUnitDays: 5 + 10,
    });
  });

  it('never counts more occupied units than a property has; other properties count apart', () => {
    const properties = [
      { propertyId: 'duplex', units: 2 },
      { propertyId: 'house', units: 1 },
    ];
    const leases = [
      // Three leases on the duplex overlap on 2026-03-10 only: that day is 2 of 2 units, not 3.
      { propertyId: 'duplex', leaseStart: '2026-03-01', leaseEnd: '2026-03-10' },
      { propertyId: 'duplex', leaseStart: '2026-03-10', leaseEnd: '2026-03-31' },
      { propertyId: 'duplex', leaseStart: '2026-03-10', leaseEnd: '2026-03-10' },
      { propertyId: 'elsewhere', leaseStart: '2026-03-01', leaseEnd: null },
    ];
    // Duplex: 31 days x 2 units = 62 unit-days; 1 unit on days 1-9 and 11-31 (30), 2 on day 10: 32.
    expect(occupiedUnitDays(properties, leases, '2026-03-01', '2026-03-31')).toEqual({
      unitDays: 62 + 31,
      occupiedUnitDays: 32,
    });
  });

  it('has no rate without properties or days', () => {
    expect(occupancyRate(occupiedUnitDays([], [], '2026-01-01', '2026-01-31'))).toMatchObject({
      value: null,
      text: '—',
    });
    expect(occupiedUnitDays(one, [], '2026-02-01', '2026-01-31')).toEqual({ unitDays: 0, occupiedUnitDays: 0 });
  });
});

describe('collection rate: rent received over rent due', () => {
  it('is received / due, one decimal, and may pass 100% with a prepayment', () => {
    expect(collectionRate(200_000, 150_000)).toEqual({ value: 0.75, text: '75.0%' });
    expect(collectionRate(100_000, 120_000)).toMatchObject({ value: 1.2, text: '120.0%' });
  });

  it('says why when no rent was due', () => {
    expect(collectionRate(0, 5_000)).toEqual({ value: null, text: '—', reason: 'No rent was due on a lease' });
  });
});

describe('Schedule E line 2: fair rental days', () => {
  const leases = [
    { propertyId: 'p', leaseStart: '2024-11-01', leaseEnd: '2025-01-31', monthlyRent: 120_000 },
    { propertyId: 'p', leaseStart: '2025-01-15', leaseEnd: '2025-03-31', monthlyRent: 95_000 },
    // a relative living rent-free: personal use, not a fair rental
    { propertyId: 'p', leaseStart: '2025-04-01', leaseEnd: '2025-12-31', monthlyRent: 0 },
    { propertyId: 'q', leaseStart: '2020-01-01', leaseEnd: null, monthlyRent: 80_000 },
    { propertyId: 's', leaseStart: '2025-01-01', leaseEnd: null, monthlyRent: 0 },
  ];
  it('counts the days of the year with at least one lease of the property charging rent, overlaps once', () => {
    // January to March 2025: 31 + 28 + 31 days; the overlap of the two leases counts once; the rent-free lease not.
    expect(fairRentalDays('p', leases, '2025')).toBe(90);
    expect(fairRentalDays('q', leases, '2024')).toBe(366);
    expect(fairRentalDays('p', leases, '2023')).toBe(0);
  });
  it('is null, and says so, without a recorded lease that charges rent', () => {
    expect(fairRentalDays('r', leases, '2025')).toBeNull();
    expect(fairRentalDays('s', leases, '2025')).toBeNull();
    expect(fairRentalDaysNote(null)).toBe('No lease with rent recorded for the property');
    expect(fairRentalDaysNote(90)).toBe('90 days under a lease with rent');
  });
});
