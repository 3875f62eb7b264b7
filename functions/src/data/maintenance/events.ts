import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MaintenanceEvent } from '@rent/shared';
import { NotFound } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';
import { type TransactOp, transact } from '../transact.js';
import { withDeletedAuthors } from './erasure.js';

/**
 * A request's activity (docs/tenants-and-maintenance.md "Activity and counts"): reported, status changes, assignments
 * and comments, each an item `ORG#o / MAINTACT#m#at#e`, written in the same TransactWriteItems as the change it
 * records.
 */
export interface MaintenanceEventRecord {
  id: string;
  organizationId: string;
  requestId: string;
  kind: MaintenanceEvent['kind'];
  authorId: string;
  authorName: string | null;
  authorEmail: string | null;
  from: string | null;
  to: string | null;
  body: string | null;
  createdAt: string;
}

export interface Actor {
  userId: string;
  name: string | null;
  email: string | null;
}

export function newEvent(
  orgId: string,
  requestId: string,
  actor: Actor,
  event: Pick<MaintenanceEventRecord, 'kind'> & Partial<Pick<MaintenanceEventRecord, 'from' | 'to' | 'body'>>,
  at: Date,
): MaintenanceEventRecord {
  return {
    id: randomUUID(),
    organizationId: orgId,
    requestId,
    kind: event.kind,
    authorId: actor.userId,
    authorName: actor.name,
    authorEmail: actor.email,
    from: event.from ?? null,
    to: event.to ?? null,
    body: event.body ?? null,
    createdAt: at.toISOString(),
  };
}

export function eventPutOp(e: MaintenanceEventRecord): TransactOp {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.maintenanceEvent(e.organizationId, e.requestId, e.createdAt, e.id),
          type: 'MaintenanceEvent',
          ...e,
        },
      },
    },
  };
}

/** A comment, written only while its request exists (a request deleted at the same moment: 404). */
export async function addComment(e: MaintenanceEventRecord): Promise<void> {
  await transact([
    {
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.maintenance(e.organizationId, e.requestId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      onConditionFailure: () => new NotFound('Maintenance request'),
    },
    eventPutOp(e),
  ]);
}

/** A request's activity, oldest first (a deleted account's events name "A deleted account"). */
export async function listEvents(orgId: string, requestId: string): Promise<MaintenanceEventRecord[]> {
  const k = keys.maintenanceEvents(orgId, requestId);
  const items = await queryAll(prefixQuery(tableName(), k.PK, k.SKPrefix, { ConsistentRead: true }));
  return withDeletedAuthors(items.map(({ PK, SK, type, ...rest }) => rest as unknown as MaintenanceEventRecord));
}

/** Removes a deleted request's activity (25 items per BatchWrite, unprocessed ones retried). */
export async function deleteEventsOf(orgId: string, requestId: string): Promise<void> {
  const k = keys.maintenanceEvents(orgId, requestId);
  const items = await queryAll(
    prefixQuery(tableName(), k.PK, k.SKPrefix, { ProjectionExpression: 'PK, SK', ConsistentRead: true }),
  );
  for (let i = 0; i < items.length; i += 25) {
    let requests: Record<string, unknown>[] | undefined = items
      .slice(i, i + 25)
      .map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } }));
    for (let attempt = 0; requests?.length && attempt < 5; attempt++) {
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests as never } }));
      requests = result.UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined;
    }
  }
}

export function eventToApi(e: MaintenanceEventRecord): MaintenanceEvent {
  return {
    id: e.id,
    kind: e.kind,
    author: { id: e.authorId, name: e.authorName ?? null, email: e.authorEmail ?? null },
    from: e.from ?? null,
    to: e.to ?? null,
    body: e.body ?? null,
    createdAt: e.createdAt,
  };
}
