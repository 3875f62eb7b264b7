import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client.js';

/**
 * Puts and deletes that need not be atomic (a rebuild's items, a rule's reference items), 25 per BatchWriteItem,
 * retrying what DynamoDB leaves unprocessed with backoff until it is all written.
 */
export async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 25 * 2 ** attempt)));
      const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  }
}
