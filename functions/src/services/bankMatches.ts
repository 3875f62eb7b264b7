import { writeTransactionChanges } from '../data/ledger/changes.js';
import { assertPeriodOpen } from '../data/ledger/closedPeriods.js';
import type { TransactionRecord } from '../data/ledger/items.js';
import { getTransaction, readTransactions } from '../data/ledger/read.js';
import { mergeSuggestedMatch } from '../data/repositories/bankTransactions.js';
import { deleteActivity } from '../data/repositories/reviews.js';
import { Conflict } from '../domain-errors.js';

/**
 * A suggested match (bank sync: a posted charge that may be a pending one with a tip). Accepting merges
 * the posted one into the older record, which keeps everything people attached; dismissing keeps both.
 */
const NO_SUGGESTION = 'This transaction has no suggested match (it may have been resolved already).';
const POSTED_HAS_DATA =
  'The posted transaction has its own notes, receipts, messages or review requests. Move them to the other one first, or dismiss the suggestion.';

const isOlder = (t: TransactionRecord) => t.pending === true || t.removedByBank === true;

export async function resolveMergeSuggestion(
  orgId: string,
  transactionId: string,
  accept: boolean,
): Promise<TransactionRecord> {
  const self = await getTransaction(orgId, transactionId);
  await assertPeriodOpen(orgId, [self.date]);
  if (!self.suggestedMatchId) throw new Conflict('NO_SUGGESTION', NO_SUGGESTION);
  const other = (await readTransactions(orgId, [self.suggestedMatchId])).get(self.suggestedMatchId) ?? null;
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
    await writeTransactionChanges(orgId, changes);
    return cleared(self);
  }
  const [older, posted] = isOlder(self) ? [self, other] : [other, self];
  if (!isOlder(older) || isOlder(posted)) throw new Conflict('NO_SUGGESTION', NO_SUGGESTION);
  if (posted.notes || posted.receiptCount > 0 || posted.hasOpenReviewRequests || posted.hasReviewHistory) {
    throw new Conflict('MERGE_HAS_DATA', POSTED_HAS_DATA);
  }
  const takesCategory = older.category === null && posted.category !== null;
  const merged: TransactionRecord = {
    ...older,
    amount: posted.amount,
    date: posted.date,
    name: posted.name,
    pending: false,
    externalId: posted.externalId,
    plaidTransactionId: posted.plaidTransactionId,
    pendingTransactionId: older.externalId,
    suggestedMatchId: null,
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
  await mergeSuggestedMatch(older, merged, posted);
  await deleteActivity(orgId, posted.id); // the merged-away duplicate's audit entries go with it
  return merged;
}
