import {
  agingBucket,
  agingOf,
  allocatePayments,
  type ChargeTerms,
  chargeMonths,
  chargeSchedule,
  lateFeeDue,
  monthStatus,
  type PostedCharge,
  rentTotals,
  tenantLedgerLines,
} from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const lease: ChargeTerms = {
  leaseStart: '2026-01-15',
  leaseEnd: '2026-04-20',
  monthlyRent: 310_000,
  rentDueDay: 1,
  graceDays: 5,
  prorate: false,
  fees: [],
  lateFee: null,
};
/** Integer cents add exactly: no float sum. */
const total = (amounts: number[]) => amounts.reduce((sum, cents) => sum + cents, 0);
const posted = (charges: ReturnType<typeof chargeSchedule>): PostedCharge[] =>
  charges.map((c) => ({ ...c, waived: false }));

describe('the charge schedule', () => {
  it('charges each month the lease runs in, on the due day or the first day of a lease that starts after it', () => {
    const charges = chargeSchedule(lease, '2026-12-31');
    expect(charges.map((c) => [c.code, c.dueDate, c.amount])).toEqual([
      ['rent-2026-01', '2026-01-15', 310_000],
      ['rent-2026-02', '2026-02-01', 310_000],
      ['rent-2026-03', '2026-03-01', 310_000],
      ['rent-2026-04', '2026-04-01', 310_000],
    ]);
  });

  it('without proration, a lease ending on an earlier day of the month than it started owes no stub month', () => {
    // January 15 to April 10 is three lease months (to Feb 14, Mar 14, then April 10): the month of March covers it.
    expect(chargeSchedule({ ...lease, leaseEnd: '2026-04-10' }, '2026-12-31').map((c) => c.code)).toEqual([
      'rent-2026-01',
      'rent-2026-02',
      'rent-2026-03',
    ]);
    // A year from the 10th to the 9th, due on the 10th, with a monthly fee: twelve of each, not thirteen.
    const year: ChargeTerms = {
      ...lease,
      leaseStart: '2024-01-10',
      leaseEnd: '2025-01-09',
      rentDueDay: 10,
      fees: [{ id: 'pet', label: 'Pet', amount: 5_000, frequency: 'monthly', dueDate: null }],
    };
    const charges = chargeSchedule(year, '2026-12-31');
    expect(charges.filter((c) => c.kind === 'rent')).toHaveLength(12);
    expect(charges.filter((c) => c.kind === 'fee')).toHaveLength(12);
    expect(charges.at(-1)).toMatchObject({ code: 'rent-2024-12', dueDate: '2024-12-10' });
    expect(total(charges.map((c) => c.amount))).toBe(12 * (310_000 + 5_000));
  });

  it('prorates the first and last months by the day when the lease says so, rounding half up to the cent', () => {
    const charges = chargeSchedule({ ...lease, leaseEnd: '2026-04-10', prorate: true }, '2026-12-31');
    // January: 17 of 31 days of $3,100.00 = $1,700.00; April: 10 of 30 days = $1,033.333… -> $1,033.33.
    expect(charges.map((c) => [c.code, c.amount, c.label])).toEqual([
      ['rent-2026-01', 170_000, 'Rent, 17 of 31 days'],
      ['rent-2026-02', 310_000, 'Rent'],
      ['rent-2026-03', 310_000, 'Rent'],
      ['rent-2026-04', 103_333, 'Rent, 10 of 30 days'],
    ]);
  });

  it('prorates monthly fees as it prorates the rent: a year from the 10th to the 9th is twelve months of both', () => {
    const year: ChargeTerms = {
      ...lease,
      prorate: true,
      leaseStart: '2024-01-10',
      leaseEnd: '2025-01-09',
      rentDueDay: 1,
      fees: [{ id: 'pet', label: 'Pet', amount: 5_000, frequency: 'monthly', dueDate: null }],
    };
    const charges = chargeSchedule(year, '2026-12-31');
    const fees = charges.filter((c) => c.kind === 'fee');
    expect(fees).toHaveLength(13);
    // 22 of 31 days of $50 = $35.48; 9 of 31 days = $14.516… -> $14.52.
    expect([fees[0], fees.at(-1)].map((c) => [c!.code, c!.amount, c!.label])).toEqual([
      ['fee-pet-2024-01', 3_548, 'Pet, 22 of 31 days'],
      ['fee-pet-2025-01', 1_452, 'Pet, 9 of 31 days'],
    ]);
    expect(total(fees.map((c) => c.amount))).toBe(12 * 5_000);
    expect(total(charges.filter((c) => c.kind === 'rent').map((c) => c.amount))).toBe(12 * 310_000);
  });

  it('posts only what is due by the given day; monthly fees beside the rent, one-time fees on their date', () => {
    const withFees: ChargeTerms = {
      ...lease,
      fees: [
        { id: 'parking', label: 'Parking', amount: 7_500, frequency: 'monthly', dueDate: null },
        { id: 'move-in', label: 'Move-in fee', amount: 25_000, frequency: 'once', dueDate: '2026-01-20' },
      ],
    };
    expect(chargeSchedule(withFees, '2026-02-01').map((c) => [c.code, c.dueDate, c.amount])).toEqual([
      ['fee-parking-2026-01', '2026-01-15', 7_500],
      ['rent-2026-01', '2026-01-15', 310_000],
      ['fee-move-in', '2026-01-20', 25_000],
      ['fee-parking-2026-02', '2026-02-01', 7_500],
      ['rent-2026-02', '2026-02-01', 310_000],
    ]);
  });

  it('a month whose due day falls after the lease ends owes on the last day', () => {
    const charges = chargeSchedule(
      { ...lease, leaseStart: '2026-01-05', leaseEnd: '2026-04-10', rentDueDay: 15 },
      '2026-12-31',
    );
    expect(charges.at(-1)).toMatchObject({ code: 'rent-2026-04', dueDate: '2026-04-10' });
  });
});

