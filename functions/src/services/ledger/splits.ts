import {
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
import type { TransactionRecord } from '../../data/ledger/items.js';
import { writeLedger } from '../../data/ledger/plan.js';
import { getTransaction as readTransaction } from '../../data/ledger/read.js';
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
  assertAddsUp(current.amount, parts);
  if (partProperties(parts).length > SPLIT_PROPERTIES_MAX) {
    const message = `A split can spread over at most ${SPLIT_PROPERTIES_MAX} properties (no property counts as one).`;
    throw new Invalid(message, [{ path: 'parts', message }]);
  }
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
