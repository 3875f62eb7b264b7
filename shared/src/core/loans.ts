/**
 * Mortgage loans of a property (docs/reports-and-tax.md "Loans"), pure and zod-free: the server, the demo seed, the web
 * and the tests use the same arithmetic. Money is integer cents; rates are thousandths of a percent (6.5% = 6500).
 *
 * - A loan's schedule is core/amortization.ts's, with the two escrows (property taxes, insurance) as its monthly escrow
 *   and the monthly extra principal paid with every payment.
 * - A payment to the lender splits by the schedule row of its month (splitLoanPayment: interest first, then principal,
 *   then escrow, then anything more is extra principal). The escrow is split taxes first, then insurance. Parts are
 *   money out (negative), on the loan's property: interest `mortgage_interest` (Schedule E line 12), principal
 *   `loan_principal` (not deductible: it repays the debt), escrow `property_tax_escrows` and `insurance_escrows` (not
 *   deductible yet: the lender holds it); what goes beyond the payoff is left uncategorized (the lender owes it back).
 *   Zero parts are left out.
 * - What the lender pays from escrow (escrowPaymentParts) is a transaction of $0 in two parts: the bill as an expense
 *   (`taxes`, line 16; `insurance`, line 9) and the same amount back out of escrow, so it is deducted in the year the
 *   lender paid it (docs/reports-and-tax.md "Escrow").
 */

import {
  type AmortizationRow,
  amortizationSchedule,
  type LoanPaymentSplit,
  monthlyPayment,
  splitLoanPayment,
} from './amortization.js';
import { ESCROW_CATEGORIES } from './books.js';
import type { Category } from './categories.js';
import { type Cents, formatCurrency } from './money.js';
import type { SplitPart } from './splits.js';

/** A part of a payment split by its loan: a category of the taxonomy, or none (beyond the payoff). */
export type LoanSplitPart = SplitPart & { category: Category | null };

export const LENDER_MAX = 100;
/** Years a Form 1098 figure may be given for. */
export const FORM_1098_YEAR_PATTERN = /^(19|20)\d\d$/;

/** A loan's terms as stored (cents, milli-percent). */
export interface LoanItemTerms {
  lender: string;
  principal: Cents;
  annualRateMilliPercent: number;
  termMonths: number;
  /** YYYY-MM-DD */
  firstPaymentDate: string;
  escrowTaxes: Cents;
  escrowInsurance: Cents;
  /** Paid with every payment on top of the level payment (0 = none). */
  extraPrincipal: Cents;
}

export const LOAN_MESSAGES = {
  notMoneyOut: 'A loan payment is money out: choose a payment to the lender.',
  noScheduledPayment: (month: string) =>
    `This loan has no payment due in ${month}: check the loan's first payment date and term.`,
  allInterest: 'This payment is all interest: categorize it as Mortgage interest instead of splitting it by the loan.',
  onePart: 'This payment would be one part only: categorize it instead of splitting it by the loan.',
  propertyHasLoans: 'This property has loans. Delete its loans under "Loans" first, then delete the property.',
} as const;

