import {
  type AmortizationRow,
  amortizationSchedule,
  balanceAfter,
  interestPaidInYear,
  MAX_TERM_MONTHS,
  monthlyInterest,
  monthlyPayment,
  parseAnnualRatePercent,
  splitLoanPayment,
} from '@rent/shared/core/amortization';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** $300,000 at 6.5% over 30 years, first payment on 2025-01-01: the figure every mortgage calculator publishes. */
const LOAN = { principal: 30_000_000, annualRateMilliPercent: 6500, termMonths: 360, firstPaymentDate: '2025-01-01' };
const sum = (rows: readonly AmortizationRow[], part: keyof AmortizationRow) =>
  rows.reduce((total, row) => total + (row[part] as number), 0);

describe('amortization: the level payment', () => {
  it('is $1,896.20 a month for $300,000 at 6.5% over 30 years', () => {
    expect(monthlyPayment(30_000_000, 6500, 360)).toBe(189_620);
  });

  it('is the principal over the term at 0%, rounded down (the remainder goes on the last payment)', () => {
    expect(monthlyPayment(1_000_000, 0, 3)).toBe(333_333);
  });

  it('is principal plus one month of interest over one month', () => {
    expect(monthlyPayment(1_200_000, 12_000, 1)).toBe(1_212_000);
  });

  it('matches the floating-point annuity formula to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000_000 }),
        fc.integer({ min: 1, max: 30_000 }),
        fc.integer({ min: 1, max: MAX_TERM_MONTHS }),
        (principal, rate, term) => {
          const r = rate / 1_200_000;
          // 1 - (1 + r)^-term, written so that a tiny rate keeps its digits: the plain form loses
          // about a thousandth of a cent to cancellation (e.g. $999,999.91 at 0.006% over 2 months).
          const float = (principal * r) / -Math.expm1(-term * Math.log1p(r));
          expect(Math.abs(monthlyPayment(principal, rate, term) - float)).toBeLessThanOrEqual(0.5 + 1e-6);
        },
      ),
      { examples: [[99_999_991, 6, 2]] },
    );
  });

  it('refuses what is not a loan', () => {
    expect(() => monthlyPayment(100, 6500, 0)).toThrow(RangeError);
    expect(() => monthlyPayment(100, 6500, MAX_TERM_MONTHS + 1)).toThrow(RangeError);
    expect(() => monthlyPayment(100.5, 6500, 12)).toThrow(RangeError);
    expect(() => monthlyPayment(-100, 6500, 12)).toThrow(RangeError);
    expect(() => monthlyPayment(100, 6.5, 12)).toThrow(RangeError);
  });
});

describe('amortization: rates', () => {
  it('reads a percentage with up to 3 decimals as thousandths of a percent', () => {
    expect(parseAnnualRatePercent('6.5')).toBe(6500);
    expect(parseAnnualRatePercent(' 6.125 ')).toBe(6125);
    expect(parseAnnualRatePercent('0')).toBe(0);
    expect(parseAnnualRatePercent('100')).toBe(100_000);
    for (const bad of ['6.1255', '-1', '100.001', '', '6,5', '1e2', '.5'])
      expect(parseAnnualRatePercent(bad)).toBeNull();
  });

  it('rounds a month of interest half up to the cent', () => {
    expect(monthlyInterest(30_000_000, 6500)).toBe(162_500);
    expect(monthlyInterest(1_000, 6000)).toBe(5); // exactly 5 cents
    expect(monthlyInterest(100, 6000)).toBe(1); // 0.5 cent rounds up
    expect(monthlyInterest(99, 6000)).toBe(0); // 0.495 cent rounds down
  });
});

