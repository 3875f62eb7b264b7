import {
  type AmortizationRow,
  balanceAfter,
  type EscrowPaymentInput,
  escrowBillName,
  escrowOf,
  escrowPaymentParts,
  form1098Flag,
  formatRatePercent,
  fromCents,
  interestPaidInYear,
  type Loan,
  type LoanDetail,
  type LoanInput,
  type LoanPaymentInput,
  type LoanPaymentPreview,
  type LoanUpdate,
  loanPaymentParts,
  loanSchedule,
  mortgageInterestOf,
  principalAndInterest,
  scheduledMonthlyPayment,
} from '@rent/shared';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { readTransactions } from '../../data/ledger/read.js';
import {
  deleteLoan,
  getLoan,
  type LoanRecord,
  type LoanTermsRecord,
  loansOfProperty,
  putNewLoan,
  recordEscrowPaymentOp,
  recordLoanPayment,
  updateLoanTerms,
} from '../../data/loans/loans.js';
import { getProperty } from '../../data/tenancy/properties.js';
import { Conflict, Invalid } from '../../domain-errors.js';
import { todayOf } from '../../lib/today.js';
import type { LedgerCaller } from '../ledger/actors.js';
import { enterSplitTransaction, splitTransaction } from '../ledger/splits.js';
import { getTransaction } from '../ledger/transactions.js';

/**
 * Mortgage loans of a property (docs/reports-and-tax.md "Loans"): staff list, read and add them and split payments by
 * them; ADMIN and LANDLORD change and delete them (the routes' roles). Another organization's property or loan is a
 * 404 (every read is by the caller's organization). A payment to the lender is split through the ledger's one door
 * (splitTransaction: version, closed period and the write plan are its), by the schedule row of its month
 * (shared/src/core/loans.ts), and then recorded on the loan, which is what its interest per the ledger is read from.
 */

export async function listLoans(caller: LedgerCaller, propertyId: string): Promise<{ loans: Loan[] }> {
  // The property is read beside its loans (another organization's is a 404): one round trip, not two.
  const [, loans] = await Promise.all([
    getProperty(caller.orgId, propertyId),
    loansOfProperty(caller.orgId, propertyId),
  ]);
  const now = todayOf(caller);
  return { loans: loans.map((loan) => loanToApi(loan, now)) };
}

export async function createLoan(caller: LedgerCaller, propertyId: string, input: LoanInput): Promise<{ loan: Loan }> {
  await getProperty(caller.orgId, propertyId);
  return { loan: loanToApi(await putNewLoan(caller.orgId, propertyId, termsOf(input)), todayOf(caller)) };
}

/**
 * The loan, every row of its schedule, the year's interest by the schedule, the ledger and the Form 1098, and its
 * escrow by the ledger: every transaction recorded on the loan is read as it is now, so a split changed by hand counts
 * as changed and an ignored or pending one (like everywhere else) not at all.
 */
export async function loanDetail(caller: LedgerCaller, loanId: string, year?: number): Promise<LoanDetail> {
  const loan = await getLoan(caller.orgId, loanId);
  const now = todayOf(caller);
  const schedule = loanSchedule(loan);
  const shownYear = year ?? Number(now.slice(0, 4));
  const yearPrefix = `${shownYear}-`;
  const read = await readTransactions(caller.orgId, [...Object.keys(loan.payments), ...loan.escrowPayments]);
  const counted = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const t = read.get(id);
      return t && !t.isIgnored && !t.pending ? [t] : [];
    });
  const payments = counted(Object.keys(loan.payments));
  const billsPaid = counted(loan.escrowPayments);
  const inYear = (t: TransactionRecord) => t.date.startsWith(yearPrefix);
  const sum = (ts: TransactionRecord[], of: (t: TransactionRecord) => number) => ts.reduce((n, t) => n + of(t), 0);
  const byLedger = sum(payments.filter(inYear), mortgageInterestOf);
  const upToYearEnd = (t: TransactionRecord) => t.date <= `${shownYear}-12-31`;
  const held = sum([...payments, ...billsPaid].filter(upToYearEnd), escrowOf);
  const form1098 = loan.interest1098[String(shownYear)] ?? null;
  return {
    loan: loanToApi(loan, now, schedule),
    schedule: schedule.map(rowToApi),
    interest: {
      year: shownYear,
      bySchedule: fromCents(interestPaidInYear(schedule, shownYear)),
      byLedger: fromCents(byLedger),
      form1098: form1098 === null ? null : fromCents(form1098),
      flag: form1098Flag(form1098, byLedger),
    },
    escrow: {
      year: shownYear,
      paidIn: fromCents(sum(payments.filter(inYear), escrowOf)),
      paidOut: fromCents(-sum(billsPaid.filter(inYear), escrowOf)),
      held: fromCents(held),
      note: held < 0 ? ESCROW_OVERDRAWN : null,
      // The year's bills that count, as the ledger has them now (a part changed by hand shows as changed).
      payments: billsPaid
        .filter((t) => inYear(t) && escrowOf(t) !== 0)
        .map((t) => ({ transactionId: t.id, date: t.date, name: t.name, amount: fromCents(-escrowOf(t)) }))
        .sort((a, b) => b.date.localeCompare(a.date) || a.transactionId.localeCompare(b.transactionId)),
    },
    payments: Object.entries(loan.payments)
      .map(([transactionId, p]) => ({
        transactionId,
        date: p.date,
        amount: fromCents(p.amount),
        paymentNumber: p.paymentNumber,
        interest: fromCents(p.interest),
        principal: fromCents(p.principal),
        escrowTaxes: fromCents(p.escrowTaxes),
        escrowInsurance: fromCents(p.escrowInsurance),
        appliedAt: p.appliedAt,
      }))
      .sort((a, b) => b.date.localeCompare(a.date) || a.transactionId.localeCompare(b.transactionId)),
  };
}

