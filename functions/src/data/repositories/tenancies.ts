import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';

export interface TenancyRecord {
  id: string;
  organizationId: string;
  userId: string;
  propertyId: string;
  leaseStart: string;
  leaseEnd: string | null;
}

/** Ids of the properties a tenant has leased in an organization, most recent lease first. */
export async function tenantPropertyIds(orgId: string, userId: string): Promise<string[]> {
  const k = keys.tenanciesOfUserPrefix(userId);
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
      ExpressionAttributeValues: { ':pk': k.GSI1PK, ':prefix': k.GSI1SKPrefix },
      ScanIndexForward: false,
    }),
  );
  return [...new Set(Items.filter((i) => i.organizationId === orgId).map((i) => i.propertyId as string))];
}

export async function createTenancy(t: Omit<TenancyRecord, 'id'>): Promise<TenancyRecord> {
  const record = { ...t, id: randomUUID() };
  const now = new Date().toISOString();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.tenancy(t.organizationId, record.id),
        ...keys.tenancyByUser(t.userId, t.leaseStart),
        ...keys.tenancyByProperty(t.organizationId, t.propertyId, record.id),
        type: 'Tenancy',
        ...record,
        createdAt: now,
        updatedAt: now,
        version: 1,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return record;
}
