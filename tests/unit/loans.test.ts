import {
  escrowOf,
  escrowPaymentParts,
  form1098Flag,
  formatRatePercent,
  type LoanItemTerms,
  loanForPayment,
  loanPaymentParts,
  loanSchedule,
  mortgageInterestOf,
  principalAndInterest,
  scheduledMonthlyPayment,
  scheduleRowOfMonth,
} from '@rent/shared';
import { describe, expect, it } from 'vitest';

/** Mortgage loans (shared/src/core/loans.ts): the schedule with escrow, and a payment's parts. */
const loan: LoanItemTerms & { propertyId: string } = {
  propertyId: 'p1',
  lender: 'First Federal',
  principal: 30_000_000,
  annualRateMilliPercent: 6500,
  termMonths: 360,
  firstPaymentDate: '2025-02-01',
  escrowTaxes: 35_000,
  escrowInsurance: 12_050,
  extraPrincipal: 0,
};
const schedule = loanSchedule(loan);
const parts = (amount: number, date = '2025-02-01', terms = loan) => {
  const plan = loanPaymentParts(terms, loanSchedule(terms), { amount, date });
  return plan.ok ? plan.parts.map((p) => [p.category, p.amount]) : plan.reason;
};

describe('a loan', () => {
  it('pays $1,896.20 of principal and interest plus both escrows each month, for 360 months', () => {
    expect(principalAndInterest(loan)).toBe(189_620);
    expect(scheduledMonthlyPayment(loan)).toBe(236_670);
    expect(schedule).toHaveLength(360);
    expect(schedule[0]).toMatchObject({ interest: 162_500, principal: 27_120, escrow: 47_050, payment: 236_670 });
    expect(scheduleRowOfMonth(schedule, '2025-03')?.number).toBe(2);
    expect(scheduleRowOfMonth(schedule, '2025-01')).toBeNull();
  });

  it('with extra principal every month, pays off sooner', () => {
    const extra = loanSchedule({ ...loan, extraPrincipal: 20_000 });
    expect(extra.length).toBeLessThan(360);
    expect(extra[0]).toMatchObject({ extraPrincipal: 20_000, payment: 256_670 });
  });

  it('writes rates as people do', () => {
    expect(formatRatePercent(6500)).toBe('6.5');
    expect(formatRatePercent(6125)).toBe('6.125');
    expect(formatRatePercent(7000)).toBe('7');
    expect(formatRatePercent(50)).toBe('0.05');
    expect(formatRatePercent(0)).toBe('0');
  });
});

describe('a payment split by its loan', () => {
  it('splits the scheduled payment into interest, principal and the two escrows (money out)', () => {
    expect(parts(-236_670)).toEqual([
      ['mortgage_interest', -162_500],
      ['loan_principal', -27_120],
      ['property_tax_escrows', -35_000],
      ['insurance_escrows', -12_050],
    ]);
    const plan = loanPaymentParts(loan, schedule, { amount: -236_670, date: '2025-02-01' });
    expect(plan.ok && plan.parts.every((p) => p.propertyId === 'p1' && p.leaseId === null)).toBe(true);
    expect(plan.ok && plan.parts[0]!.memo).toBe('Interest: First Federal, payment 1');
  });

  it('adds what is above the schedule to the principal, and a short escrow goes to the tax escrow first', () => {
    expect(parts(-240_000)).toEqual([
      ['mortgage_interest', -162_500],
      ['loan_principal', -30_450],
      ['property_tax_escrows', -35_000],
      ['insurance_escrows', -12_050],
    ]);
    expect(parts(-200_000)).toEqual([
      ['mortgage_interest', -162_500],
      ['loan_principal', -27_120],
      ['property_tax_escrows', -10_380],
    ]);
  });

  it('always adds up to the payment', () => {
    for (const amount of [-1, -162_501, -189_620, -236_669, -236_671, -5_000_000, -31_000_000]) {
      const plan = loanPaymentParts(loan, schedule, { amount, date: '2026-07-09' });
      if (plan.ok) expect(plan.parts.reduce((s, p) => s + p.amount, 0)).toBe(amount);
    }
    // Beyond the payoff: left uncategorized (the lender owes it back).
    const last = loanPaymentParts(loan, schedule, { amount: -31_000_000, date: '2025-02-01' });
    expect(last.ok && last.parts.at(-1)?.category).toBeNull();
  });

  it('says why it cannot split: all interest, money in, no payment due that month', () => {
    expect(parts(-100_000)).toBe('allInterest');
    expect(parts(236_670)).toBe('notMoneyOut');
    expect(parts(0)).toBe('notMoneyOut');
    expect(parts(-236_670, '2024-12-01')).toBe('noScheduledPayment');
    expect(parts(-236_670, '2055-02-01')).toBe('noScheduledPayment');
    const noInterest = { ...loan, annualRateMilliPercent: 0, escrowTaxes: 0, escrowInsurance: 0 };
    expect(parts(-1_000, '2025-02-01', noInterest)).toBe('onePart');
  });
});

