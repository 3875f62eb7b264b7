import { NotFound } from '../../domain-errors.js';
import { readOne } from '../batchGet.js';
import { tableName } from '../client.js';
import { keys } from '../keys.js';
import type { TransactOp } from '../transact.js';

/**
 * Repair costs of a maintenance request (docs/tenants-and-maintenance.md "Repair costs"): a transaction
 * names its request (`maintenanceRequestId`), and the request keeps the ids of the transactions that ever named
 * it (`costTransactionIds`, a string set), so its costs are one BatchGet away. The id is added in the
 * transaction's own TransactWriteItems, whose condition on the request item makes another organization's (or a
 * deleted) request a 404. Unlinking or deleting the transaction leaves the id behind on purpose (no write to a
 * request that may be gone): readers keep only the transactions that still name the request.
 */
export function maintenanceCostLinkOps(
  orgId: string,
  transactionId: string,
  from: string | null | undefined,
  to: string | null | undefined,
): TransactOp[] {
  if (!to || to === from) return [];
  return [
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.maintenance(orgId, to),
          UpdateExpression: 'ADD costTransactionIds :ids',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':ids': new Set([transactionId]) },
        },
      },
      onConditionFailure: () => new NotFound('Maintenance request'),
    },
  ];
}

/**
 * The ids of the transactions that named this request (some may have moved on or been deleted since); 404 for
 * a request that is not the organization's.
 */
export async function costTransactionIdsOf(orgId: string, requestId: string): Promise<string[]> {
  const item = await readOne(keys.maintenance(orgId, requestId));
  if (!item) throw new NotFound('Maintenance request');
  return [...((item.costTransactionIds as Set<string> | undefined) ?? [])];
}
