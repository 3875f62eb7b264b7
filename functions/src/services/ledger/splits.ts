import { randomUUID } from 'node:crypto';
import {
  type Cents,
  formatCurrency,
  leaseMisfit,
  partProperties,
  SPLIT_PROPERTIES_MAX,
  type SplitPart,
  splitHome,
  splitRemainder,
  type TransactionSplit,
  type TransactionUnsplit,
} from '@rent/shared';
import { newTransaction, type TransactionRecord } from '../../data/ledger/items.js';
import { writeLedger } from '../../data/ledger/plan.js';
import { getTransaction as readTransaction } from '../../data/ledger/read.js';
import type { TransactOp } from '../../data/transact.js';
import { Conflict, Invalid, NotFound } from '../../domain-errors.js';
import { type LedgerCaller, personActor } from './actors.js';
import { categorizedByHand } from './categorize.js';
import { type LeaseBook, leaseBook, link, MISFIT_MESSAGES } from './leaseLinks.js';
import { assertPeriodOpen } from './periods.js';

/**
 * Split transactions (docs/ledger.md "Split transactions"), part of the one door to the ledger: a person splits a
 * transaction into parts, changes the parts, or makes it one line again. The bank line itself (amount, date,
 * source, bank identity) never changes; the write plan counts each part in its own property's rollups.
 */

const STALE =
  'This transaction was changed by someone else while you were editing. Reload it to see their changes, then try again.';
const stale = () => new Conflict('CONFLICT', STALE);

export const splitAmountFixed = () =>
  new Invalid(
    'This transaction is split: its parts must add up to its amount. Change the parts, or unsplit it first.',
    [
      {
        path: 'amount',
        message: 'This transaction is split: change its parts, or unsplit it, before changing the amount',
      },
    ],
  );

/** The parts must add up to the transaction to the cent: the message names the difference. */
function assertAddsUp(amount: number, parts: readonly SplitPart[]) {
  const remainder = splitRemainder(amount, parts);
  if (remainder === 0) return;
  const total = amount - remainder;
  const what = remainder > 0 === amount >= 0 ? 'left to assign' : 'too much';
  const message = `The parts add up to ${formatCurrency(total, 2)}, but the transaction is ${formatCurrency(amount, 2)}: ${formatCurrency(Math.abs(remainder), 2)} ${what}.`;
  throw new Invalid(message, [{ path: 'parts', message }]);
}

/** The parts add up to the amount and spread over no more properties than a split may. */
function assertPartsFit(amount: Cents, parts: readonly SplitPart[]) {
  assertAddsUp(amount, parts);
  if (partProperties(parts).length > SPLIT_PROPERTIES_MAX) {
    const message = `A split can spread over at most ${SPLIT_PROPERTIES_MAX} properties (no property counts as one).`;
    throw new Invalid(message, [{ path: 'parts', message }]);
  }
}

/**
 * Each part's lease must be the organization's (else 404) and fit the part as it would a whole transaction: income
 * on the lease's property in a month the lease runs in (else 400 naming the part).
 */
export function assertPartLeases(book: LeaseBook, parts: readonly SplitPart[], date: string) {
  parts.forEach((part, i) => {
    if (part.leaseId === null) return;
    const lease = book.byId(part.leaseId);
    if (!lease) throw new NotFound('Lease');
    const misfit = leaseMisfit({ ...part, date }, lease);
    if (misfit)
      throw new Invalid(`Part ${i + 1}: ${MISFIT_MESSAGES[misfit]}.`, [
        { path: `parts.${i}.leaseId`, message: MISFIT_MESSAGES[misfit] },
      ]);
  });
}

/** PUT split: the parts replace the transaction's category, property and lease (or an earlier split's parts). */
export async function splitTransaction(
  caller: LedgerCaller,
  transactionId: string,
  input: TransactionSplit,
): Promise<TransactionRecord> {
  const actor = personActor(caller);
  const current = await readTransaction(caller.orgId, transactionId);
  if (current.version !== input.version) throw stale();
  await assertPeriodOpen(caller.orgId, [current.date], actor);
  if (current.transferPairId) {
    throw new Invalid('This transaction is paired as a transfer. Unpair it before splitting it.');
  }
  const parts: SplitPart[] = input.parts;
  assertPartsFit(current.amount, parts);
  assertPartLeases(await leaseBook(caller.orgId), parts, current.date);
  const now = new Date().toISOString();
  const next: TransactionRecord = {
    ...current,
    ...categorizedByHand(current, null, now),
    // Chosen by hand, part by part: no rule may categorize it again, nor a rule batch's undo put it back.
    categorizationSource: 'manual',
    categorizedByRuleId: null,
    categorizationBatchId: null,
    parts,
    propertyId: splitHome(parts).propertyId,
    leaseId: null,
    leaseLinkSource: null,
    leaseLinkReason: null,
    splitReviewFrom: null,
    updatedAt: now,
    version: current.version + 1,
  };
  await writeLedger(caller.orgId, [[current, next]], { actor, atomic: true, onStale: stale });
  return next;
}

/**
 * A transaction a service enters in parts from the start (a bill a lender paid from escrow): checked as a split is, in
 * an open period, and written with its audit entry and rollups and the service's own record of it (`alongside`) in one
 * TransactWriteItems, so neither is ever written without the other. Its parts name no lease.
 */
export async function enterSplitTransaction(
  caller: LedgerCaller,
  entry: { date: string; name: string; amount: Cents; parts: SplitPart[] },
  alongside: (record: TransactionRecord) => TransactOp[],
): Promise<TransactionRecord> {
  const actor = personActor(caller);
  await assertPeriodOpen(caller.orgId, [entry.date], actor);
  assertPartsFit(entry.amount, entry.parts);
  const now = new Date().toISOString();
  const record = newTransaction({
    id: randomUUID(),
    userId: caller.userId,
    organizationId: caller.orgId,
    amount: entry.amount,
    date: entry.date,
    name: entry.name,
    source: 'user_created',
    createdAt: now,
    categorizationSource: 'manual',
    categorizedAt: now,
    parts: entry.parts.map((part) => ({ ...part, leaseId: null })),
    propertyId: splitHome(entry.parts).propertyId,
  });
  await writeLedger(caller.orgId, [[null, record]], { actor, atomic: true, extraOps: () => alongside(record) });
  return record;
}

/** Unsplit: one category and property again for the whole amount (the lease is decided as for any edit). */
export async function unsplitTransaction(
  caller: LedgerCaller,
  transactionId: string,
  input: TransactionUnsplit,
): Promise<TransactionRecord> {
  const actor = personActor(caller);
  const current = await readTransaction(caller.orgId, transactionId);
  if (current.version !== input.version) throw stale();
  if (!current.parts) return current;
  await assertPeriodOpen(caller.orgId, [current.date], actor);
  const now = new Date().toISOString();
  const whole: TransactionRecord = {
    ...current,
    parts: null,
    splitReviewFrom: null,
    category: null,
    ...categorizedByHand({ ...current, category: null }, input.category, now),
    // A person's unsplit: a rule batch's undo no longer puts back what the batch did.
    categorizedByRuleId: null,
    categorizationBatchId: null,
    propertyId: input.propertyId,
    updatedAt: now,
    version: current.version + 1,
  };
  const next = link(await leaseBook(caller.orgId), whole);
  await writeLedger(caller.orgId, [[current, next]], { actor, atomic: true, onStale: stale });
  return next;
}
