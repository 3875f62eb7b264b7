import { tableName } from '../client.js';
import { keys } from '../keys.js';
import { queryAll } from '../query.js';

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
  const Items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
    ExpressionAttributeValues: { ':pk': k.GSI1PK, ':prefix': k.GSI1SKPrefix },
    ScanIndexForward: false,
  });
  return [...new Set(Items.filter((i) => i.organizationId === orgId).map((i) => i.propertyId as string))];
}

/**
 * Ids of the properties a tenant rents on `today` (YYYY-MM-DD): leases that have started and not ended
 * (no end date is month-to-month), most recent lease first.
 */
export async function activeTenantPropertyIds(orgId: string, userId: string, today: string): Promise<string[]> {
  const k = keys.tenanciesOfUserPrefix(userId);
  const Items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
    ExpressionAttributeValues: { ':pk': k.GSI1PK, ':prefix': k.GSI1SKPrefix },
    ScanIndexForward: false,
  });
  const active = Items.filter(
    (i) =>
      i.organizationId === orgId &&
      typeof i.leaseStart === 'string' &&
      i.leaseStart <= today &&
      (i.leaseEnd == null || (typeof i.leaseEnd === 'string' && i.leaseEnd >= today)),
  );
  return [...new Set(active.map((i) => i.propertyId as string))];
}
