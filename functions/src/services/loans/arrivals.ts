import { inClosedPeriod, loanForPayment, loanPaymentParts, loanSchedule, mayPayLoan, splitHome } from '@rent/shared';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { writeLedger } from '../../data/ledger/plan.js';
import { readTransactions } from '../../data/ledger/read.js';
import { type LoanRecord, loansOfOrganization, recordLoanPayment } from '../../data/loans/loans.js';
import { logger } from '../../lib/logger.js';
import type { LedgerActor } from '../ledger/actors.js';
import { closedThroughFor } from '../ledger/periods.js';

/** Who splits a payment by its loan on arrival: nobody's write, recorded as matched to the loan. */
const LOAN_MATCH: LedgerActor = { actorId: null, via: 'loan_match', ref: null, override: false };

/**
 * Payments to a lender that arrived in the ledger (bank sync, file import, a transaction typed by hand) are split by
 * their loan when exactly one loan asks that amount that month (core/loans.ts `loanForPayment`; docs/reports-and-tax.md
 * "Loans"): read fresh, split through the write plan at the version read (a change meanwhile leaves it alone), then
 * recorded on the loan. Never fails the arrival: a payment left unsplit can be applied by hand. Answers how many.
 */
export async function splitLoanPaymentsOnArrival(orgId: string, arrivals: readonly TransactionRecord[]) {
  const candidates = arrivals.filter(mayPayLoan);
  if (candidates.length === 0) return 0;
  const loans = await loansOfOrganization(orgId);
  if (loans.length === 0) return 0;
  const matched = candidates.flatMap((r) => {
    const loan = loanForPayment(r, loans);
    return loan ? [{ id: r.id, loan }] : [];
  });
  if (matched.length === 0) return 0;
  const [fresh, closedThrough] = await Promise.all([
    readTransactions(
      orgId,
      matched.map((m) => m.id),
    ),
    closedThroughFor(orgId, LOAN_MATCH),
  ]);
  let made = 0;
  for (const { id, loan } of matched) {
    const current = fresh.get(id);
    if (!current || inClosedPeriod(current.date, closedThrough) || loanForPayment(current, [loan]) !== loan) continue;
    try {
      await splitByLoan(orgId, current, loan);
      made++;
    } catch (error) {
      logger.warn('loan payment not split on arrival', { error: (error as Error)?.name ?? 'Error', loanId: loan.id });
    }
  }
  return made;
}

async function splitByLoan(orgId: string, current: TransactionRecord, loan: LoanRecord) {
  const plan = loanPaymentParts(loan, loanSchedule(loan), current);
  if (!plan.ok) return;
  const now = new Date().toISOString();
  const next: TransactionRecord = {
    ...current,
    category: null,
    categorizationSource: 'rule',
    categorizedByRuleId: null,
    categorizationConfidence: null,
    categorizedAt: now,
    parts: plan.parts,
    propertyId: splitHome(plan.parts).propertyId,
    leaseId: null,
    leaseLinkSource: null,
    leaseLinkReason: null,
    updatedAt: now,
    version: current.version + 1,
  };
  const { written } = await writeLedger(orgId, [[current, next]], { actor: { ...LOAN_MATCH, ref: loan.id } });
  if (written.length === 0) return;
  await recordLoanPayment(loan, current.id, {
    date: current.date,
    amount: -current.amount,
    paymentNumber: plan.row.number,
    interest: plan.split.interest,
    principal: plan.split.principal + plan.split.extraPrincipal,
    escrowTaxes: plan.split.escrowTaxes,
    escrowInsurance: plan.split.escrowInsurance,
    appliedAt: now,
  });
}
