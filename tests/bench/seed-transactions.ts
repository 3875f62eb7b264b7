import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite, putRequests } from '@rent/functions/data/batchWrite';
import { keys } from '@rent/functions/data/keys';
import {
  newTransaction,
  propertiesReferenced,
  type TransactionRecord,
  transactionItem,
} from '@rent/functions/data/ledger/items';
import { cellUpdates, RollupDeltas } from '@rent/functions/data/ledger/rollupDeltas';
import { CATEGORY_GROUPS, type Category, PROPERTY_MONEY_FIELDS, splitEvenly, splitHome } from '@rent/shared';
import { localClient } from '../../infra/local/dynamodb.js';

const VENDORS = [
  'Rent payment',
  'Mortgage payment',
  'Water utility',
  'Electric utility',
  'Rossi Plumbing',
  'The Home Depot',
  'State Farm premium',
  'County Treasurer',
  'Lawn care',
  'Owner distribution',
  'Laundry revenue',
  'Pest control',
];

/**
 * Writes `count` transactions (default spread: 3 years, 5 properties (or `spread.properties`) plus "no property", every
 * category group, 3% ignored, 5% uncategorized; `spread.splitShare` of them split into 2 or 3 parts across properties,
 * none by default) into an organization as fast as DynamoDB allows:
 * BatchWriteItem, 25 items a request, 16 requests in flight. The rollup cells and the properties'
 * transactionCount are ADDed, so calling it twice on one organization keeps them consistent.
 * Returns the ids it made and how long the writes took.
 */
export async function seedBenchTransactions(
  endpoint: string,
  tableName: string,
  orgId: string,
  count: number,
  spread: { properties?: number; splitShare?: number } = {},
) {
  const started = performance.now();
  const doc = DynamoDBDocumentClient.from(localClient(endpoint), { marshallOptions: { removeUndefinedValues: true } });
  const run = randomBytes(4).toString('hex');
  const propertyIds = Array.from({ length: spread.properties ?? 5 }, (_, i) => `bench-prop-${i + 1}`);
  const subcategories = Object.values(CATEGORY_GROUPS).flat() as Category[];
  const today = Date.now();
  // A fixed seed: the same count always gives the same mix (tests rely on its shares, e.g. >= 50 with no property).
  let seed = 0x9e3779b9;
  const next = () => {
    // xorshift32: fast and repeatable
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };

  const transactions: TransactionRecord[] = [];
  for (let n = 0; n < count; n++) {
    const at = new Date(today - Math.floor(next() * 3 * 365) * 86_400_000 - Math.floor(next() * 86_400_000));
    const createdAt = at.toISOString();
    const incoming = next() < 0.35;
    const amount = (incoming ? 1 : -1) * (500 + Math.floor(next() * 300_000));
    const category = next() < 0.05 ? null : subcategories[Math.floor(next() * subcategories.length)]!;
    transactions.push(
      newTransaction({
        id: `bench-${run}-${n}`,
        organizationId: orgId,
        amount,
        date: createdAt.slice(0, 10),
        name: `${VENDORS[Math.floor(next() * VENDORS.length)]} #${n}`,
        category,
        categorizationSource: category ? 'manual' : null,
        categorizedAt: category ? createdAt : null,
        source: 'user_created',
        createdAt,
        propertyId: next() < 0.15 ? null : propertyIds[Math.floor(next() * propertyIds.length)]!,
        isIgnored: next() < 0.03,
      }),
    );
    // Only when asked, so the default mix (which tests rely on) draws the same numbers.
    if (spread.splitShare && next() < spread.splitShare) {
      const t = transactions.at(-1)!;
      const amounts = splitEvenly(amount, 2 + Math.floor(next() * 2));
      const parts = amounts.map((part) => ({
        amount: part,
        category: subcategories[Math.floor(next() * subcategories.length)]!,
        propertyId: next() < 0.15 ? null : propertyIds[Math.floor(next() * propertyIds.length)]!,
        leaseId: null,
        memo: null,
      }));
      Object.assign(t, { parts, category: null, propertyId: splitHome(parts).propertyId });
    }
  }

  const counts = new Map<string, number>();
  for (const t of transactions) {
    for (const id of propertiesReferenced(t)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const now = new Date().toISOString();
  await Promise.all(
    propertyIds.map(async (id, i) => {
      const fields = Object.fromEntries(
        [...PROPERTY_MONEY_FIELDS, 'googlePlaceId', 'latitude', 'longitude', 'propertyType', 'acquisitionDate'].map(
          (field) => [field, null],
        ),
      );
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.property(orgId, id),
              type: 'Property',
              ...fields,
              id,
              organizationId: orgId,
              address: `${100 + i} Benchmark Avenue`,
              numberOfUnits: 1,
              createdAt: now,
              updatedAt: now,
              version: 1,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
      } catch (error) {
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      }
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.property(orgId, id),
          UpdateExpression: 'ADD transactionCount :count',
          ExpressionAttributeValues: { ':count': counts.get(id) ?? 0 },
        }),
      );
    }),
  );
  await batchWrite({ client: doc, table: tableName }, putRequests(transactions.map(transactionItem)), 16);
  // The rollup cells and their capital twins, ADDed as the ledger's writes do.
  const deltas = new RollupDeltas();
  for (const t of transactions) deltas.add(t, 1);
  const updates = cellUpdates(tableName, orgId, deltas, new Map());
  for (let i = 0; i < updates.length; i += 16) {
    await Promise.all(updates.slice(i, i + 16).map((update) => doc.send(new UpdateCommand(update))));
  }
  return {
    transactionIds: transactions.map((t) => t.id),
    propertyIds,
    ms: performance.now() - started,
  };
}

/**
 * `count` rows of one file import, as the import writes them (ids `<import>-L<line>`, source "import", no category
 * yet), dated today, over five vendors the bench's rules know, for the import path (`importTransactions`).
 */
export function importedRows(orgId: string, count: number): { importId: string; rows: TransactionRecord[] } {
  const importId = randomUUID();
  const stamp = new Date().toISOString();
  const vendors = ['Rent payment', 'Water utility', 'The Home Depot', 'Lawn care', 'Unknown vendor'];
  const rows = Array.from({ length: count }, (_, i) =>
    newTransaction({
      id: `${importId}-L${i + 2}`,
      organizationId: orgId,
      amount: -(1_000 + i * 7),
      date: stamp.slice(0, 10),
      name: `${vendors[i % vendors.length]} ${i}`,
      source: 'import',
      importFileName: 'bench.csv',
      createdAt: stamp,
    }),
  );
  return { importId, rows };
}
