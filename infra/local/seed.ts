import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@rent/functions/data/keys';
import { membershipItem, organizationItem, userItem } from '@rent/functions/data/people/items';
import type { PropertyInput } from '@rent/shared';
import { DEMO_USERS, localSubFor } from './demo-users.js';
import { localClient } from './dynamodb.js';
import { demoLeaseItems } from './seed-leases.js';
import { splitDemoMortgages } from './seed-loans.js';
import { demoLedger, writeDemoLedger } from './seed-transactions.js';

export const DEMO_ORG_ID = 'demo-org';
export const DEMO_ORG_NAME = 'Maple & Main Rentals';

type DemoProperty = { id: string } & PropertyInput;

const property = (p: Partial<DemoProperty> & Pick<DemoProperty, 'id' | 'address'>): DemoProperty => ({
  googlePlaceId: null,
  latitude: null,
  longitude: null,
  propertyType: null,
  numberOfUnits: 1,
  acquisitionDate: null,
  acquisitionPrice: null,
  approximateLoan: null,
  currentMarketValue: null,
  monthlyRent: null,
  downPayment: null,
  closingCosts: null,
  initialRepairs: null,
  otherInitialCosts: null,
  landValue: null,
  ...p,
});

/** A small, believable portfolio (money in cents). */
export const DEMO_PROPERTIES: DemoProperty[] = [
  property({
    id: 'prop-maple-12',
    address: '12 Maple Street, Springfield, IL 62704',
    latitude: 39.7817,
    longitude: -89.6501,
    propertyType: 'MULTI_FAMILY',
    numberOfUnits: 3,
    acquisitionDate: '2019-06-14',
    acquisitionPrice: 41_500_000,
    approximateLoan: 28_700_000,
    currentMarketValue: 52_000_000,
    monthlyRent: 465_000,
    downPayment: 8_300_000,
    closingCosts: 1_120_000,
    initialRepairs: 1_850_000,
    otherInitialCosts: 240_000,
    landValue: 8_300_000,
  }),
  property({
    id: 'prop-oak-48',
    address: '48 Oak Avenue, Springfield, IL 62702',
    latitude: 39.8003,
    longitude: -89.6437,
    propertyType: 'SINGLE_FAMILY',
    acquisitionDate: '2021-03-02',
    acquisitionPrice: 23_900_000,
    approximateLoan: 18_200_000,
    currentMarketValue: 27_500_000,
    monthlyRent: 195_000,
    downPayment: 4_780_000,
    closingCosts: 610_000,
    initialRepairs: 420_000,
    landValue: 5_200_000,
  }),
  property({
    id: 'prop-lake-7c',
    address: '7C Lakeview Condominiums, 900 Lake Shore Dr, Chicago, IL 60611',
    latitude: 41.8986,
    longitude: -87.6198,
    propertyType: 'CONDO',
    acquisitionDate: '2022-09-20',
    acquisitionPrice: 38_800_000,
    approximateLoan: 31_000_000,
    currentMarketValue: 40_100_000,
    monthlyRent: 285_000,
    downPayment: 7_760_000,
    closingCosts: 930_000,
    landValue: 7_000_000,
  }),
  property({
    id: 'prop-birch-220',
    address: '220 Birch Lane, Peoria, IL 61602',
    latitude: 40.6936,
    longitude: -89.589,
    propertyType: 'TOWNHOUSE',
    acquisitionDate: '2023-11-08',
    acquisitionPrice: 18_450_000,
    approximateLoan: 14_760_000,
    currentMarketValue: 19_200_000,
    monthlyRent: 168_000,
    downPayment: 3_690_000,
    closingCosts: 505_000,
    initialRepairs: 760_000,
  }),
  property({
    id: 'prop-main-301',
    address: '301 Main Street, Bloomington, IL 61701',
    latitude: 40.4842,
    longitude: -88.9937,
    propertyType: 'COMMERCIAL',
    numberOfUnits: 2,
    acquisitionDate: '2020-01-27',
    acquisitionPrice: 61_000_000,
    approximateLoan: 42_700_000,
    currentMarketValue: 66_500_000,
    monthlyRent: 610_000,
    downPayment: 18_300_000,
    closingCosts: 1_830_000,
    otherInitialCosts: 950_000,
    // Its building depreciates over 39 years (nonresidential real property); 220 Birch Lane has no land value, so
    // the dashboard asks for one.
    landValue: 12_200_000,
  }),
];

