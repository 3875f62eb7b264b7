import * as z from 'zod';
import { MAX_ANNUAL_RATE_MILLI_PERCENT, MAX_TERM_MONTHS, parseAnnualRatePercent } from '../core/amortization.js';
import { ESCROW_BILL_KINDS, FORM_1098_YEAR_PATTERN, LENDER_MAX } from '../core/loans.js';
import { TRANSACTION_NAME_MAX } from '../core/transactions.js';
import { Id, IsoDate, line, optionalLine } from './common.js';
import { MAX_ABS_CENTS, moneyField } from './money.js';

/** Mortgage loans of a property (docs/reports-and-tax.md "Loans"). Money: decimals on the wire, cents inside. */

const RATE_MESSAGE = `Enter the annual rate as a percent with at most 3 decimals, such as 6.5 (at most ${MAX_ANNUAL_RATE_MILLI_PERCENT / 1000})`;
const TERM_MESSAGE = `The term is a whole number of months from 1 to ${MAX_TERM_MONTHS}`;

/** "6.5" (or 6.5) -> 6500 thousandths of a percent. */
const annualRate = z.union([z.string(), z.number()], { error: RATE_MESSAGE }).transform((value, ctx) => {
  const rate = parseAnnualRatePercent(String(value));
  if (rate === null) {
    ctx.addIssue({ code: 'custom', message: RATE_MESSAGE });
    return z.NEVER;
  }
  return rate;
});
const termMonths = z
  .number({ error: TERM_MESSAGE })
  .int({ error: TERM_MESSAGE })
  .min(1, { error: TERM_MESSAGE })
  .max(MAX_TERM_MONTHS, { error: TERM_MESSAGE });
const principal = () => moneyField({ min: 1, max: MAX_ABS_CENTS, label: 'Original principal' });
const monthly = () => moneyField({ min: 0, max: MAX_ABS_CENTS });
/** { "2025": 19125.5 }: the interest the lender's Form 1098 reports per year. */
const interest1098 = z
  .record(
    z.string().regex(FORM_1098_YEAR_PATTERN, { error: 'A Form 1098 year is four digits, such as 2025' }),
    monthly(),
  )
  .refine((map) => Object.keys(map).length <= 60, { error: 'At most 60 years of Form 1098 figures' });

export const LoanInput = z.strictObject({
  lender: line('Lender', LENDER_MAX),
  principal: principal(),
  annualRate,
  termMonths,
  firstPaymentDate: IsoDate,
  escrowTaxes: monthly()
    .nullish()
    .transform((v) => v ?? 0),
  escrowInsurance: monthly()
    .nullish()
    .transform((v) => v ?? 0),
  extraPrincipal: monthly()
    .nullish()
    .transform((v) => v ?? 0),
  interest1098: interest1098.nullish().transform((v) => v ?? {}),
});
export type LoanInput = z.output<typeof LoanInput>;

/** PATCH /api/loans/{id}: any of the loan's terms, with the `version` the person loaded (409 when it moved on). */
export const LoanUpdate = z
  .strictObject({
    lender: line('Lender', LENDER_MAX).optional(),
    principal: principal().optional(),
    annualRate: annualRate.optional(),
    termMonths: termMonths.optional(),
    firstPaymentDate: IsoDate.optional(),
    escrowTaxes: monthly().optional(),
    escrowInsurance: monthly().optional(),
    extraPrincipal: monthly().optional(),
    interest1098: interest1098.optional(),
    version: z
      .number({ error: 'version is required: send the version of the loan you loaded' })
      .int({ error: 'version must be a whole number' })
      .min(1, { error: 'version must be a whole number' }),
  })
  .refine(({ version: _, ...terms }) => Object.values(terms).some((v) => v !== undefined), {
    error: 'Change at least one term of the loan',
  });
export type LoanUpdate = z.output<typeof LoanUpdate>;

