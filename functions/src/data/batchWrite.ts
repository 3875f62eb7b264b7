import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { atMostAtOnce } from '../lib/atOnce.js';

/**
 * Where a batch write goes. The repositories pass `db` and `tableName()`; the offline seed and the bench, which run
 * outside any Lambda's config, pass their own client and table.
 */
export interface BatchWriteTarget {
  client: Pick<DynamoDBDocumentClient, 'send'>;
  table: string;
}

/** One BatchWriteItem request: `{ PutRequest: { Item } }` or `{ DeleteRequest: { Key } }`. */
export type WriteRequest = Record<string, unknown>;

/**
 * Puts and deletes that need not be atomic (a rebuild's items, a rule's reference items, the offline seed), 25 per
 * BatchWriteItem and `lanes` of those at once, retrying what DynamoDB leaves unprocessed with backoff until it is
 * all written. No further call starts after one fails.
 */
export async function batchWrite(target: BatchWriteTarget, requests: WriteRequest[], lanes = 1): Promise<void> {
  const groups: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += 25) groups.push(requests.slice(i, i + 25));
  await atMostAtOnce(groups, lanes, async (group) => {
    let pending = group;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 25 * 2 ** attempt)));
      const { UnprocessedItems } = await target.client.send(
        new BatchWriteCommand({ RequestItems: { [target.table]: pending } }),
      );
      pending = (UnprocessedItems?.[target.table] ?? []) as WriteRequest[];
    }
  });
}

/** `batchWrite`'s Puts of whole items. */
export const putRequests = (items: Record<string, unknown>[]): WriteRequest[] =>
  items.map((Item) => ({ PutRequest: { Item } }));
