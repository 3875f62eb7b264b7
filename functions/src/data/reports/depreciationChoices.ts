import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AssetChoice } from '@rent/shared';
import { Conflict } from '../../domain-errors.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';

/**
 * A property's per-asset depreciation choices (docs/reports-and-tax.md "Depreciation schedule"): ORG#o /
 * DEPRCHOICE#PROP#p, one small item written only once someone saves them, holding every asset's choice by key
 * ("building", "<category>@<YYYY-MM>"): depreciation taken before the books (cents, through a year) and the bonus
 * depreciation (taken, elected out, or the default). Versioned like the Schedule E choices: the first save expects
 * version 0 (no item), every later one the version it read (409 otherwise).
 */
export interface DepreciationChoicesRecord {
  propertyId: string;
  assets: Record<string, AssetChoice>;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

function toRecord(item: Record<string, unknown>): DepreciationChoicesRecord {
  const stored = (item.assets ?? {}) as Record<string, Partial<AssetChoice>>;
  const assets: Record<string, AssetChoice> = {};
  for (const key in stored) {
    const c = stored[key]!;
    assets[key] = {
      priorDepreciation: c.priorDepreciation ?? null,
      priorThroughYear: c.priorThroughYear ?? null,
      bonus: c.bonus ?? null,
    };
  }
  return {
    propertyId: String(item.propertyId),
    assets,
    version: Number(item.version ?? 0),
    updatedAt: (item.updatedAt as string | undefined) ?? null,
    updatedBy: (item.updatedBy as string | undefined) ?? null,
  };
}

/** The property's choices, or none (version 0) when none were saved. */
export async function getDepreciationChoices(orgId: string, propertyId: string): Promise<DepreciationChoicesRecord> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.depreciationChoices(orgId, propertyId), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : { propertyId, assets: {}, version: 0, updatedAt: null, updatedBy: null };
}

/** Every property's saved choices, by property (one Query: a few small items). */
export async function depreciationChoicesOfOrg(orgId: string): Promise<Map<string, Map<string, AssetChoice>>> {
  const prefix = keys.depreciationChoicesPrefix(orgId);
  const items = await queryAll(prefixQuery(tableName(), prefix.PK, prefix.SKPrefix));
  return new Map(
    items.map((item) => {
      const record = toRecord(item);
      return [record.propertyId, new Map(Object.entries(record.assets))];
    }),
  );
}

const stale = () =>
  new Conflict(
    'CONFLICT',
    "This property's depreciation choices were changed by someone else while you were editing. Reload them, then try again.",
  );

/** Writes the whole item if it is still at `expected` (absent for 0). Answers the item as written. */
export async function saveDepreciationChoices(
  orgId: string,
  propertyId: string,
  expected: number,
  assets: Record<string, AssetChoice>,
  byUserId: string,
): Promise<DepreciationChoicesRecord> {
  const record: DepreciationChoicesRecord = {
    propertyId,
    assets,
    version: expected + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: byUserId,
  };
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.depreciationChoices(orgId, propertyId), type: 'DepreciationChoices', ...record },
        ...(expected === 0
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : {
              ConditionExpression: 'attribute_exists(PK) AND version = :expected',
              ExpressionAttributeValues: { ':expected': expected },
            }),
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw stale();
    throw error;
  }
  return record;
}
