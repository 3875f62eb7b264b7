import { describe, expect, it } from 'vitest';
import type { Loan } from '../../web/src/api/loans';
import {
  emptyEscrowPayment,
  emptyLoanForm,
  escrowPaymentBody,
  type LoanFormValues,
  lastYear,
  loanBody,
  loanFormValues,
  validateEscrowPayment,
  validateLoan,
} from '../../web/src/pages/properties/loanForm';

/** The Loans drawer's form (web/src/pages/properties/loanForm.ts): the server's checks said first, and the body sent. */
const filled = (over: Partial<LoanFormValues> = {}): LoanFormValues => ({
  ...emptyLoanForm(),
  lender: ' First Federal ',
  principal: '300,000',
  annualRate: '6.125',
  firstPaymentDate: '2025/02/01',
  escrowTaxes: '350',
  ...over,
});

describe('the loan form', () => {
  it('accepts a filled form and sends wire money, the rate as typed and optional amounts as 0', () => {
    expect(validateLoan(filled())).toEqual({});
    expect(loanBody(filled({ form1098Interest: '17800.25' }), null)).toEqual({
      lender: 'First Federal',
      principal: 300000,
      annualRate: '6.125',
      termMonths: 360,
      firstPaymentDate: '2025-02-01',
      escrowTaxes: 350,
      escrowInsurance: 0,
      extraPrincipal: 0,
      interest1098: { [lastYear()]: 17800.25 },
    });
  });

  it('says what is wrong, field by field', () => {
    const errors = validateLoan(
      filled({
        lender: ' ',
        principal: '0',
        annualRate: '6.5555',
        termMonths: '601',
        firstPaymentDate: '2025-2-1',
        escrowInsurance: '-5',
        form1098Year: '25',
        form1098Interest: '10',
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(
      ['annualRate', 'escrowInsurance', 'firstPaymentDate', 'form1098Year', 'lender', 'principal', 'termMonths'].sort(),
    );
  });

  it("editing keeps the other years' Form 1098 figures and clears the shown year's when emptied", () => {
    const loan = {
      lender: 'First Federal',
      principal: 300000,
      annualRate: '6.5',
      termMonths: 360,
      firstPaymentDate: '2025-02-01',
      escrowTaxes: 0,
      escrowInsurance: 120.5,
      extraPrincipal: 0,
      interest1098: { 2020: 100, [lastYear()]: 200 },
    } as unknown as Loan;
    const values = loanFormValues(loan);
    expect(values).toMatchObject({ escrowTaxes: '', escrowInsurance: '120.5', form1098Interest: '200' });
    expect(loanBody({ ...values, form1098Interest: '' }, loan).interest1098).toEqual({ 2020: 100 });
  });
});

describe('the "Paid from escrow" form', () => {
  it('asks for a date and an amount above zero; a name is optional', () => {
    expect(validateEscrowPayment(emptyEscrowPayment())).toEqual({
      date: 'Enter the date the lender paid as YYYY/MM/DD',
      amount: 'Enter what the lender paid, such as 1850.25',
    });
    const bad = { ...emptyEscrowPayment(), date: '2026/11/01', amount: '0' };
    expect(validateEscrowPayment(bad)).toEqual({ amount: 'Enter what the lender paid, such as 1850.25' });
    expect(validateEscrowPayment({ ...bad, amount: '12.345' }).amount).toBeDefined();
    expect(validateEscrowPayment({ ...bad, amount: '1,850.25', name: 'x'.repeat(301) })).toEqual({
      name: 'At most 300 characters',
    });
  });

  it('sends the date as YYYY-MM-DD, the amount in dollars and the name only when given', () => {
    const values = { date: '2026/11/01', kind: 'insurance' as const, amount: '1,850.25', name: '  ' };
    expect(escrowPaymentBody(values)).toEqual({ date: '2026-11-01', kind: 'insurance', amount: 1850.25 });
    expect(escrowPaymentBody({ ...values, name: ' County tax ' }).name).toBe('County tax');
  });
});
