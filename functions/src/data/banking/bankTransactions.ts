import { createHash } from 'node:crypto';
import type { PendingCandidate } from '@rent/shared';
import { batchGet } from '../batchGet.js';
import { tableName } from '../client.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';
import { StaleRead, type TransactOp } from '../transact.js';

/**
 * Bank transactions by their Plaid id (docs/banking.md "Bank sync"):
 *  - a new bank transaction's id is derived from the organization and its Plaid id (bankTransactionId), and
 *    its Put is conditioned on attribute_not_exists: it arrives exactly once, with no extra item;
 *  - the pointer `ORG#o / EXTID#plaid#<transaction_id>` -> our transaction id where a Plaid id names ANOTHER
 *    record: a posted transaction that took over its pending one (Put with attribute_not_exists in the same
 *    TransactWriteItems), and a removal's tombstone (`removed`), so replaying an older "added" never brings
 *    it back;
 *  - `ORG#o / BANKPEND#t` for each pending transaction (account, amount, date, merchant): what a posted
 *    one without pending_transaction_id is matched against, written and deleted with the transaction.
 */

export interface BankPointer {
  transactionId: string;
  removed: boolean;
}

/** Our transaction id for a Plaid transaction: deterministic, so even two racing syncs insert it once. */
export function bankTransactionId(orgId: string, plaidTransactionId: string): string {
  const hex = createHash('sha256').update(`${orgId}\u0000plaid\u0000${plaidTransactionId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The pointers of these Plaid ids that exist (consistent BatchGets of 100, in parallel). */
export async function readBankPointers(orgId: string, plaidIds: Iterable<string>): Promise<Map<string, BankPointer>> {
  const items = await batchGet(
    [...plaidIds].map((id) => keys.bankTransactionPointer(orgId, id)),
    { concurrency: 8 },
  );
  const found = new Map<string, BankPointer>();
  for (const item of items) {
    found.set(item.plaidTransactionId as string, {
      transactionId: item.transactionId as string,
      removed: item.removed === true,
    });
  }
  return found;
}

/** The organization's pending bank transactions (a handful: they post within days). */
export async function listPendingBankTransactions(orgId: string): Promise<PendingCandidate[]> {
  const k = keys.bankPendingPrefix(orgId);
  const items = await queryAll(prefixQuery(tableName(), k.PK, k.SKPrefix, { ConsistentRead: true }));
  return items.map((item) => ({
    id: item.transactionId as string,
    bankAccountId: (item.bankAccountId as string | null) ?? null,
    amount: item.amount as number,
    date: item.date as string,
    merchantKey: (item.merchantKey as string) ?? '',
  }));
}

/**
 * The pointer of a Plaid id to a transaction: refused (StaleRead) if the id already points somewhere, or, with
 * `replace`, moved to it (a merge: the posted Plaid id now names the record that took it over).
 */
export function bankPointerPutOp(
  orgId: string,
  plaidTransactionId: string,
  transactionId: string,
  { replace = false, removed = false } = {},
): TransactOp {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.bankTransactionPointer(orgId, plaidTransactionId),
          type: 'BankTransactionPointer',
          plaidTransactionId,
          transactionId,
          ...(removed && { removed: true }),
        },
        ...(!replace && { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    },
    ...(!replace && { onConditionFailure: () => new StaleRead() }),
  };
}

export function bankPendingPutOp(orgId: string, candidate: PendingCandidate): TransactOp {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.bankPending(orgId, candidate.id),
          type: 'BankPending',
          transactionId: candidate.id,
          bankAccountId: candidate.bankAccountId,
          amount: candidate.amount,
          date: candidate.date,
          merchantKey: candidate.merchantKey,
        },
      },
    },
  };
}

export function bankPendingDeleteOp(orgId: string, transactionId: string): TransactOp {
  return { item: { Delete: { TableName: tableName(), Key: keys.bankPending(orgId, transactionId) } } };
}

/** A tombstone: the transaction this Plaid id named was deleted because the bank removed it. */
export const tombstoneOp = (orgId: string, plaidTransactionId: string, transactionId: string): TransactOp =>
  bankPointerPutOp(orgId, plaidTransactionId, transactionId, { replace: true, removed: true });
