import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/src/data/keys.js';
import { db, TABLE_NAME } from './db.js';

/**
 * A lease of a property to a tenant, written as the demo seed writes it (infra/local/seed.ts), without rent
 * terms (they read as the defaults) and without the property's leaseCount: a shortcut for tests that need a
 * tenant with a home and no staff client at hand. Tests of leases themselves use the API
 * (tests/integration/leases.test.ts). Defaults to a month-to-month lease that started a month ago.
 */
export async function leaseTo(
  orgId: string,
  userId: string,
  propertyId: string,
  lease: { leaseStart?: string; leaseEnd?: string | null; monthlyRent?: number } = {},
) {
  const id = randomUUID();
  const leaseStart = lease.leaseStart ?? new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const now = new Date().toISOString();
  await db().send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.tenancy(orgId, id),
        ...keys.tenancyByUser(userId, leaseStart),
        ...keys.tenancyByProperty(orgId, propertyId, id),
        type: 'Tenancy',
        id,
        organizationId: orgId,
        userId,
        propertyId,
        leaseStart,
        leaseEnd: lease.leaseEnd ?? null,
        ...(lease.monthlyRent !== undefined && { monthlyRent: lease.monthlyRent }),
        createdAt: now,
        updatedAt: now,
        version: 1,
      },
    }),
  );
  return id;
}