describe('payments pay the oldest charges first', () => {
  const charges = posted(chargeSchedule(lease, '2026-12-31'));

  it('a partial payment leaves the newest open; the totals add up', () => {
    const { charges: allocated, totals } = allocatePayments(charges, 400_000, '2026-03-10');
    expect(allocated.map((c) => [c.code, c.paid, c.open])).toEqual([
      ['rent-2026-01', 310_000, 0],
      ['rent-2026-02', 90_000, 220_000],
      ['rent-2026-03', 0, 310_000],
      ['rent-2026-04', 0, 310_000],
    ]);
    expect(totals).toEqual({ charged: 1_240_000, paid: 400_000, balance: 840_000, owedNow: 530_000, credit: 0 });
  });

  it('an overpayment is a credit, and a waived charge costs nothing', () => {
    const waived = charges.map((c, i) => (i === 3 ? { ...c, waived: true } : c));
    const { totals } = allocatePayments(waived, 1_000_000, '2026-05-01');
    expect(totals).toEqual({ charged: 930_000, paid: 1_000_000, balance: -70_000, owedNow: 0, credit: 70_000 });
  });

  it.each([
    [310_000, '2026-02-02', 'paid'],
    [100_000, '2026-02-20', 'partial'],
    [0, '2026-01-31', 'upcoming'],
    [0, '2026-02-06', 'unpaid'],
    [0, '2026-02-07', 'late'],
  ] as const)("February's status with %i cents paid on February's rent, today %s: %s", (paid, today, status) => {
    const { charges: allocated } = allocatePayments(charges, 310_000 + paid, today);
    expect(
      monthStatus(
        allocated.filter((c) => c.dueDate.startsWith('2026-02')),
        lease.graceDays,
        today,
      ),
    ).toBe(status);
  });
});

describe('late fees', () => {
  const charges = posted(chargeSchedule(lease, '2026-12-31'));
  const february = (paid: number, today: string) =>
    allocatePayments(charges, 310_000 + paid, today).charges.find((c) => c.code === 'rent-2026-02')!;

  it('none within the grace days or once the rent is paid', () => {
    const fixed: ChargeTerms = { ...lease, lateFee: { mode: 'fixed', amount: 5_000, daily: false, cap: null } };
    expect(lateFeeDue(fixed, february(0, '2026-02-06'), '2026-02-06')).toBe(0);
    expect(lateFeeDue(fixed, february(0, '2026-02-07'), '2026-02-07')).toBe(5_000);
    expect(lateFeeDue(fixed, february(310_000, '2026-02-07'), '2026-02-07')).toBe(0);
  });

  it('a percentage of the rent, or daily up to the cap', () => {
    const percent: ChargeTerms = { ...lease, lateFee: { mode: 'percent', amount: 500, daily: false, cap: null } };
    expect(lateFeeDue(percent, february(0, '2026-02-10'), '2026-02-10')).toBe(15_500);
    const daily: ChargeTerms = { ...lease, lateFee: { mode: 'fixed', amount: 1_000, daily: true, cap: 4_500 } };
    expect(lateFeeDue(daily, february(0, '2026-02-08'), '2026-02-08')).toBe(2_000);
    expect(lateFeeDue(daily, february(0, '2026-03-01'), '2026-03-01')).toBe(4_500);
  });
});