const ESCROW_OVERDRAWN =
  'More was paid from escrow than the ledger shows paid into it: the payments split by this loan are all it counts, so escrow paid before them (or at closing) is not in it.';

/**
 * A bill the lender paid from the loan's escrow: a $0 transaction on the loan's property, its expense and the escrow
 * it came from (shared/src/core/loans.ts escrowPaymentParts), entered through the ledger's door with its record on
 * the loan in the same write.
 */
export async function payFromEscrow(
  caller: LedgerCaller,
  loanId: string,
  input: EscrowPaymentInput,
): Promise<TransactionRecord> {
  const loan = await getLoan(caller.orgId, loanId);
  return enterSplitTransaction(
    caller,
    {
      date: input.date,
      name: input.name ?? escrowBillName(input.kind, loan.lender),
      amount: 0,
      parts: escrowPaymentParts(loan, input),
    },
    (record) => [recordEscrowPaymentOp(loan, record.id)],
  ).catch(async (error: unknown) => {
    // The parts name the loan's own property, so it is refused as not the organization's only when the loan and then
    // its property were deleted meanwhile: then the loan is what was not found (a 404, not a 400 naming a field).
    if (error instanceof Invalid) await getLoan(caller.orgId, loanId);
    throw error;
  });
}

/** PATCH: saved only while the loan is at `change.version` (else 409 with the loan as it is now). */
export async function updateLoan(caller: LedgerCaller, loanId: string, change: LoanUpdate): Promise<{ loan: Loan }> {
  const current = await getLoan(caller.orgId, loanId);
  const stale = (now: LoanRecord) =>
    new Conflict(
      'CONFLICT',
      'This loan was changed by someone else while you were editing. Reload it, then try again.',
      {
        current: loanToApi(now, todayOf(caller)),
      },
    );
  if (change.version !== current.version) throw stale(current);
  const terms: LoanTermsRecord = {
    lender: change.lender ?? current.lender,
    principal: change.principal ?? current.principal,
    annualRateMilliPercent: change.annualRate ?? current.annualRateMilliPercent,
    termMonths: change.termMonths ?? current.termMonths,
    firstPaymentDate: change.firstPaymentDate ?? current.firstPaymentDate,
    escrowTaxes: change.escrowTaxes ?? current.escrowTaxes,
    escrowInsurance: change.escrowInsurance ?? current.escrowInsurance,
    extraPrincipal: change.extraPrincipal ?? current.extraPrincipal,
    interest1098: change.interest1098 ?? current.interest1098,
  };
  const updated = await updateLoanTerms(current, terms).catch(async (error: unknown) => {
    throw error instanceof Conflict ? stale(await getLoan(caller.orgId, loanId)) : error;
  });
  return { loan: loanToApi(updated, todayOf(caller)) };
}

/** Deletes the loan; payments already split by it stay split (they are the ledger's). */
export async function removeLoan(caller: LedgerCaller, loanId: string): Promise<{ id: string }> {
  await deleteLoan(await getLoan(caller.orgId, loanId));
  return { id: loanId };
}

