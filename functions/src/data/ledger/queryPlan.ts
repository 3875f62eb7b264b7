import {
  categoriesInGroup,
  categoryTag,
  directionTag,
  propertyTag,
  type TransactionFilter,
  UNCATEGORIZED,
} from '@rent/shared';
import * as z from 'zod';
import { tableName } from '../client.js';
import { keys, orgPk } from '../keys.js';

/**
 * How a ledger filter becomes a DynamoDB Query: which index, partition and sort-key range it reads
 * (the key condition), and a FilterExpression for everything else. Shared by the ledger pages and
 * the totals, which must agree on what "matches" means.
 */

/** Which index, partition and sort-key range a filter reads; every other filter is a FilterExpression. */
export interface QueryPlan {
  index: 'GSI1' | 'GSI2';
  pkName: 'GSI1PK' | 'GSI2PK';
  skName: 'GSI1SK' | 'GSI2SK';
  pk: string;
  skFrom: string;
  skTo: string;
  /** What this partition adds to the filter (the splits across properties: the part's property). */
  condition?: Expression;
}

/**
 * The partitions a filter reads, all in one sort order: the ledger (GSI1), or a property's (or no property's)
 * ledger (GSI2) beside the split transactions whose parts name several properties, kept to those with a part on
 * that property (docs/ledger.md "Split transactions").
 */
export function queryPlans(
  orgId: string,
  range: { from?: string; to?: string },
  propertyId?: string | null,
): QueryPlan[] {
  const plan = queryPlan(orgId, range, propertyId);
  if (propertyId === undefined) return [plan];
  return [
    plan,
    {
      ...plan,
      pk: keys.transactionsAcrossProperties(orgId).GSI2PK,
      condition: {
        conditions: ['contains(#partTags, :propertyTag)'],
        names: { '#partTags': 'partTags' },
        values: { ':propertyTag': propertyTag(propertyId) },
      },
    },
  ];
}

export function queryPlan(orgId: string, range: { from?: string; to?: string }, propertyId?: string | null): QueryPlan {
  // The sort keys are date#createdAt#id: "<to>#~" sorts after every key of that day ('~' > any id
  // character), and "0" before every date (key condition values may not be empty strings).
  const lower = range.from ?? '0';
  const upper = `${range.to ? `${range.to}#` : ''}~`;
  if (propertyId !== undefined) {
    return {
      index: 'GSI2',
      pkName: 'GSI2PK',
      skName: 'GSI2SK',
      pk: keys.transactionsOfProperty(orgId, propertyId).GSI2PK,
      skFrom: `TXN#${lower}`,
      skTo: `TXN#${upper}`,
    };
  }
  return {
    index: 'GSI1',
    pkName: 'GSI1PK',
    skName: 'GSI1SK',
    pk: keys.transactionsByDate(orgId).GSI1PK,
    skFrom: lower,
    skTo: upper,
  };
}

