import { localSubFor } from '../../infra/local/demo-users.js';
import { LOCAL, type LocalStack } from '../../infra/local/stack.js';
import type { BareCall } from './load.js';
import { client } from './rules-bench.js';
import { ms } from './stats.js';

export const LEDGER_YEARS = 10;
export const AGING_LEASES = 500;
const AGING_PROPERTIES = 50;

const month = (back: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - back);
  return d.toISOString().slice(0, 7);
};
const query = (pk: string, from: string, to: string): BareCall => ({
  Query: {
    TableName: LOCAL.tableName,
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': { S: pk }, ':from': { S: from }, ':to': { S: to } },
  },
});
const prefix = (pk: string, p: string) => query(pk, p, `${p}~`);
const profiles = (userIds: string[]): BareCall[] => {
  const out: BareCall[] = [];
  for (let i = 0; i < userIds.length; i += 100) {
    out.push({
      BatchGetItem: {
        RequestItems: {
          [LOCAL.tableName]: {
            Keys: userIds.slice(i, i + 100).map((u) => ({ PK: { S: `USER#${u}` }, SK: { S: 'PROFILE' } })),
          },
        },
      },
    });
  }
  return out;
};

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const r = await res;
  if (r.status !== 201) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * A 10-year lease with its 120 months of rent paid through the API (so every payment is linked by the write path),
 * and the reads its tenant ledger makes, bare: the lease, then at once its property, its charges, the rollups since
 * it began and the tenant's profile.
 */
export async function seedTenantLedger(stack: LocalStack, owner: string, orgId: string) {
  const started = performance.now();
  const api = client(stack, owner);
  const { addMember } = await import('@rent/functions/data/people/members');
  const email = 'ledger-tenant@example.com';
  const userId = localSubFor(email);
  await addMember(orgId, { userId, email, name: 'Ten Year Tenant', image: null }, 'TENANT');
  const property = await ok(api.post('/api/properties', { address: '10 Decade Drive' }), 'property');
  const from = month(LEDGER_YEARS * 12 - 1);
  const lease = (
    await ok(
      api.post(`/api/properties/${property.id}/leases`, {
        userId,
        leaseStart: `${from}-01`,
        monthlyRent: 1400,
        lateFee: { mode: 'fixed', amount: 50 },
      }),
      'lease',
    )
  ).lease;
  for (let back = LEDGER_YEARS * 12 - 1; back >= 0; back -= 12) {
    await Promise.all(
      Array.from({ length: Math.min(12, back + 1) }, (_, i) =>
        ok(
          api.post('/api/transactions', {
            name: `Rent ${back - i}`,
            date: `${month(back - i)}-03`,
            amount: (back - i) % 13 === 0 ? 700 : 1400,
            category: 'rental_income',
            propertyId: property.id,
          }),
          'rent',
        ),
      ),
    );
  }
  console.log(`seeded a ${LEDGER_YEARS}-year lease and its rent in ${ms(performance.now() - started)}`);
  const org = `ORG#${orgId}`;
  const bare: BareCall[] = [
    { GetItem: { TableName: LOCAL.tableName, Key: { PK: { S: org }, SK: { S: `TENANCY#${lease.id}` } } } },
    {
      Parallel: [
        { GetItem: { TableName: LOCAL.tableName, Key: { PK: { S: org }, SK: { S: `PROP#${property.id}` } } } },
        prefix(org, `CHARGE#${lease.id}#`),
        query(org, `ROLLUP#${from}#`, `ROLLUP#${month(0)}#~`),
        ...profiles([userId]),
      ],
    },
  ];
  return { path: `/api/leases/${lease.id}/ledger`, bare };
}

/**
 * 500 leases (10 on each of 50 properties) running for the last 12 months, one month's rent paid on each, and the
 * reads the aging report makes, bare: the leases and the properties at once, then at once every charge, the rollups
 * since the first lease began and the tenants' profiles.
 */
export async function seedAging(stack: LocalStack, owner: string, orgId: string) {
  const started = performance.now();
  const api = client(stack, owner);
  const { addMember } = await import('@rent/functions/data/people/members');
  const from = month(11);
  const userIds: string[] = [];
  for (let p = 0; p < AGING_PROPERTIES; p++) {
    const property = await ok(api.post('/api/properties', { address: `${p + 1} Aging Avenue` }), 'property');
    await Promise.all(
      Array.from({ length: AGING_LEASES / AGING_PROPERTIES }, async (_, unit) => {
        const email = `aging-${p}-${unit}@example.com`;
        const userId = localSubFor(email);
        userIds.push(userId);
        await addMember(orgId, { userId, email, name: `Aging ${p}-${unit}`, image: null }, 'TENANT');
        const lease = await ok(
          api.post(`/api/properties/${property.id}/leases`, {
            userId,
            unitLabel: `Unit ${unit + 1}`,
            leaseStart: `${from}-01`,
            monthlyRent: 1000 + 25 * unit,
          }),
          'lease',
        );
        await ok(
          api.post('/api/transactions', {
            name: `Rent ${p}-${unit}`,
            date: `${month(unit % 12)}-02`,
            amount: 1000 + 25 * unit,
            category: 'rental_income',
            propertyId: property.id,
            leaseId: lease.lease.id,
          }),
          'rent',
        );
      }),
    );
  }
  console.log(`seeded ${AGING_LEASES} leases on ${AGING_PROPERTIES} properties in ${ms(performance.now() - started)}`);
  const org = `ORG#${orgId}`;
  const bare: BareCall[] = [
    { Parallel: [prefix(org, 'TENANCY#'), prefix(org, 'PROP#')] },
    {
      Parallel: [prefix(org, 'CHARGE#'), query(org, `ROLLUP#${from}#`, `ROLLUP#${month(0)}#~`), ...profiles(userIds)],
    },
  ];
  return { path: '/api/reports/aging', bare };
}
