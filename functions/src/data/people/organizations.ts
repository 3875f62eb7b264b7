import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFound } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { scanAll } from '../query.js';
import type { OrganizationRecord } from './items.js';

export async function getOrganization(orgId: string): Promise<OrganizationRecord> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.organization(orgId) }));
  if (!Item) throw new NotFound('Organization');
  return toRecord(Item);
}

/** Renaming needs no version from the client (the product's body is just {name}); the write is still atomic. */
export async function renameOrganization(orgId: string, name: string): Promise<OrganizationRecord> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(orgId),
        ConditionExpression: 'attribute_exists(PK)',
        UpdateExpression: 'SET #name = :name, updatedAt = :now ADD version :one',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name, ':now': new Date().toISOString(), ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound('Organization');
    throw error;
  }
}

/**
 * Every organization's id. A Scan: for operator tools only (npm run rollups:rebuild -- --all); no
 * route calls it, and the route functions' IAM policies do not allow Scan.
 */
export async function allOrganizationIds(): Promise<string[]> {
  const items = await scanAll({
    TableName: tableName(),
    FilterExpression: 'SK = :org',
    ExpressionAttributeValues: { ':org': 'ORG' },
    ProjectionExpression: 'id',
  });
  return items.map((item) => item.id as string);
}

function toRecord(item: Record<string, unknown>): OrganizationRecord {
  return {
    id: item.id as string,
    name: item.name as string,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
  };
}