export interface Expression {
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * The FilterExpression for what the key condition cannot express. For `totals` (and reports), transactions are
 * counted as totals count them: not ignored (or, with `ignored=true`, only the ignored ones), and never while a
 * bank transaction is pending.
 */
export function filterExpression(filter: TransactionFilter, opts: { totals: boolean }): Expression {
  const e: Expression = { conditions: [], names: {}, values: {} };
  const name = (attribute: string) => {
    e.names[`#${attribute}`] = attribute;
    return `#${attribute}`;
  };
  // A split transaction matches a category when one of its parts does (its tags name the parts' categories).
  if (filter.category === UNCATEGORIZED) {
    e.conditions.push(
      `((attribute_type(${name('category')}, :nullType) AND NOT attribute_type(${name('partTags')}, :listType)) OR contains(#partTags, :noCategoryTag))`,
    );
    e.values[':nullType'] = 'NULL';
    e.values[':listType'] = 'L';
    e.values[':noCategoryTag'] = categoryTag(null);
  } else if (filter.category) {
    e.conditions.push(`(${name('category')} = :category OR contains(${name('partTags')}, :categoryTag))`);
    e.values[':category'] = filter.category;
    e.values[':categoryTag'] = categoryTag(filter.category);
  } else if (filter.categoryGroup) {
    const members = categoriesInGroup(filter.categoryGroup).map((value, i) => {
      e.values[`:group${i}`] = value;
      e.values[`:groupTag${i}`] = categoryTag(value);
      return i;
    });
    const inParts = members.map((i) => `contains(${name('partTags')}, :groupTag${i})`);
    e.conditions.push(
      `(${name('category')} IN (${members.map((i) => `:group${i}`).join(', ')}) OR ${inParts.join(' OR ')})`,
    );
  }
  if (filter.direction) {
    // A split matches by any part of that direction (a $0 bill paid from escrow has a part of each).
    e.conditions.push(
      `(${name('amount')} ${filter.direction === 'in' ? '>=' : '<'} :zero OR contains(${name('partTags')}, :directionTag))`,
    );
    e.values[':zero'] = 0;
    e.values[':directionTag'] = directionTag(filter.direction);
  }
  // Absolute amount: at least min on either side of zero, at most max on both.
  if (filter.minAmount !== undefined) {
    e.conditions.push(`(${name('amount')} >= :minAmount OR ${name('amount')} <= :minAmountOut)`);
    e.values[':minAmount'] = filter.minAmount;
    e.values[':minAmountOut'] = -filter.minAmount;
  }
  if (filter.maxAmount !== undefined) {
    e.conditions.push(`${name('amount')} BETWEEN :maxAmountOut AND :maxAmount`);
    e.values[':maxAmount'] = filter.maxAmount;
    e.values[':maxAmountOut'] = -filter.maxAmount;
  }
  const flag = (attribute: string, value: boolean | undefined) => {
    if (value === undefined) return;
    e.conditions.push(`${name(attribute)} = :${attribute}`);
    e.values[`:${attribute}`] = value;
  };
  flag('isIgnored', opts.totals ? filter.ignored === true : filter.ignored);
  if (opts.totals) {
    // Totals: a pending bank transaction counts in no total until it posts (docs/ledger.md "Totals").
    e.conditions.push(`(attribute_not_exists(${name('pending')}) OR ${name('pending')} = :notPending)`);
    e.values[':notPending'] = false;
  }
  flag('hasReceipt', filter.hasReceipt);
  flag('hasOpenReviewRequests', filter.needsReview);
  if (filter.search) {
    e.conditions.push(`contains(${name('searchName')}, :search)`);
    e.values[':search'] = filter.search;
  }
  return e;
}

export const CursorKey = z.record(z.string(), z.string());
export const PageCursor = z.strictObject({ v: z.literal(1), i: z.enum(['GSI1', 'GSI2']), k: CursorKey });

export function keyBelongs(key: Record<string, string>, orgId: string, plan: QueryPlan): boolean {
  const names = Object.keys(key).sort();
  const expected = ['PK', 'SK', plan.pkName, plan.skName].sort();
  const sortKey = key[plan.skName] ?? '';
  return (
    names.join() === expected.join() &&
    key.PK === orgPk(orgId) &&
    /^TXN#[A-Za-z0-9_-]{1,64}$/.test(key.SK ?? '') &&
    key[plan.pkName] === plan.pk &&
    sortKey >= plan.skFrom &&
    sortKey <= plan.skTo
  );
}

export function keyOf(item: Record<string, unknown>, plan: QueryPlan): Record<string, string> {
  return {
    PK: item.PK as string,
    SK: item.SK as string,
    [plan.pkName]: item[plan.pkName] as string,
    [plan.skName]: item[plan.skName] as string,
  };
}

export function queryInput(plan: QueryPlan, filter: Expression) {
  const conditions = [...filter.conditions, ...(plan.condition?.conditions ?? [])];
  return {
    TableName: tableName(),
    IndexName: plan.index,
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :skFrom AND :skTo',
    ...(conditions.length > 0 && { FilterExpression: conditions.join(' AND ') }),
    ExpressionAttributeNames: { '#pk': plan.pkName, '#sk': plan.skName, ...filter.names, ...plan.condition?.names },
    ExpressionAttributeValues: {
      ':pk': plan.pk,
      ':skFrom': plan.skFrom,
      ':skTo': plan.skTo,
      ...filter.values,
      ...plan.condition?.values,
    },
    ScanIndexForward: false,
  };
}