/** 6500 -> "6.5", 6125 -> "6.125", 7000 -> "7". */
export function formatRatePercent(milliPercent: number): string {
  const whole = Math.floor(milliPercent / 1000);
  const rest = String(milliPercent % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}

/** The loan's payments, first to payoff. */
export function loanSchedule(loan: LoanItemTerms): AmortizationRow[] {
  return amortizationSchedule({
    principal: loan.principal,
    annualRateMilliPercent: loan.annualRateMilliPercent,
    termMonths: loan.termMonths,
    firstPaymentDate: loan.firstPaymentDate,
    monthlyEscrow: loan.escrowTaxes + loan.escrowInsurance,
    ...(loan.extraPrincipal > 0 ? { extraPrincipal: { amount: loan.extraPrincipal } } : {}),
  });
}

/** The level principal-and-interest payment. */
export const principalAndInterest = (loan: LoanItemTerms): Cents =>
  monthlyPayment(loan.principal, loan.annualRateMilliPercent, loan.termMonths);

/** Everything paid each month as scheduled: principal and interest, both escrows and the extra principal. */
export const scheduledMonthlyPayment = (loan: LoanItemTerms): Cents =>
  principalAndInterest(loan) + loan.escrowTaxes + loan.escrowInsurance + loan.extraPrincipal;

/** The schedule's row of a month (YYYY-MM), or null when no payment is due then. */
export const scheduleRowOfMonth = (schedule: readonly AmortizationRow[], month: string): AmortizationRow | null =>
  schedule.find((row) => row.date.startsWith(`${month}-`)) ?? null;

export interface LoanPaymentSplitParts {
  row: AmortizationRow;
  split: LoanPaymentSplit & { escrowTaxes: Cents; escrowInsurance: Cents };
  /** Money out (negative), non-zero, in the order interest, principal, taxes, insurance, beyond the payoff. */
  parts: LoanSplitPart[];
}

export type LoanPaymentPlan =
  | ({ ok: true } & LoanPaymentSplitParts)
  | { ok: false; reason: 'notMoneyOut' | 'noScheduledPayment' | 'allInterest' | 'onePart'; message: string };

/**
 * The parts a payment to the lender (a transaction: amount in cents, negative; date) splits into by the loan's schedule
 * row of its month. At least two parts, else why not.
 */
export function loanPaymentParts(
  loan: LoanItemTerms & { propertyId: string },
  schedule: readonly AmortizationRow[],
  payment: { amount: Cents; date: string },
): LoanPaymentPlan {
  if (payment.amount >= 0) return { ok: false, reason: 'notMoneyOut', message: LOAN_MESSAGES.notMoneyOut };
  const month = payment.date.slice(0, 7);
  const row = scheduleRowOfMonth(schedule, month);
  if (!row) return { ok: false, reason: 'noScheduledPayment', message: LOAN_MESSAGES.noScheduledPayment(month) };
  const split = splitLoanPayment(row, -payment.amount);
  const escrowTaxes = Math.min(split.escrow, loan.escrowTaxes);
  const escrowInsurance = split.escrow - escrowTaxes;
  const memo = (what: string) => `${what}: ${loan.lender}, payment ${row.number}`.slice(0, 300);
  const principal = split.principal + split.extraPrincipal;
  const part = (cents: Cents, category: Category | null, what: string): LoanSplitPart => ({
    amount: cents === 0 ? 0 : -cents,
    category,
    propertyId: loan.propertyId,
    leaseId: null,
    memo: memo(what),
  });
  const candidates = [
    part(split.interest, 'mortgage_interest', 'Interest'),
    part(
      principal,
      'loan_principal',
      split.extraPrincipal > 0 ? `Principal (${formatCurrency(split.extraPrincipal, 2)} extra)` : 'Principal',
    ),
    part(escrowTaxes, 'property_tax_escrows', 'Property tax escrow'),
    part(escrowInsurance, 'insurance_escrows', 'Insurance escrow'),
    part(split.unapplied, null, 'Beyond the payoff (the lender owes it back)'),
  ].filter((p) => p.amount !== 0);
  if (candidates.length < 2) {
    const allInterest = candidates[0]?.category === 'mortgage_interest';
    return allInterest
      ? { ok: false, reason: 'allInterest', message: LOAN_MESSAGES.allInterest }
      : { ok: false, reason: 'onePart', message: LOAN_MESSAGES.onePart };
  }
  return { ok: true, row, split: { ...split, escrowTaxes, escrowInsurance }, parts: candidates };
}

/** What a lender pays from escrow: the property's taxes or its insurance. */
export const ESCROW_BILLS = {
  taxes: { expense: 'taxes', escrow: 'property_tax_escrows', label: 'Property taxes' },
  insurance: { expense: 'insurance', escrow: 'insurance_escrows', label: 'Insurance' },
} as const satisfies Record<string, { expense: Category; escrow: Category; label: string }>;
export type EscrowBill = keyof typeof ESCROW_BILLS;
export const ESCROW_BILL_KINDS = Object.keys(ESCROW_BILLS) as EscrowBill[];

/** "Property taxes paid from escrow by First Federal": the bill's memo, and its ledger line's name unless one is given. */
export const escrowBillName = (kind: EscrowBill, lender: string) =>
  `${ESCROW_BILLS[kind].label} paid from escrow by ${lender}`;

/**
 * A bill the lender paid from escrow (amount in cents, > 0) as the parts of a $0 transaction: the expense, and the same
 * money coming out of escrow. Nothing leaves a bank account, so cash flow does not move; the expense counts on the day
 * the lender paid it.
 */
export function escrowPaymentParts(
  loan: { lender: string; propertyId: string },
  bill: { kind: EscrowBill; amount: Cents },
): LoanSplitPart[] {
  const { expense, escrow } = ESCROW_BILLS[bill.kind];
  const memo = escrowBillName(bill.kind, loan.lender);
  const part = (amount: Cents, category: Category) => ({
    amount,
    category,
    propertyId: loan.propertyId,
    leaseId: null,
    memo,
  });
  return [part(-bill.amount, expense), part(bill.amount, escrow)];
}

/** A transaction's lines as the books count them: its parts, or itself when it is not split. */
interface CountedLines {
  amount: Cents;
  category: string | null;
  parts?: readonly { amount: Cents; category: string | null }[] | null;
}

/** Money out of a transaction's lines in the categories `counts` names, as a positive amount (net of money in). */
function spentOn(transaction: CountedLines, counts: (category: string) => boolean): Cents {
  const lines = transaction.parts ?? [{ amount: transaction.amount, category: transaction.category }];
  const sum = lines.reduce((total, p) => (p.category !== null && counts(p.category) ? total - p.amount : total), 0);
  return sum === 0 ? 0 : sum;
}

/** What a transaction put into escrow (positive) or took out of it (negative), in any escrow category. */
export const escrowOf = (transaction: CountedLines): Cents =>
  spentOn(transaction, (category) => ESCROW_CATEGORIES.includes(category));

/**
 * The mortgage interest a transaction holds: its `mortgage_interest` parts, or all of it when it is one line of that
 * category; money out counts positive (what a Form 1098 reports).
 */
export const mortgageInterestOf = (transaction: CountedLines): Cents =>
  spentOn(transaction, (category) => category === 'mortgage_interest');

/** The flag when the lender's Form 1098 and the ledger differ for a year (null when they agree or no 1098 is given). */
export function form1098Flag(form1098: Cents | null, ledger: Cents): string | null {
  if (form1098 === null || form1098 === ledger) return null;
  return `The lender's Form 1098 says ${formatCurrency(form1098, 2)}; the ledger has ${formatCurrency(ledger, 2)}.`;
}

/** Words in lender names that tell no lender from another. */
const LENDER_FILLER = new Set(
  [
    'bank',
    'mortgage',
    'savings',
    'loan',
    'loans',
    'home',
    'the',
    'and',
    'inc',
    'llc',
    'corp',
    'financial',
    'credit',
  ].concat(['union', 'servicing', 'payment', 'pmt', 'ach', 'online', 'national', 'association', 'federal', 'company']),
);
const wordsOf = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/);