export const Loan = z.object({
  id: z.string(),
  propertyId: z.string(),
  lender: z.string(),
  principal: z.number(),
  /** Percent as text ("6.5", "6.125"). */
  annualRate: z.string(),
  annualRateMilliPercent: z.number().int(),
  termMonths: z.number().int(),
  firstPaymentDate: z.string(),
  escrowTaxes: z.number(),
  escrowInsurance: z.number(),
  extraPrincipal: z.number(),
  interest1098: z.record(z.string(), z.number()),
  /** The level principal-and-interest payment. */
  principalAndInterest: z.number(),
  /** Everything due each month: principal and interest, both escrows, the extra principal. */
  monthlyPayment: z.number(),
  /** Owed after the payments scheduled up to today. */
  balanceToday: z.number(),
  /** This calendar year's interest by the schedule. */
  interestThisYear: z.number(),
  /** The last payment's date on the schedule. */
  payoffDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Loan = z.infer<typeof Loan>;
export const LoanList = z.object({ loans: z.array(Loan) });
export const LoanResult = z.object({ loan: Loan });

export const LoanScheduleRow = z.object({
  number: z.number().int(),
  date: z.string(),
  payment: z.number(),
  interest: z.number(),
  principal: z.number(),
  extraPrincipal: z.number(),
  escrow: z.number(),
  balanceAfter: z.number(),
});
export type LoanScheduleRow = z.infer<typeof LoanScheduleRow>;

/** A payment split by the loan, as recorded on the loan when it was applied. */
export const LoanPayment = z.object({
  transactionId: z.string(),
  date: z.string(),
  /** The payment (positive: what was paid). */
  amount: z.number(),
  paymentNumber: z.number().int(),
  interest: z.number(),
  principal: z.number(),
  escrowTaxes: z.number(),
  escrowInsurance: z.number(),
  appliedAt: z.string(),
});
export type LoanPayment = z.infer<typeof LoanPayment>;

export const LoanInterestYear = z.object({
  year: z.number().int(),
  bySchedule: z.number(),
  /** The mortgage_interest parts of the transactions split by this loan, dated in the year. */
  byLedger: z.number(),
  /** The lender's Form 1098 figure, when given. */
  form1098: z.number().nullable(),
  /** Set when the Form 1098 and the ledger differ. */
  flag: z.string().nullable(),
});

/** A bill the lender paid from escrow: its ledger line, and what it took out of escrow. */
export const LoanEscrowPayment = z.object({
  transactionId: z.string(),
  date: z.string(),
  name: z.string(),
  amount: z.number(),
});

/**
 * Escrow by the ledger (docs/reports-and-tax.md "Escrow"), from the transactions recorded on the loan as they are now:
 * paid in with the payments split by it, paid out as the bills the lender paid from it.
 */
export const LoanEscrowYear = z.object({
  year: z.number().int(),
  paidIn: z.number(),
  paidOut: z.number(),
  /** Paid in less paid out, every year up to the end of this one. */
  held: z.number(),
  /** Why `held` is below zero, when it is. */
  note: z.string().nullable(),
  /** The bills paid from escrow in the year, the latest first. */
  payments: z.array(LoanEscrowPayment),
});

export const LoanDetail = z.object({
  loan: Loan,
  schedule: z.array(LoanScheduleRow),
  interest: LoanInterestYear,
  escrow: LoanEscrowYear,
  payments: z.array(LoanPayment),
});
export type LoanDetail = z.infer<typeof LoanDetail>;

export const LoanParams = z.strictObject({ id: Id });
export const LoanDetailQuery = z.strictObject({
  year: z
    .string()
    .regex(/^\d{4}$/, { error: 'year is four digits, such as 2025' })
    .transform(Number)
    .optional(),
});

export const LoanPaymentInput = z.strictObject({
  transactionId: Id,
  /** The transaction's version as the person saw it (the split is refused with 409 when it moved on). */
  version: z.number({ error: 'version is required' }).int().min(1),
});
export type LoanPaymentInput = z.output<typeof LoanPaymentInput>;
export const LoanPaymentPreviewQuery = z.strictObject({ transactionId: Id });

/** POST /api/loans/{id}/escrow-payments: a bill the lender paid from the loan's escrow. */
export const EscrowPaymentInput = z.strictObject({
  date: IsoDate,
  kind: z.enum(ESCROW_BILL_KINDS, { error: 'Choose what the lender paid: taxes or insurance' }),
  amount: moneyField({ min: 1, max: MAX_ABS_CENTS }),
  /** The ledger line's name; blank: "Property taxes paid from escrow" (or insurance). */
  name: optionalLine('Name', TRANSACTION_NAME_MAX).optional(),
});
export type EscrowPaymentInput = z.output<typeof EscrowPaymentInput>;

export const LoanPaymentPreview = z.object({
  transactionId: z.string(),
  date: z.string(),
  amount: z.number(),
  version: z.number().int(),
  paymentNumber: z.number().int(),
  /** What the schedule row of the month asks for in all. */
  scheduledPayment: z.number(),
  interest: z.number(),
  principal: z.number(),
  extraPrincipal: z.number(),
  escrowTaxes: z.number(),
  escrowInsurance: z.number(),
  unapplied: z.number(),
  parts: z.array(
    z.object({
      amount: z.number(),
      category: z.string().nullable(),
      propertyId: z.string().nullable(),
      leaseId: z.string().nullable(),
      memo: z.string().nullable(),
    }),
  ),
});
export type LoanPaymentPreview = z.infer<typeof LoanPaymentPreview>;
