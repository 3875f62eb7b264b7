import { writeTransactionChanges } from '../data/ledger/changes.js';
import type { TransactionRecord } from '../data/ledger/items.js';
import { readTransactions } from '../data/ledger/read.js';
import {
  bankPendingDeleteOp,
  bankPendingPutOp,
  bankPointerPutOp,
  deleteRemovedBankTransaction,
} from '../data/repositories/bankTransactions.js';
import { deleteActivity } from '../data/repositories/reviews.js';
import type { TransactOp } from '../data/transact.js';
import type { PlanExtras } from './bankSyncPlan.js';

/** The writes a planned bank change brings besides the transaction: used by a sync and by a held change's replay. */

/** The items that go with a planned bank change of transaction `id`: its pointers, its pending entry. */
export function planExtrasOps(orgId: string, id: string, extras: PlanExtras | null | undefined): TransactOp[] {
  if (!extras) return [];
  return [
    ...extras.pointers.map((plaidId) => bankPointerPutOp(orgId, plaidId, id)),
    ...(extras.pendingPut ? [bankPendingPutOp(orgId, extras.pendingPut)] : []),
    ...(extras.pendingDelete ? [bankPendingDeleteOp(orgId, id)] : []),
  ];
}

/**
 * Removals by the bank of transactions with nothing attached: deleted (their Plaid ids kept as tombstones),
 * unless something was attached meanwhile (a message, a receipt): then kept, removed by the bank and ignored.
 * Returns how many were kept.
 */
export async function applyBankRemovals(
  orgId: string,
  institutionId: string,
  removals: { record: TransactionRecord; plaidIds: string[] }[],
): Promise<number> {
  let kept = 0;
  for (const { record, plaidIds: ids } of removals) {
    if (await deleteRemovedBankTransaction(record, ids)) {
      await deleteActivity(orgId, record.id); // its audit entries go with it
      continue;
    }
    const fresh = (await readTransactions(orgId, [record.id])).get(record.id);
    if (!fresh || fresh.removedByBank) continue;
    await keepRemovedByBank(orgId, institutionId, fresh);
    kept++;
  }
  return kept;
}

/** A transaction the bank removed that people attached something to: kept, marked removed and ignored. */
export async function keepRemovedByBank(orgId: string, institutionId: string, fresh: TransactionRecord) {
  const next = { ...fresh, removedByBank: true, isIgnored: true, version: fresh.version + 1 };
  const pendingDelete = fresh.pending === true;
  await writeTransactionChanges(orgId, [[fresh, next]], {
    extraOps: () => (pendingDelete ? [bankPendingDeleteOp(orgId, fresh.id)] : []),
    audit: { actorId: null, via: 'bank_sync', ref: institutionId },
  });
}
