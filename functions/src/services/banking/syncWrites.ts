import {
  bankPendingDeleteOp,
  bankPendingPutOp,
  bankPointerPutOp,
  tombstoneOp,
} from '../../data/banking/bankTransactions.js';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { type LedgerChange, writeLedger } from '../../data/ledger/plan.js';
import { readTransactions } from '../../data/ledger/read.js';
import { deleteActivity } from '../../data/ledger/reviews.js';
import type { TransactOp } from '../../data/transact.js';
import { bankActor } from '../ledger/actors.js';
import { releasePartnersAfter } from '../ledger/transfers.js';
import type { PlanExtras } from './syncPlan.js';

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
    if (await deleteRemovedBankTransaction(institutionId, record, ids)) {
      await deleteActivity(orgId, record.id); // its audit entries go with it
      continue;
    }
    const fresh = (await readTransactions(orgId, [record.id])).get(record.id);
    if (!fresh || fresh.removedByBank) continue;
    await keepRemovedByBank(orgId, institutionId, fresh);
    kept++;
  }
  // The other side of a transfer the bank removed goes back to uncategorized (docs/ledger.md "Transfers").
  await releasePartnersAfter(
    orgId,
    removals.map(({ record }): LedgerChange => [record, null]),
    bankActor(institutionId),
  );
  return kept;
}

/** A transaction the bank removed that people attached something to: kept, marked removed and ignored. */
export async function keepRemovedByBank(orgId: string, institutionId: string, fresh: TransactionRecord) {
  const next = {
    ...fresh,
    removedByBank: true,
    isIgnored: true,
    ...(fresh.transferPairId && { transferPairId: null, transferWith: null }),
    updatedAt: new Date().toISOString(),
    version: fresh.version + 1,
  };
  const pendingDelete = fresh.pending === true;
  await writeLedger(orgId, [[fresh, next]], {
    actor: bankActor(institutionId),
    atomic: true,
    extraOps: () => (pendingDelete ? [bankPendingDeleteOp(orgId, fresh.id)] : []),
  });
  // Its transfer pair ends: the other side goes back to uncategorized (docs/ledger.md "Transfers").
  if (fresh.transferPairId) await releasePartnersAfter(orgId, [[fresh, null]], bankActor(institutionId));
}

/**
 * Deletes a bank transaction the bank removed, with everything that follows from it, its pending item and its
 * pointers (as tombstones, so replaying an older "added" never brings it back) in one write: only while nobody
 * attached anything to it (no receipt, no review request or message) and it is as read. Returns false, writing
 * nothing, when that no longer holds: the caller then keeps it as removed by the bank.
 */
async function deleteRemovedBankTransaction(
  institutionId: string,
  current: TransactionRecord,
  plaidIds: string[],
): Promise<boolean> {
  const orgId = current.organizationId;
  const { refused } = await writeLedger(orgId, [[current, null]], {
    actor: bankActor(institutionId),
    deletes: 'untouched',
    isolate: true,
    extraOps: () => [
      ...(current.pending ? [bankPendingDeleteOp(orgId, current.id)] : []),
      ...plaidIds.map((id) => tombstoneOp(orgId, id, current.id)),
    ],
  });
  return refused.length === 0;
}