describe('amortization: the schedule', () => {
  const schedule = amortizationSchedule(LOAN);

  it('splits the first payment into $1,625.00 interest and $271.20 principal', () => {
    expect(schedule[0]).toEqual({
      number: 1,
      date: '2025-01-01',
      payment: 189_620,
      interest: 162_500,
      principal: 27_120,
      extraPrincipal: 0,
      escrow: 0,
      balanceAfter: 29_972_880,
    });
  });

  it('pays $19,401.28 interest and $3,353.12 principal in the first 12 payments, leaving $296,646.88', () => {
    const firstYear = schedule.slice(0, 12);
    expect(sum(firstYear, 'interest')).toBe(1_940_128);
    expect(sum(firstYear, 'principal')).toBe(335_312);
    expect(firstYear.at(-1)!.balanceAfter).toBe(29_664_688);
    expect(interestPaidInYear(schedule, 2025)).toBe(1_940_128);
  });

  it('has 360 payments whose principal sums to the loan exactly, the last one paying off the rest', () => {
    expect(schedule).toHaveLength(360);
    expect(sum(schedule, 'principal')).toBe(LOAN.principal);
    expect(schedule.at(-1)!.balanceAfter).toBe(0);
    expect(schedule.at(-1)!.date).toBe('2054-12-01');
    // Rounding the level payment down by 0.41 cent a month leaves a few dollars for the last payment.
    expect(schedule.at(-1)!.payment).toBe(190_091);
    expect(schedule.slice(0, -1).every((row) => row.payment === 189_620)).toBe(true);
  });

  it('is shortened to 277 payments by $200 of extra principal a month, ending at 0', () => {
    const faster = amortizationSchedule({ ...LOAN, extraPrincipal: { amount: 20_000 } });
    expect(faster).toHaveLength(277);
    expect(faster.at(-1)!.balanceAfter).toBe(0);
    expect(sum(faster, 'principal') + sum(faster, 'extraPrincipal')).toBe(LOAN.principal);
    expect(sum(faster, 'interest')).toBeLessThan(sum(schedule, 'interest'));
    expect(faster[0]!.payment).toBe(209_620);
  });

  it('pays extra principal from a date, and per month instead (0 skips a month)', () => {
    const rows = amortizationSchedule({
      ...LOAN,
      extraPrincipal: { amount: 10_000, fromDate: '2025-03-01', byMonth: { '2025-02': 500_000, '2025-04': 0 } },
    });
    expect(rows.slice(0, 5).map((row) => row.extraPrincipal)).toEqual([0, 500_000, 10_000, 0, 10_000]);
    expect(rows[1]!.balanceAfter).toBe(rows[0]!.balanceAfter - rows[1]!.principal - 500_000);
  });

  it('caps extra principal at what is owed', () => {
    const rows = amortizationSchedule({ ...LOAN, extraPrincipal: { byMonth: { '2025-01': 99_999_999 } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ principal: 27_120, extraPrincipal: 29_972_880, balanceAfter: 0 });
  });

  it('adds escrow to every payment', () => {
    const rows = amortizationSchedule({ ...LOAN, monthlyEscrow: 45_000 });
    expect(rows.every((row) => row.escrow === 45_000 && row.payment === row.interest + row.principal + 45_000)).toBe(
      true,
    );
    expect(rows[0]!.payment).toBe(234_620);
  });

  it('spreads a 0% loan evenly with the remainder on the last payment', () => {
    const rows = amortizationSchedule({ ...LOAN, principal: 1_000_000, annualRateMilliPercent: 0, termMonths: 3 });
    expect(rows.map((row) => [row.interest, row.principal, row.balanceAfter])).toEqual([
      [0, 333_333, 666_667],
      [0, 333_333, 333_334],
      [0, 333_334, 0],
    ]);
  });

  it('keeps the first payment day, or the last day of a shorter month', () => {
    const rows = amortizationSchedule({ ...LOAN, firstPaymentDate: '2027-12-31', termMonths: 4 });
    expect(rows.map((row) => row.date)).toEqual(['2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('is empty for a loan of 0 and refuses a date that is not a day', () => {
    expect(amortizationSchedule({ ...LOAN, principal: 0 })).toEqual([]);
    expect(() => amortizationSchedule({ ...LOAN, firstPaymentDate: '2025-02-30' })).toThrow(RangeError);
  });
});

describe('amortization: interestPaidInYear and balanceAfter', () => {
  const schedule = amortizationSchedule({ ...LOAN, firstPaymentDate: '2025-02-01' });

  it('sums the interest of the payments dated in the year', () => {
    expect(interestPaidInYear(schedule, 2025)).toBe(sum(schedule.slice(0, 11), 'interest'));
    expect(interestPaidInYear(schedule, 2026)).toBe(sum(schedule.slice(11, 23), 'interest'));
    expect(interestPaidInYear(schedule, 2024)).toBe(0);
    const years = Array.from({ length: 31 }, (_, i) => interestPaidInYear(schedule, 2025 + i));
    expect(years.reduce((a, b) => a + b, 0)).toBe(sum(schedule, 'interest'));
  });

  it('gives the balance after the last payment on or before the date', () => {
    expect(balanceAfter(schedule, '2025-01-31')).toBe(LOAN.principal);
    expect(balanceAfter(schedule, '2025-02-01')).toBe(29_972_880);
    expect(balanceAfter(schedule, '2025-02-28')).toBe(29_972_880);
    expect(balanceAfter(schedule, '2026-01-15')).toBe(29_664_688);
    expect(balanceAfter(schedule, '2099-01-01')).toBe(0);
    expect(balanceAfter([], '2025-01-01')).toBe(0);
  });
});

describe('amortization: splitting an actual payment', () => {
  const first = amortizationSchedule({ ...LOAN, monthlyEscrow: 45_000 })[0]!;

  it('splits the scheduled payment as scheduled', () => {
    expect(splitLoanPayment(first, 234_620)).toEqual({
      interest: 162_500,
      principal: 27_120,
      escrow: 45_000,
      extraPrincipal: 0,
      unapplied: 0,
    });
  });

  it('applies a short payment to interest, then principal, then escrow', () => {
    expect(splitLoanPayment(first, 200_000)).toEqual({
      interest: 162_500,
      principal: 27_120,
      escrow: 10_380,
      extraPrincipal: 0,
      unapplied: 0,
    });
    expect(splitLoanPayment(first, 170_000)).toMatchObject({ interest: 162_500, principal: 7_500, escrow: 0 });
    expect(splitLoanPayment(first, 100_000)).toMatchObject({ interest: 100_000, principal: 0, escrow: 0 });
  });

  it('puts a payment beyond the scheduled one into extra principal', () => {
    expect(splitLoanPayment(first, 254_620)).toMatchObject({ escrow: 45_000, extraPrincipal: 20_000, unapplied: 0 });
  });

  it('splits from a loan state, leaving what goes beyond the payoff unapplied', () => {
    const state = {
      balance: 10_000,
      annualRateMilliPercent: 6500,
      principalAndInterest: 189_620,
      monthlyEscrow: 45_000,
    };
    expect(splitLoanPayment(state, 300_000)).toEqual({
      interest: 54, // $100.00 x 6.5% / 12 = 54.17 cents
      principal: 10_000,
      escrow: 45_000,
      extraPrincipal: 0,
      unapplied: 244_946,
    });
    const midLoan = { ...state, balance: 29_972_880 };
    expect(splitLoanPayment(midLoan, 189_620)).toMatchObject({ interest: 162_353, principal: 27_267, escrow: 0 });
  });

  it('refuses a negative or fractional payment', () => {
    expect(() => splitLoanPayment(first, -1)).toThrow(RangeError);
    expect(() => splitLoanPayment(first, 1.5)).toThrow(RangeError);
  });
});

describe('amortization: properties', () => {
  const loans = fc.record({
    principal: fc.integer({ min: 1, max: 500_000_000 }),
    annualRateMilliPercent: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 25_000 })),
    termMonths: fc.integer({ min: 1, max: 480 }),
    firstPaymentDate: fc.constantFrom('2024-01-31', '2025-02-28', '2025-06-15', '2026-12-01'),
    monthlyEscrow: fc.integer({ min: 0, max: 200_000 }),
    extraPrincipal: fc.option(
      fc.record({
        amount: fc.integer({ min: 0, max: 500_000 }),
        fromDate: fc.constantFrom('2025-01-01', '2030-06-01'),
      }),
      { nil: undefined },
    ),
  });

  it('every row sums to its payment, balances never go negative and the principal pays off the loan', () => {
    fc.assert(
      fc.property(loans, (loan) => {
        const rows = amortizationSchedule(loan);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.length).toBeLessThanOrEqual(loan.termMonths);
        let balance = loan.principal;
        for (const row of rows) {
          expect(row.interest + row.principal + row.extraPrincipal + row.escrow).toBe(row.payment);
          expect(Math.min(row.interest, row.principal, row.extraPrincipal, row.balanceAfter)).toBeGreaterThanOrEqual(0);
          expect(row.interest).toBe(monthlyInterest(balance, loan.annualRateMilliPercent));
          balance -= row.principal + row.extraPrincipal;
          expect(row.balanceAfter).toBe(balance);
        }
        expect(balance).toBe(0);
        // Without extra principal every payment but the last is the level one (rounding the level payment up may
        // pay a tiny loan off a payment early, so the count is not always the term).
        const level = monthlyPayment(loan.principal, loan.annualRateMilliPercent, loan.termMonths);
        if (!loan.extraPrincipal?.amount) {
          for (const row of rows.slice(0, -1)) expect(row.interest + row.principal).toBe(level);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a split always sums to the payment and never pays more principal than is owed', () => {
    fc.assert(
      fc.property(loans, fc.nat({ max: 100 }), fc.integer({ min: 0, max: 2_000_000_000 }), (loan, pick, amount) => {
        const rows = amortizationSchedule(loan);
        const row = rows[pick % rows.length]!;
        const split = splitLoanPayment(row, amount);
        expect(split.interest + split.principal + split.escrow + split.extraPrincipal + split.unapplied).toBe(amount);
        expect(split.principal + split.extraPrincipal).toBeLessThanOrEqual(
          row.balanceAfter + row.principal + row.extraPrincipal,
        );
        expect(Math.min(...Object.values(split))).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });
});