export const TENANT_PROPERTY_ID = 'prop-maple-12';

/**
 * Seeds the demo organization once (first start). Idempotent: does nothing when the demo
 * organization already exists, so data people added survives restarts. Its leases' charges are posted by the
 * charge job once the stack runs (infra/local/stack.ts), as they would be in AWS.
 */
export async function seedDemo(
  endpoint: string,
  tableName: string,
  receipts?: { s3Endpoint: string; bucket: string },
): Promise<boolean> {
  const doc = DynamoDBDocumentClient.from(localClient(endpoint), { marshallOptions: { removeUndefinedValues: true } });
  const existing = await doc.send(new GetCommand({ TableName: tableName, Key: keys.organization(DEMO_ORG_ID) }));
  if (existing.Item) return false;

  const now = new Date().toISOString();
  const put = (Item: Record<string, unknown>) => ({ Put: { TableName: tableName, Item } });
  const people = DEMO_USERS.map((u) => ({ ...u, userId: localSubFor(u.email) }));
  const tenant = people.find((p) => p.role === 'TENANT')!;
  const ledger = demoLedger({
    orgId: DEMO_ORG_ID,
    today: new Date(),
    ownerUserId: people.find((p) => p.role === 'LANDLORD')!.userId,
    managerUserId: people.find((p) => p.role === 'PROPERTY_MANAGER')!.userId,
  });
  // The mortgage payments are split by their loans before the ledger (and its rollups) is written.
  const loans = splitDemoMortgages(DEMO_ORG_ID, ledger.transactions, now.slice(0, 10));
  await writeDemoLedger(doc, tableName, ledger, receipts);
  const leases = demoLeaseItems({
    orgId: DEMO_ORG_ID,
    tenantUserId: tenant.userId,
    historyStart: ledger.historyStart,
    taraLateMonths: ledger.taraLateMonths,
    today: now.slice(0, 10),
    now,
  });
  const items = [
    ...people.flatMap((p) => [
      put(userItem({ userId: p.userId, email: p.email, name: p.name, image: null }, now, [DEMO_ORG_ID])),
      put(membershipItem({ orgId: DEMO_ORG_ID, userId: p.userId, role: p.role }, now)),
    ]),
    ...DEMO_PROPERTIES.map(({ id, ...fields }) =>
      put({
        ...keys.property(DEMO_ORG_ID, id),
        type: 'Property',
        ...fields,
        id,
        organizationId: DEMO_ORG_ID,
        createdAt: now,
        updatedAt: now,
        version: 1,
        // The ledger's references, which deleteProperty's Delete is conditioned on.
        transactionCount: ledger.propertyCounts.get(id) ?? 0,
        loanCount: loans.filter((loan) => loan.propertyId === id).length,
        leaseCount: leases.leaseCounts.get(id) ?? 0,
      }),
    ),
    ...loans.map(put),
    ...leases.items.map(put),
  ];
  // The organization item goes last in the final batch: its presence means the seed completed.
  const orgPut = put(
    organizationItem({ id: DEMO_ORG_ID, name: DEMO_ORG_NAME, createdAt: now, updatedAt: now, version: 1 }),
  );
  const batches: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += 90) batches.push(items.slice(i, i + 90));
  batches.at(-1)!.push(orgPut);
  for (const TransactItems of batches) await doc.send(new TransactWriteCommand({ TransactItems }));
  return true;
}
