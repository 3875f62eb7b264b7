import { NotFound } from '../../domain-errors.js';
import { batchGet, readOne } from '../batchGet.js';
import { keys } from '../keys.js';
import { type TransactionRecord, toTransactionRecord } from './items.js';

export async function getTransaction(orgId: string, transactionId: string): Promise<TransactionRecord> {
  const item = await readOne(keys.transaction(orgId, transactionId));
  if (item?.type !== 'Transaction') throw new NotFound('Transaction');
  return toTransactionRecord(item);
}

/**
 * What re-categorizing a transaction reads and writes: its categorization, what its rollups and match
 * row depend on, and its index keys' inputs. A record read this way is only for computing a change
 * (updateOp writes only the fields that differ); it must never be returned to a client.
 */
const CATEGORIZATION_VIEW = [
  'type',
  'id',
  'organizationId',
  'version',
  'date',
  'createdAt',
  'amount',
  'name',
  'notes', // a tenant's name in the memo links rent to their lease
  'category',
  'isIgnored',
  'pending',
  'propertyId',
  'categorizationSource',
  'categorizationConfidence',
  'categorizedAt',
  'categorizedByRuleId',
  'categorizationBatchId',
  'leaseId', // the lease rent rollups follow it
  // The rollups' receipt counter and the write's condition read it: without it, a transaction with a receipt
  // could never be re-categorized by a rule.
  'hasReceipt',
  'leaseLinkSource',
  'leaseLinkReason',
  // A split's parts are what its rollups count: a change computed without them would count it as one line.
  'parts',
  'splitReviewFrom',
  // A transfer pair is left out of rule applies (docs/ledger.md "Transfers").
  'transferPairId',
];
export const categorizationProjection = {
  ProjectionExpression: CATEGORIZATION_VIEW.map((_, i) => `#p${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(CATEGORIZATION_VIEW.map((name, i) => [`#p${i}`, name])),
};

/**
 * Consistent reads of many transactions (BatchGetItem, 100 keys a call, `concurrency` calls at once);
 * missing ones are absent from the map.
 */
export async function readTransactions(
  orgId: string,
  ids: readonly string[],
  concurrency = 8,
  view: 'full' | 'categorization' = 'full',
): Promise<Map<string, TransactionRecord>> {
  const items = await batchGet(
    ids.map((id) => keys.transaction(orgId, id)),
    { concurrency, ...(view === 'categorization' && { projection: categorizationProjection }) },
  );
  const found = new Map<string, TransactionRecord>();
  for (const item of items) if (item.type === 'Transaction') found.set(item.id as string, toTransactionRecord(item));
  return found;
}

/** Rounds of a long list of transactions, each read while the caller writes the round before it. */
export interface TransactionRounds {
  /** The next round's ids and what was found of them (as readTransactions), or null after the last. */
  next(): Promise<{ ids: string[]; found: Map<string, TransactionRecord> } | null>;
  /** How many ids are in the rounds not taken yet. */
  left(): number;
}

/**
 * `ids` in rounds of `size`, read with readTransactions: taking a round starts the read of the one after it, so a
 * writer's reads overlap its writes, and a writer that stops (out of time) has read only what it wrote and one
 * round more, not every id it was given.
 */
export function readTransactionRounds(
  orgId: string,
  ids: readonly string[],
  size: number,
  view: 'full' | 'categorization' = 'full',
): TransactionRounds {
  const rounds: string[][] = [];
  for (let i = 0; i < ids.length; i += size) rounds.push(ids.slice(i, i + size));
  let taken = 0;
  let ahead: Promise<Map<string, TransactionRecord>> | null = null;
  const start = (round: string[]) => {
    const read = readTransactions(orgId, round, 8, view);
    read.catch(() => undefined); // a round read ahead and never taken must not be an unhandled rejection
    return read;
  };
  return {
    async next() {
      const round = rounds[taken];
      if (!round) return null;
      taken++;
      const found = await (ahead ?? start(round));
      const following = rounds[taken];
      ahead = following ? start(following) : null;
      return { ids: round, found };
    },
    left: () => rounds.slice(taken).reduce((n, round) => n + round.length, 0),
  };
}