describe('aging', () => {
  it.each([
    ['2026-03-01', 'current'],
    ['2026-02-28', 'days1to30'],
    ['2026-01-30', 'days1to30'],
    ['2026-01-29', 'days31to60'],
    ['2025-12-31', 'days31to60'],
    ['2025-12-30', 'days61to90'],
    ['2025-11-30', 'over90'],
  ] as const)('a charge due %s on 2026-03-01 is %s', (due, bucket) => {
    expect(agingBucket(due, '2026-03-01')).toBe(bucket);
  });

  it('buckets the open part of each charge already due', () => {
    const { charges } = allocatePayments(posted(chargeSchedule(lease, '2026-12-31')), 400_000, '2026-03-20');
    expect(agingOf(charges, '2026-03-20')).toEqual({
      current: 0,
      days1to30: 310_000,
      days31to60: 220_000,
      days61to90: 0,
      over90: 0,
    });
  });
});

describe('months and the ledger', () => {
  const charges = posted(chargeSchedule(lease, '2026-12-31'));
  const payments = new Map([
    ['2026-01', 310_000],
    ['2026-02', 150_000],
    ['2026-03', 400_000],
  ]);

  it("a month's due is its charges, received its payments; statuses come from the allocation", () => {
    const { charges: allocated } = allocatePayments(charges, 860_000, '2026-04-20');
    const months = chargeMonths(
      lease,
      allocated,
      (m) => payments.get(m) ?? 0,
      { from: '2025-12', to: '2026-06' },
      '2026-04-20',
    );
    expect(months.map((m) => [m.month, m.due, m.received, m.status])).toEqual([
      ['2026-01', 310_000, 310_000, 'paid'],
      ['2026-02', 310_000, 150_000, 'paid'],
      ['2026-03', 310_000, 400_000, 'partial'],
      ['2026-04', 310_000, 0, 'late'],
    ]);
    expect(rentTotals(months.map((m) => ({ ...m, note: null })))).toMatchObject({
      due: 1_240_000,
      received: 860_000,
      balance: 380_000,
      collectionRateText: '69.4%',
    });
  });

  it('the running balance ends at charges minus payments', () => {
    const lines = tenantLedgerLines(charges, payments, '2026-04-20');
    expect(lines.map((l) => [l.date, l.kind, l.amount, l.balance])).toEqual([
      ['2026-01-15', 'rent', 310_000, 310_000],
      ['2026-01-31', 'payment', -310_000, 0],
      ['2026-02-01', 'rent', 310_000, 310_000],
      ['2026-02-28', 'payment', -150_000, 160_000],
      ['2026-03-01', 'rent', 310_000, 470_000],
      ['2026-03-31', 'payment', -400_000, 70_000],
      ['2026-04-01', 'rent', 310_000, 380_000],
    ]);
  });

  it('dates no payment in the future: rent paid at signing counts in a first month still to come', () => {
    const lines = tenantLedgerLines([], new Map([['2026-05', 310_000]]), '2026-04-20');
    expect(lines.map((l) => [l.date, l.kind, l.amount])).toEqual([['2026-04-20', 'payment', -310_000]]);
  });
});

describe('a balance is always charges − payments, recomputed from scratch', () => {
  const charge = fc.record({
    day: fc.integer({ min: 0, max: 400 }),
    amount: fc.integer({ min: 1, max: 500_000 }),
    waived: fc.boolean(),
  });
  it('for any charges, waivers and payments', () => {
    fc.assert(
      fc.property(
        fc.array(charge, { maxLength: 40 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 1, max: 700_000 })), { maxLength: 20 }),
        (raw, pays) => {
          const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
          const charges: PostedCharge[] = raw.map((c, i) => ({
            code: `c-${i}`,
            kind: 'fee',
            label: 'Fee',
            dueDate: day(c.day),
            amount: c.amount,
            waived: c.waived,
          }));
          const payments = new Map<string, number>();
          for (const [m, cents] of pays) {
            const month = day(m * 28).slice(0, 7);
            payments.set(month, (payments.get(month) ?? 0) + cents);
          }
          let paid = 0;
          for (const v of payments.values()) paid += v;
          let charged = 0;
          for (const c of charges) if (!c.waived) charged += c.amount;
          const today = '2027-06-30';
          const { charges: allocated, totals } = allocatePayments(charges, paid, today);
          expect(totals.balance).toBe(charged - paid);
          expect(totals.credit).toBe(Math.max(0, paid - charged));
          let open = 0;
          for (const c of allocated) open += c.open;
          expect(open).toBe(Math.max(0, charged - paid));
          const lines = tenantLedgerLines(charges, payments, today);
          expect(lines.at(-1)?.balance ?? 0).toBe(charged - paid);
          const aging = agingOf(allocated, today);
          expect(Object.values(aging).reduce((a, b) => a + b, 0)).toBe(open);
        },
      ),
    );
  });
});
