import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';
import { isTransactionBusy, isTransactionConditionFailure } from './conditions.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACT_ITEMS = 100;
const MAX_ATTEMPTS = 5;

export interface TransactOp {
  item: TransactItem;
  /** What a failed condition on THIS item means (e.g. 400 "not your property"); default: the wrapper's 409. */
  onConditionFailure?: () => Error;
}

/**
 * One all-or-nothing TransactWriteItems. A failed condition becomes the error its item declares
 * (the first one, in item order). Contention with another transaction on the same item (two
 * writes to one rollup cell at once) is not a conflict of intent, so it is retried with jittered
 * backoff before the wrapper's 503 applies.
 */
export async function transact(ops: TransactOp[]): Promise<void> {
  if (ops.length === 0) return;
  if (ops.length > MAX_TRANSACT_ITEMS) throw new Error(`A transaction of ${ops.length} items exceeds DynamoDB's 100`);
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: ops.map((op) => op.item) }));
      return;
    } catch (error) {
      if (isTransactionConditionFailure(error)) {
        const reasons = error.CancellationReasons ?? [];
        for (const [i, reason] of reasons.entries()) {
          const declared = ops[i]?.onConditionFailure;
          if (reason.Code === 'ConditionalCheckFailed' && declared) throw declared();
        }
        throw error;
      }
      if (isTransactionBusy(error) && attempt < MAX_ATTEMPTS) {
        await backoff(attempt);
        continue;
      }
      throw error;
    }
  }
}

/** A short random pause before another attempt, growing with the attempt: racing writers spread out. */
export const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 10 * 2 ** Math.min(attempt, 6) * (0.5 + Math.random())));

/** How often a re-read-and-retry loop tries before it answers 409. */
export const STALE_READ_ATTEMPTS = 6;

/** Thrown by a condition that means "what we read has changed": the caller re-reads and tries again. */
export class StaleRead extends Error {
  constructor() {
    super('The item changed after it was read');
    this.name = 'StaleRead';
  }
}
