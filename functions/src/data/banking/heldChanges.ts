import type { PendingCandidate } from '@rent/shared';
import { tableName } from '../client.js';
import { keys } from '../keys.js';
import type { TransactionRecord } from '../ledger/items.js';
import { prefixQuery, queryAll } from '../query.js';
import { type TransactOp, transact } from '../transact.js';

/**
 * Bank changes held back by a closed period (docs/banking.md "Closed periods and the bank"): what the bank
 * would have changed on a closed transaction, kept as `ORG#o / BANKHELD#t` (one per transaction: a later change
 * of the same one replaces it, as the bank's latest word) until the period is reopened, then replayed.
 */
export interface HeldBankChange {
  transactionId: string;
  institutionId: string;
  /** modify: the bank changed fields (`fields`, with the items that go with them); remove: the bank removed it. */
  kind: 'modify' | 'remove';
  fields: Partial<TransactionRecord>;
  extras: { pointers: string[]; pendingPut: PendingCandidate | null; pendingDelete: boolean } | null;
  /** remove: the Plaid ids that become tombstones. */
  plaidIds: string[];
  /** The transaction's version when held: a removal replays as a deletion only if nobody changed it since. */
  baseVersion: number;
  /** The dates that keep it held while any is in the closed period: the record's and the bank's new one. */
  dates: string[];
  heldAt: string;
}

export const heldBankChangeDeleteOp = (orgId: string, transactionId: string): TransactOp => ({
  item: { Delete: { TableName: tableName(), Key: keys.heldBankChange(orgId, transactionId) } },
});

/** Keeps these held changes (Puts: holding the same change again writes the same item). */
export async function holdBankChanges(orgId: string, held: HeldBankChange[]): Promise<void> {
  for (let i = 0; i < held.length; i += 25) {
    await transact(
      held.slice(i, i + 25).map((change) => ({
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...keys.heldBankChange(orgId, change.transactionId), type: 'HeldBankChange', ...change },
          },
        },
      })),
    );
  }
}

/** The organization's held bank changes (usually none: one Query that reads nothing). */
export async function listHeldBankChanges(orgId: string): Promise<HeldBankChange[]> {
  const prefix = keys.heldBankChangesPrefix(orgId);
  const items = await queryAll(prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ConsistentRead: true }));
  return items.map(({ PK: _pk, SK: _sk, type: _type, ...rest }) => rest as unknown as HeldBankChange);
}

export async function dropHeldBankChange(orgId: string, transactionId: string): Promise<void> {
  await transact([heldBankChangeDeleteOp(orgId, transactionId)]);
}