describe('escrow', () => {
  it('a bill the lender paid from escrow is $0: the expense, and the same amount out of escrow', () => {
    const taxes = escrowPaymentParts(loan, { kind: 'taxes', amount: 410_000 });
    expect(taxes.map((p) => [p.category, p.amount, p.propertyId, p.leaseId])).toEqual([
      ['taxes', -410_000, 'p1', null],
      ['property_tax_escrows', 410_000, 'p1', null],
    ]);
    expect(taxes[0]!.memo).toBe('Property taxes paid from escrow by First Federal');
    const insurance = escrowPaymentParts(loan, { kind: 'insurance', amount: 144_600 });
    expect(insurance.map((p) => [p.category, p.amount])).toEqual([
      ['insurance', -144_600],
      ['insurance_escrows', 144_600],
    ]);
  });

  it('what a transaction put into escrow: its escrow parts, of any escrow category, positive when paid in', () => {
    const plan = loanPaymentParts(loan, schedule, { amount: -236_670, date: '2025-02-01' });
    expect(plan.ok && escrowOf({ amount: -236_670, category: null, parts: plan.parts })).toBe(47_050);
    const bill = escrowPaymentParts(loan, { kind: 'taxes', amount: 410_000 });
    expect(escrowOf({ amount: 0, category: null, parts: bill })).toBe(-410_000);
    expect(escrowOf({ amount: -20_000, category: 'hoa_escrows' })).toBe(20_000);
    expect(escrowOf({ amount: -20_000, category: 'taxes' })).toBe(0);
  });
});

describe('interest per the ledger and the Form 1098', () => {
  it('counts the mortgage_interest parts, or a whole line of that category, as a positive amount', () => {
    expect(
      mortgageInterestOf({
        amount: -236_670,
        category: null,
        parts: [
          { amount: -162_500, category: 'mortgage_interest' },
          { amount: -74_170, category: 'loan_principal' },
        ],
      }),
    ).toBe(162_500);
    expect(mortgageInterestOf({ amount: -5_000, category: 'mortgage_interest' })).toBe(5_000);
    expect(mortgageInterestOf({ amount: -5_000, category: 'mortgage' })).toBe(0);
  });

  it('flags a Form 1098 that differs from the ledger', () => {
    expect(form1098Flag(170_000, 162_500)).toBe("The lender's Form 1098 says $1,700.00; the ledger has $1,625.00.");
    expect(form1098Flag(162_500, 162_500)).toBeNull();
    expect(form1098Flag(null, 162_500)).toBeNull();
  });
});

describe('which loan a payment arriving pays', () => {
  const first = { ...loan, id: 'first' };
  const other = { ...loan, id: 'other', lender: 'Prairie State Credit Union' };
  const pay = (over = {}) => ({
    name: 'MTG PMT',
    amount: -236_670,
    date: '2025-03-02',
    propertyId: 'p1',
    category: null,
    categorizationSource: null,
    isIgnored: false,
    ...over,
  });
  it("exactly the month's whole scheduled payment, money out, one line, on the loan's property or none", () => {
    expect(loanForPayment(pay(), [first])).toBe(first);
    expect(loanForPayment(pay({ propertyId: null, category: 'mortgage', categorizationSource: 'rule' }), [first])).toBe(
      first,
    );
    for (const over of [
      { amount: -236_671 },
      { amount: 236_670 },
      { propertyId: 'p2' },
      { date: '2025-01-15' },
      { pending: true },
      { isIgnored: true },
      { parts: [{}, {}] },
      { category: 'repairs' },
      { category: 'mortgage', categorizationSource: 'manual' },
    ]) {
      expect(loanForPayment(pay(over), [first]), JSON.stringify(over)).toBeNull();
    }
  });
  it('between loans asking the same amount, only the lender the description names', () => {
    expect(loanForPayment(pay(), [first, other])).toBeNull();
    expect(loanForPayment(pay({ name: 'PRAIRIE STATE CU 0425' }), [first, other])).toBe(other);
    // Words every lender has name none.
    expect(loanForPayment(pay({ name: 'MORTGAGE LOAN PAYMENT' }), [first, other])).toBeNull();
  });
});
