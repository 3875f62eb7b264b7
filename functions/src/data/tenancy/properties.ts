import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  fromCents,
  LOAN_MESSAGES,
  MESSAGES,
  PROPERTY_MONEY_FIELDS,
  type Property,
  type PropertyInput,
  type PropertyRecord,
  type TenantProperty,
} from '@rent/shared';
import { Conflict, NotFound } from '../../domain-errors.js';
import { batchGet, readOne } from '../batchGet.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll, queryPage } from '../query.js';

const STALE =
  'This property was changed by someone else while you were editing. Reload it to see their changes, then try again.';
const notFound = () => new NotFound('Property');
const stale = () => new Conflict('CONFLICT', STALE);

export async function listProperties(orgId: string): Promise<PropertyRecord[]> {
  const k = keys.propertiesPrefix(orgId);
  const items = await queryAll(prefixQuery(tableName(), k.PK, k.SKPrefix));
  return items.map(toRecord).sort(byAddress);
}

/** The properties of these ids, in address order; ids that do not exist are left out. */
export async function getPropertiesByIds(orgId: string, ids: string[]): Promise<PropertyRecord[]> {
  const items = await batchGet(
    ids.map((id) => keys.property(orgId, id)),
    { eventual: true },
  );
  return items.map(toRecord).sort(byAddress);
}

export async function getProperty(orgId: string, propertyId: string): Promise<PropertyRecord> {
  const item = await readOne(keys.property(orgId, propertyId));
  if (!item) throw notFound();
  return toRecord(item);
}

/** Which of these ids are the organization's properties now (one consistent read of their keys). */
export async function existingPropertyIds(orgId: string, ids: readonly string[]): Promise<Set<string>> {
  const items = await batchGet(
    ids.map((id) => keys.property(orgId, id)),
    { projection: { ProjectionExpression: '#id', ExpressionAttributeNames: { '#id': 'id' } } },
  );
  return new Set(items.map((item) => item.id as string));
}

/** Whether the organization has this property (a consistent read of its key only). */
export async function propertyExists(orgId: string, propertyId: string): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.property(orgId, propertyId),
      ProjectionExpression: 'PK',
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
}

export async function createProperty(orgId: string, input: PropertyInput): Promise<PropertyRecord> {
  const now = new Date().toISOString();
  const record: PropertyRecord = {
    ...input,
    id: randomUUID(),
    organizationId: orgId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.property(orgId, record.id), type: 'Property', ...record },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return record;
}

/** Replaces a property's fields if nobody changed it since `version` was read (else 409). */
export async function updateProperty(
  orgId: string,
  propertyId: string,
  input: PropertyInput & { version: number },
): Promise<PropertyRecord> {
  const { version, ...fields } = input;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':expected': version,
    ':next': version + 1,
    ':now': new Date().toISOString(),
  };
  const sets = Object.entries(fields).map(([field, value]) => {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    return `#${field} = :${field}`;
  });
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.property(orgId, propertyId),
        UpdateExpression: `SET ${sets.join(', ')}, updatedAt = :now, version = :next`,
        ConditionExpression: 'attribute_exists(PK) AND version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return toRecord(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw error.Item ? stale() : notFound();
    throw error;
  }
}

const stillReferenced = () => new Conflict('CONFLICT', MESSAGES.propertyStillReferenced);
const hasLoans = () => new Conflict('CONFLICT', LOAN_MESSAGES.propertyHasLoans);

/**
 * A property that transactions, rules, maintenance requests or tenancies point to is never deleted
 * from under them: the delete answers 409 and says what to do. Everything that references a
 * property carries GSI2PK = ORG#o#PROP#p, so the check is one Query with Limit 1. Transactions
 * are also counted on the property item (transactionCount, kept in the same TransactWriteItems
 * as each transaction write), and the Delete is conditioned on that count: a transaction written
 * after the Query, or not yet visible in the eventually consistent GSI, still blocks the delete.
 */
export async function deleteProperty(orgId: string, propertyId: string): Promise<void> {
  const ref = keys.propertyReferences(orgId, propertyId);
  const { items } = await queryPage({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': ref.GSI2PK },
    Limit: 1,
  });
  // LOAN# sorts first in the partition: a property with loans says so before anything else.
  if (items[0]?.type === 'Loan') throw hasLoans();
  if (items[0]?.type === 'Tenancy') throw new Conflict('CONFLICT', MESSAGES.propertyHasLeases);
  if (items.length > 0) throw stillReferenced();
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.property(orgId, propertyId),
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(transactionCount) OR transactionCount = :none) ' +
          'AND (attribute_not_exists(leaseCount) OR leaseCount = :none) ' +
          'AND (attribute_not_exists(loanCount) OR loanCount = :none)',
        ExpressionAttributeValues: { ':none': 0 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) {
      if (!error.Item) throw notFound();
      if (Number(error.Item.loanCount ?? 0) > 0) throw hasLoans();
      throw Number(error.Item.leaseCount ?? 0) > 0
        ? new Conflict('CONFLICT', MESSAGES.propertyHasLeases)
        : stillReferenced();
    }
    throw error;
  }
}

/** Cents inside, decimals on the wire: the whole property, as staff see it. */
export function propertyToApi(record: PropertyRecord): Property {
  const wire = { ...record } as Record<string, unknown>;
  for (const field of PROPERTY_MONEY_FIELDS) {
    const cents = record[field];
    wire[field] = cents == null ? null : fromCents(cents);
  }
  return wire as Property;
}

/** What a tenant sees of a property they rent: where it is and what kind, nothing else. */
export function propertyToTenantApi(record: PropertyRecord): TenantProperty {
  return { id: record.id, address: record.address, propertyType: record.propertyType };
}

/**
 * The property of a stored item, without its keys and the counts deleteProperty keeps (transactionCount, leaseCount,
 * loanCount). Written as one literal: V8 gives it one fixed shape, which the copy onto the wire keeps, where a rest
 * copy of the item is a slow generic copy (docs/performance.md "The API: what a request pays before its own
 * reads").
 */
function toRecord(item: Record<string, unknown>): PropertyRecord {
  const p = item as unknown as PropertyRecord;
  return {
    id: p.id,
    organizationId: p.organizationId,
    address: p.address,
    googlePlaceId: p.googlePlaceId,
    latitude: p.latitude,
    longitude: p.longitude,
    propertyType: p.propertyType,
    numberOfUnits: p.numberOfUnits,
    acquisitionDate: p.acquisitionDate,
    acquisitionPrice: p.acquisitionPrice,
    approximateLoan: p.approximateLoan,
    currentMarketValue: p.currentMarketValue,
    monthlyRent: p.monthlyRent,
    downPayment: p.downPayment,
    closingCosts: p.closingCosts,
    initialRepairs: p.initialRepairs,
    otherInitialCosts: p.otherInitialCosts,
    landValue: p.landValue,
    version: p.version,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

const byAddress = (a: PropertyRecord, b: PropertyRecord) => a.address.localeCompare(b.address);
