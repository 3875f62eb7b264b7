import { MAX_TERM_MONTHS, parseAnnualRatePercent } from '@rent/shared/core/amortization';
import { type EscrowBill, LENDER_MAX } from '@rent/shared/core/loans';
import { toCents } from '@rent/shared/core/money';
import { TRANSACTION_NAME_MAX } from '@rent/shared/core/transactions';
import type { EscrowPaymentBody, Loan, LoanBody } from '../../api/loans';

/** The loan form's values as typed, their checks and the body they become (pure: tests/unit/web-loan-form.test.ts). */

export interface LoanFormValues {
  lender: string;
  principal: string;
  annualRate: string;
  termMonths: string;
  firstPaymentDate: string;
  escrowTaxes: string;
  escrowInsurance: string;
  extraPrincipal: string;
  /** The lender's Form 1098 interest for `form1098Year` (one year at a time in the form). */
  form1098Year: string;
  form1098Interest: string;
}

export const lastYear = () => String(new Date().getUTCFullYear() - 1);

export const emptyLoanForm = (): LoanFormValues => ({
  lender: '',
  principal: '',
  annualRate: '',
  termMonths: '360',
  firstPaymentDate: '',
  escrowTaxes: '',
  escrowInsurance: '',
  extraPrincipal: '',
  form1098Year: lastYear(),
  form1098Interest: '',
});

const isoDate = (value: string) => value.replaceAll('/', '-');
const money = (value: string) => (value.trim() === '' ? 0 : toCents(value.trim().replaceAll(',', '')));

/** The same checks the server makes, said before a round trip. */
export function validateLoan(v: LoanFormValues): Partial<Record<keyof LoanFormValues, string>> {
  const errors: Partial<Record<keyof LoanFormValues, string>> = {};
  if (!v.lender.trim()) errors.lender = 'Enter the lender';
  else if (v.lender.trim().length > LENDER_MAX) errors.lender = `At most ${LENDER_MAX} characters`;
  const principal = money(v.principal);
  if (v.principal.trim() === '' || principal === null || principal <= 0)
    errors.principal = 'Enter the original principal, such as 300000';
  if (parseAnnualRatePercent(v.annualRate) === null)
    errors.annualRate = 'A percent with at most 3 decimals, such as 6.5';
  const term = Number(v.termMonths);
  if (!/^\d+$/.test(v.termMonths.trim()) || term < 1 || term > MAX_TERM_MONTHS)
    errors.termMonths = `From 1 to ${MAX_TERM_MONTHS} months`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate(v.firstPaymentDate)))
    errors.firstPaymentDate = 'Enter the first payment date as YYYY/MM/DD';
  for (const field of ['escrowTaxes', 'escrowInsurance', 'extraPrincipal', 'form1098Interest'] as const) {
    const cents = money(v[field]);
    if (cents === null || cents < 0) errors[field] = 'An amount such as 250, or leave it empty';
  }
  if (v.form1098Interest.trim() && !/^(19|20)\d\d$/.test(v.form1098Year.trim()))
    errors.form1098Year = 'A year such as 2025';
  return errors;
}

const dollars = (value: string) => (money(value) ?? 0) / 100;

export function loanBody(v: LoanFormValues, loan: Loan | null): LoanBody {
  const interest1098 = { ...(loan?.interest1098 ?? {}) };
  if (v.form1098Interest.trim()) interest1098[v.form1098Year.trim()] = dollars(v.form1098Interest);
  else delete interest1098[v.form1098Year.trim()];
  return {
    lender: v.lender.trim(),
    principal: dollars(v.principal),
    annualRate: v.annualRate.trim(),
    termMonths: Number(v.termMonths),
    firstPaymentDate: isoDate(v.firstPaymentDate),
    escrowTaxes: dollars(v.escrowTaxes),
    escrowInsurance: dollars(v.escrowInsurance),
    extraPrincipal: dollars(v.extraPrincipal),
    interest1098,
  };
}

export function loanFormValues(loan: Loan): LoanFormValues {
  const year = lastYear();
  const shown = (n: number) => (n === 0 ? '' : String(n));
  return {
    lender: loan.lender,
    principal: String(loan.principal),
    annualRate: loan.annualRate,
    termMonths: String(loan.termMonths),
    firstPaymentDate: loan.firstPaymentDate,
    escrowTaxes: shown(loan.escrowTaxes),
    escrowInsurance: shown(loan.escrowInsurance),
    extraPrincipal: shown(loan.extraPrincipal),
    form1098Year: year,
    form1098Interest: loan.interest1098[year] === undefined ? '' : String(loan.interest1098[year]),
  };
}

/** The "Paid from escrow" form as typed. */
export interface EscrowPaymentValues {
  date: string;
  kind: EscrowBill;
  amount: string;
  name: string;
}

export const emptyEscrowPayment = (): EscrowPaymentValues => ({ date: '', kind: 'taxes', amount: '', name: '' });

export function validateEscrowPayment(v: EscrowPaymentValues): Partial<Record<keyof EscrowPaymentValues, string>> {
  const errors: Partial<Record<keyof EscrowPaymentValues, string>> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate(v.date))) errors.date = 'Enter the date the lender paid as YYYY/MM/DD';
  const amount = v.amount.trim() === '' ? null : money(v.amount);
  if (amount === null || amount <= 0) errors.amount = 'Enter what the lender paid, such as 1850.25';
  if (v.name.trim().length > TRANSACTION_NAME_MAX) errors.name = `At most ${TRANSACTION_NAME_MAX} characters`;
  return errors;
}

export function escrowPaymentBody(v: EscrowPaymentValues): EscrowPaymentBody {
  return {
    date: isoDate(v.date),
    kind: v.kind,
    amount: dollars(v.amount),
    ...(v.name.trim() ? { name: v.name.trim() } : {}),
  };
}
