import { keys } from '@rent/functions/data/keys';
import type { TransactionRecord } from '@rent/functions/data/ledger/items';
import type { LoanPaymentRecord, LoanRecord } from '@rent/functions/data/loans/loans';
import {
  type LoanItemTerms,
  loanPaymentParts,
  loanSchedule,
  mortgageInterestOf,
  principalAndInterest,
} from '@rent/shared';

/**
 * The demo properties' mortgages (docs/reports-and-tax.md "Loans"): a loan per mortgaged property whose schedule asks
 * exactly the monthly payment the demo ledger pays (the level payment at the loan's rate, and the few dollars above it
 * as extra principal each month), and those payments split by the loan with the same pure functions the server uses,
 * before the rollups are computed. The latest payment of each loan is left as it came from the bank (one line,
 * Mortgage), for "Apply to a payment" to have something to do.
 */

interface DemoLoanPlan {
  propertyId: string;
  /** The first payment: the first of the second month after closing. */
  firstPaymentDate: string;
  principal: number;
  annualRateMilliPercent: number;
  termMonths: number;
  /** Interest per the lender's Form 1098 for last year, this much above the ledger's (0 = agrees). */
  form1098Difference?: number;
}

const PLANS: DemoLoanPlan[] = [
  {
    propertyId: 'prop-maple-12',
    firstPaymentDate: '2019-08-01',
    principal: 28_700_000,
    annualRateMilliPercent: 3750,
    termMonths: 240,
  },
  {
    propertyId: 'prop-oak-48',
    firstPaymentDate: '2021-05-01',
    principal: 18_200_000,
    annualRateMilliPercent: 3750,
    termMonths: 240,
  },
  {
    propertyId: 'prop-lake-7c',
    firstPaymentDate: '2022-11-01',
    principal: 31_000_000,
    annualRateMilliPercent: 6250,
    termMonths: 360,
    // The lender's statement counts a late-December payment differently: the loan flags it.
    form1098Difference: 4_117,
  },
  {
    propertyId: 'prop-birch-220',
    firstPaymentDate: '2024-01-01',
    principal: 14_760_000,
    annualRateMilliPercent: 6875,
    termMonths: 360,
  },
  {
    propertyId: 'prop-main-301',
    firstPaymentDate: '2020-03-01',
    principal: 42_700_000,
    annualRateMilliPercent: 5875,
    termMonths: 240,
  },
];

const MORTGAGE_PAYMENT = / mortgage payment$/;

/**
 * Splits the demo ledger's mortgage payments by their loans (in place, before rollups are computed) and answers the
 * loan items to write.
 */
export function splitDemoMortgages(
  orgId: string,
  transactions: TransactionRecord[],
  today: string,
): Record<string, unknown>[] {
  const lastYear = String(Number(today.slice(0, 4)) - 1);
  return PLANS.flatMap((plan) => {
    const payments = transactions
      .filter((t) => t.propertyId === plan.propertyId && t.category === 'mortgage' && MORTGAGE_PAYMENT.test(t.name))
      .sort((a, b) => a.date.localeCompare(b.date));
    const first = payments[0];
    if (!first) return [];
    const level = principalAndInterest({ ...plan, escrowTaxes: 0, escrowInsurance: 0, extraPrincipal: 0, lender: '' });
    const terms: LoanItemTerms = {
      lender: first.name.replace(MORTGAGE_PAYMENT, ''),
      principal: plan.principal,
      annualRateMilliPercent: plan.annualRateMilliPercent,
      termMonths: plan.termMonths,
      firstPaymentDate: plan.firstPaymentDate,
      escrowTaxes: 0,
      escrowInsurance: 0,
      extraPrincipal: Math.max(0, -first.amount - level),
    };
    const schedule = loanSchedule(terms);
    const id = `loan-${plan.propertyId.replace(/^prop-/, '')}`;
    const recorded: Record<string, LoanPaymentRecord> = {};
    let interestLastYear = 0;
    for (const t of payments.slice(0, -1)) {
      const split = loanPaymentParts({ ...terms, propertyId: plan.propertyId }, schedule, t);
      if (!split.ok) continue;
      Object.assign(t, {
        parts: split.parts,
        category: null,
        categorizationSource: 'manual',
        categorizationConfidence: null,
        categorizedAt: t.updatedAt,
        leaseId: null,
      });
      recorded[t.id] = {
        date: t.date,
        amount: -t.amount,
        paymentNumber: split.row.number,
        interest: split.split.interest,
        principal: split.split.principal + split.split.extraPrincipal,
        escrowTaxes: split.split.escrowTaxes,
        escrowInsurance: split.split.escrowInsurance,
        appliedAt: t.updatedAt,
      };
      if (t.date.startsWith(`${lastYear}-`)) interestLastYear += mortgageInterestOf(t);
    }
    const now = new Date().toISOString();
    const loan: LoanRecord = {
      ...terms,
      id,
      organizationId: orgId,
      propertyId: plan.propertyId,
      interest1098: interestLastYear > 0 ? { [lastYear]: interestLastYear + (plan.form1098Difference ?? 0) } : {},
      payments: recorded,
      escrowPayments: [],
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    return [{ ...keys.loan(orgId, id), ...keys.loanByProperty(orgId, plan.propertyId, id), type: 'Loan', ...loan }];
  });
}
