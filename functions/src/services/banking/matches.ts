import { bankPendingDeleteOp, bankPointerPutOp } from '../../data/banking/bankTransactions.js';
import { type TransactionRecord, withBankAmount } from '../../data/ledger/items.js';
import { type LedgerChange, writeLedger } from '../../data/ledger/plan.js';
import { getTransaction, readTransactions } from '../../data/ledger/read.js';
import { deleteActivity } from '../../data/ledger/reviews.js';
import { Conflict } from '../../domain-errors.js';
import { type LedgerCaller, personActor } from '../ledger/actors.js';
import { assertPeriodOpen } from '../ledger/periods.js';

/**
 * A suggested match (bank sync: a posted charge that may be a pending one with a tip). Accepting merges
 * the posted one into the older record, which keeps everything people attached; dismissing keeps both.
 */
const NO_SUGGESTION = 'This transaction has no suggested match (it may have been resolved already).';
const POSTED_HAS_DATA =
  'The posted transaction has its own notes, receipts, messages or review requests. Move them to the other one first, or dismiss the suggestion.';
const MERGE_STALE =
  'One of these transactions was changed (or something was attached to it) meanwhile. Reload and try again.';

const isOlder = (t: TransactionRecord) => t.pending === true || t.removedByBank === true;

export async function resolveMergeSuggestion(
  caller: LedgerCaller,
  transactionId: string,
  accept: boolean,
): Promise<TransactionRecord> {
  const orgId = caller.orgId;
  const actor = personActor(caller);
  const self = await getTransaction(orgId, transactionId);
  if (!self.suggestedMatchId) {
    await assertPeriodOpen(orgId, [self.date], actor);
    throw new Conflict('NO_SUGGESTION', NO_SUGGESTION);
  }
  const other = (await readTransactions(orgId, [self.suggestedMatchId])).get(self.suggestedMatchId) ?? null;
  // Every record the answer writes has its date checked, whichever of them the request names. A pending line counts
  // in no total: merged, it is judged by the date it takes, the posted one's.
  const merging = accept && other !== null;
  const written = accept && other ? [self, other] : [self, ...(other?.suggestedMatchId === self.id ? [other] : [])];
  await assertPeriodOpen(
    orgId,
    written.filter((t) => !(merging && t.pending && !t.reconciled)).map((t) => t.date),
    actor,
  );
  const now = new Date().toISOString();
  const cleared = (t: TransactionRecord): TransactionRecord => ({
    ...t,
    suggestedMatchId: null,
    updatedAt: now,
    version: t.version + 1,
  });
  if (!accept || !other) {
    const changes: [TransactionRecord, TransactionRecord][] = [[self, cleared(self)]];
    if (other?.suggestedMatchId === self.id) changes.push([other, cleared(other)]);
    await writeLedger(orgId, changes, { actor, atomic: true });
    return cleared(self);
  }
  const [older, posted] = isOlder(self) ? [self, other] : [other, self];
  if (!isOlder(older) || isOlder(posted)) throw new Conflict('NO_SUGGESTION', NO_SUGGESTION);
  if (posted.notes || posted.receiptCount > 0 || posted.hasOpenReviewRequests || posted.hasReviewHistory) {
    throw new Conflict('MERGE_HAS_DATA', POSTED_HAS_DATA);
  }
  const takesCategory = older.category === null && posted.category !== null;
  const merged: TransactionRecord = {
    ...withBankAmount(older, posted.amount),
    date: posted.date,
    name: posted.name,
    pending: false,
    externalId: posted.externalId,
    plaidTransactionId: posted.plaidTransactionId,
    pendingTransactionId: older.externalId,
    suggestedMatchId: null,
    // Its date, amount and name are now the posted line's: what the bank said of them is the posted line's too.
    ...((older.bankSaid || posted.bankSaid) && { bankSaid: posted.bankSaid ?? null }),
    ...(older.removedByBank && { removedByBank: false, isIgnored: false }),
    ...(takesCategory && {
      category: posted.category,
      categorizationSource: posted.categorizationSource,
      categorizationConfidence: posted.categorizationConfidence,
      categorizedAt: posted.categorizedAt,
      categorizedByRuleId: posted.categorizedByRuleId ?? null,
    }),
    updatedAt: now,
    version: older.version + 1,
  };
  // The older record becomes the posted one, the duplicate goes, and the posted Plaid id points at the older
  // record, in ONE write; the duplicate must still be as read with nothing attached, else 409.
  await writeLedger(
    orgId,
    [
      [older, merged],
      [posted, null],
    ],
    {
      actor,
      atomic: true,
      deletes: 'untouched',
      onStale: () => new Conflict('CONFLICT', MERGE_STALE),
      extraOps: ([, after]: LedgerChange) =>
        after
          ? older.pending
            ? [bankPendingDeleteOp(orgId, older.id)]
            : []
          : posted.plaidTransactionId
            ? [bankPointerPutOp(orgId, posted.plaidTransactionId, older.id, { replace: true })]
            : [],
    },
  );
  await deleteActivity(orgId, posted.id); // the merged-away duplicate's audit entries go with it
  return merged;
}