/** The parts a payment would be split into, for the person to confirm. */
export async function previewLoanPayment(
  caller: LedgerCaller,
  loanId: string,
  transactionId: string,
): Promise<LoanPaymentPreview> {
  const [loan, transaction] = await Promise.all([getLoan(caller.orgId, loanId), getTransaction(caller, transactionId)]);
  const plan = planPayment(loan, transaction);
  return {
    transactionId,
    date: transaction.date,
    amount: fromCents(transaction.amount),
    version: transaction.version,
    paymentNumber: plan.row.number,
    scheduledPayment: fromCents(plan.row.payment),
    interest: fromCents(plan.split.interest),
    principal: fromCents(plan.split.principal),
    extraPrincipal: fromCents(plan.split.extraPrincipal),
    escrowTaxes: fromCents(plan.split.escrowTaxes),
    escrowInsurance: fromCents(plan.split.escrowInsurance),
    unapplied: fromCents(plan.split.unapplied),
    parts: plan.parts.map((part) => ({ ...part, amount: fromCents(part.amount) })),
  };
}

/**
 * Splits the payment by the loan (splitTransaction: 409 on a stale version, closed periods refused there) and records
 * it on the loan. Its parts can be changed by hand afterwards like any split's.
 */
export async function applyLoanPayment(
  caller: LedgerCaller,
  loanId: string,
  input: LoanPaymentInput,
): Promise<TransactionRecord> {
  const loan = await getLoan(caller.orgId, loanId);
  const transaction = await getTransaction(caller, input.transactionId);
  const plan = planPayment(loan, transaction);
  const split = await splitTransaction(caller, input.transactionId, { version: input.version, parts: plan.parts });
  await recordLoanPayment(loan, input.transactionId, {
    date: transaction.date,
    amount: -transaction.amount,
    paymentNumber: plan.row.number,
    interest: plan.split.interest,
    principal: plan.split.principal + plan.split.extraPrincipal,
    escrowTaxes: plan.split.escrowTaxes,
    escrowInsurance: plan.split.escrowInsurance,
    appliedAt: split.updatedAt,
  });
  return split;
}

function planPayment(loan: LoanRecord, transaction: TransactionRecord) {
  const plan = loanPaymentParts(loan, loanSchedule(loan), transaction);
  if (!plan.ok) throw new Invalid(plan.message, [{ path: 'transactionId', message: plan.message }]);
  return plan;
}

function termsOf(input: LoanInput): LoanTermsRecord {
  return {
    lender: input.lender,
    principal: input.principal,
    annualRateMilliPercent: input.annualRate,
    termMonths: input.termMonths,
    firstPaymentDate: input.firstPaymentDate,
    escrowTaxes: input.escrowTaxes,
    escrowInsurance: input.escrowInsurance,
    extraPrincipal: input.extraPrincipal,
    interest1098: input.interest1098,
  };
}

function rowToApi(row: AmortizationRow) {
  return {
    number: row.number,
    date: row.date,
    payment: fromCents(row.payment),
    interest: fromCents(row.interest),
    principal: fromCents(row.principal),
    extraPrincipal: fromCents(row.extraPrincipal),
    escrow: fromCents(row.escrow),
    balanceAfter: fromCents(row.balanceAfter),
  };
}

function loanToApi(loan: LoanRecord, now: string, schedule: AmortizationRow[] = loanSchedule(loan)): Loan {
  return {
    id: loan.id,
    propertyId: loan.propertyId,
    lender: loan.lender,
    principal: fromCents(loan.principal),
    annualRate: formatRatePercent(loan.annualRateMilliPercent),
    annualRateMilliPercent: loan.annualRateMilliPercent,
    termMonths: loan.termMonths,
    firstPaymentDate: loan.firstPaymentDate,
    escrowTaxes: fromCents(loan.escrowTaxes),
    escrowInsurance: fromCents(loan.escrowInsurance),
    extraPrincipal: fromCents(loan.extraPrincipal),
    interest1098: Object.fromEntries(Object.entries(loan.interest1098).map(([y, cents]) => [y, fromCents(cents)])),
    principalAndInterest: fromCents(principalAndInterest(loan)),
    monthlyPayment: fromCents(scheduledMonthlyPayment(loan)),
    balanceToday: fromCents(balanceAfter(schedule, now)),
    interestThisYear: fromCents(interestPaidInYear(schedule, Number(now.slice(0, 4)))),
    payoffDate: schedule.at(-1)?.date ?? null,
    createdAt: loan.createdAt,
    updatedAt: loan.updatedAt,
    version: loan.version,
  };
}