/** What matching a payment to a loan on arrival reads of a transaction. */
export interface ArrivingLoanPayment {
  name: string;
  amount: Cents;
  date: string;
  propertyId: string | null;
  category: string | null;
  categorizationSource: string | null;
  parts?: readonly unknown[] | null;
  pending?: boolean;
  isIgnored: boolean;
}

/** Whether a transaction could be a loan payment to split on arrival at all (before any loan is read). */
export const mayPayLoan = (payment: ArrivingLoanPayment) =>
  payment.amount < 0 &&
  !(payment.parts && payment.parts.length > 0) &&
  !payment.pending &&
  !payment.isIgnored &&
  payment.categorizationSource !== 'manual' &&
  (payment.category === null || payment.category === 'mortgage');

/**
 * The loan a payment arriving in the ledger pays (docs/reports-and-tax.md "Loans"), or null. Only money out that is one
 * line, posted, not ignored, not categorized by a person and in no category but Mortgage; on the loan's property or
 * none; whose amount is exactly everything the loan's schedule asks that month (principal and interest, escrow, extra
 * principal). When several loans ask that amount, the one whose lender the description names; else none: a guess
 * between two loans would put interest on the wrong one.
 */
export function loanForPayment<L extends LoanItemTerms & { id: string; propertyId: string }>(
  payment: ArrivingLoanPayment,
  loans: readonly L[],
): L | null {
  if (!mayPayLoan(payment)) return null;
  const month = payment.date.slice(0, 7);
  const asked = loans.filter(
    (loan) =>
      (payment.propertyId === null || payment.propertyId === loan.propertyId) &&
      scheduleRowOfMonth(loanSchedule(loan), month)?.payment === -payment.amount,
  );
  if (asked.length <= 1) return asked[0] ?? null;
  const words = new Set(wordsOf(payment.name));
  const named = asked.filter((loan) =>
    wordsOf(loan.lender).some((w) => w.length >= 3 && !LENDER_FILLER.has(w) && words.has(w)),
  );
  return named.length === 1 ? named[0]! : null;
}
