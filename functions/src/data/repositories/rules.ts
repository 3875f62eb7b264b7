import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type CategorizationRule,
  compareRules,
  type EngineRule,
  fromCents,
  MAX_RULES_PER_ORGANIZATION,
  type RuleInput,
  RuleSet,
} from '@rent/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { logger } from '../../lib/logger.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys } from '../keys.js';

const NOT_FOUND = 'Rule';
const STALE =
  'This rule was changed by someone else while you were editing. Reload it to see their changes, then try again.';

/** A rule as stored: SPEC §3 fields, amounts in integer cents, "" category when the update is off. */
export interface RuleRecord {
  id: string;
  userId: string | null;
  organizationId: string;
  name: string;
  description: string | null;
  isActive: boolean;
  priority: number;
  namePattern: string | null;
  amountMin: number | null;
  amountMax: number | null;
  amountExact: number | null;
  category: string;
  propertyId: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** The engine's view of a stored rule (cents fields under the engine's names). */
export function engineRule(rule: RuleRecord): EngineRule & { name: string } {
  return {
    id: rule.id,
    name: rule.name,
    isActive: rule.isActive,
    priority: rule.priority,
    createdAt: rule.createdAt,
    namePattern: rule.namePattern,
    amountMinCents: rule.amountMin,
    amountMaxCents: rule.amountMax,
    amountExactCents: rule.amountExact,
    category: rule.category,
  };
}

export function toRuleWire(rule: RuleRecord): CategorizationRule {
  const money = (cents: number | null) => (cents === null ? null : fromCents(cents));
  return {
    ...rule,
    amountMin: money(rule.amountMin),
    amountMax: money(rule.amountMax),
    amountExact: money(rule.amountExact),
  };
}

const FIELDS: (keyof RuleRecord)[] = [
  'id',
  'userId',
  'organizationId',
  'name',
  'description',
  'isActive',
  'priority',
  'namePattern',
  'amountMin',
  'amountMax',
  'amountExact',
  'category',
  'propertyId',
  'createdAt',
  'updatedAt',
  'version',
];

function toRecord(item: Record<string, unknown>): RuleRecord {
  const record: Record<string, unknown> = {};
  for (const field of FIELDS) record[field] = item[field] ?? null;
  record.category = item.category ?? '';
  return record as unknown as RuleRecord;
}

const ruleItem = (rule: RuleRecord) => ({ ...keys.rule(rule.organizationId, rule.id), type: 'Rule', ...rule });

// ---- the per-container cache of an organization's active rules -----------------------------------

/**
 * New transactions are categorized by the organization's active rules on arrival, so every create
 * reads them. A warm container keeps them for RULE_CACHE_MS; a rule write in this container forgets
 * them at once, a rule write elsewhere is seen within that window (a transaction created in it is
 * categorized by the previous rules, exactly as if it had arrived a moment earlier).
 */
export const RULE_CACHE_MS = 5_000;
const cache = new Map<string, { rules: Promise<RuleSet<ReturnType<typeof engineRule>>>; until: number }>();

export function forgetRules(orgId?: string) {
  if (orgId) cache.delete(orgId);
  else cache.clear();
}

/** The organization's active rules, ordered and compiled (stored rules that no longer compile are logged and skipped). */
export function activeRuleSet(orgId: string): Promise<RuleSet<ReturnType<typeof engineRule>>> {
  const hit = cache.get(orgId);
  if (hit && hit.until > Date.now()) return hit.rules;
  const rules = listRules(orgId).then((records) => {
    const set = new RuleSet(records.map(engineRule));
    for (const skipped of set.skipped) {
      logger.warn('stored rule cannot be compiled', { ruleId: skipped.rule.id, issues: skipped.issues });
    }
    return set;
  });
  rules.catch(() => cache.delete(orgId));
  if (cache.size > 1000) cache.clear();
  cache.set(orgId, { rules, until: Date.now() + RULE_CACHE_MS });
  return rules;
}

// ---- reads -------------------------------------------------------------------------------------------

/** Every rule, in the order they are tried (active ones by priority, then oldest first), then inactive ones. */
export async function listRules(orgId: string): Promise<RuleRecord[]> {
  const prefix = keys.rulesPrefix(orgId);
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': prefix.PK, ':prefix': prefix.SKPrefix },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items
    .filter((item) => item.type === 'Rule')
    .map(toRecord)
    .sort((a, b) => (a.isActive === b.isActive ? compareRules(a, b) : a.isActive ? -1 : 1));
}

export async function getRule(orgId: string, ruleId: string): Promise<RuleRecord> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.rule(orgId, ruleId), ConsistentRead: true }),
  );
  if (Item?.type !== 'Rule') throw notFound(NOT_FOUND);
  return toRecord(Item);
}

// ---- writes ------------------------------------------------------------------------------------------

const notYourProperty = () =>
  badRequest("propertyId: Choose one of your organization's properties, or no property.", [
    { path: 'propertyId', message: "Choose one of your organization's properties, or no property" },
  ]);

async function assertPropertyExists(orgId: string, propertyId: string | null) {
  if (propertyId === null) return;
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.property(orgId, propertyId), ProjectionExpression: 'PK' }),
  );
  if (!Item) throw notYourProperty();
}

export async function createRule(caller: { orgId: string; userId: string }, input: RuleInput): Promise<RuleRecord> {
  await assertPropertyExists(caller.orgId, input.propertyId);
  const existing = await listRules(caller.orgId);
  if (existing.length >= MAX_RULES_PER_ORGANIZATION) {
    throw conflict(
      `An organization can keep at most ${MAX_RULES_PER_ORGANIZATION} rules. Delete rules you no longer need, or combine several into one pattern such as "comcast|xfinity".`,
      'TOO_MANY_RULES',
    );
  }
  const now = new Date().toISOString();
  const rule: RuleRecord = {
    id: randomUUID(),
    userId: caller.userId,
    organizationId: caller.orgId,
    ...input,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await db.send(
    new PutCommand({ TableName: tableName(), Item: ruleItem(rule), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
  forgetRules(caller.orgId);
  return rule;
}

/**
 * Replaces a rule's fields. With `version` (the one the client read) a concurrent change answers 409;
 * without it the write still cannot interleave with another one (it is conditioned on the version read
 * here), but the last request wins, as SPEC §7's body (no version) implies.
 */
export async function updateRule(
  orgId: string,
  ruleId: string,
  input: RuleInput & { version?: number },
): Promise<RuleRecord> {
  const { version, ...fields } = input;
  const [current] = await Promise.all([getRule(orgId, ruleId), assertPropertyExists(orgId, fields.propertyId)]);
  if (version !== undefined && version !== current.version) throw conflict(STALE);
  const next: RuleRecord = {
    ...current,
    ...fields,
    updatedAt: new Date().toISOString(),
    version: current.version + 1,
  };
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: ruleItem(next),
        ConditionExpression: 'attribute_exists(PK) AND version = :expected',
        ExpressionAttributeValues: { ':expected': current.version },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw error.Item ? conflict(STALE) : notFound(NOT_FOUND);
    throw error;
  } finally {
    forgetRules(orgId);
  }
  return next;
}

/** Deletes a rule. Transactions it categorized keep their category and still name it as the rule that set it. */
export async function deleteRule(orgId: string, ruleId: string): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.rule(orgId, ruleId),
        ConditionExpression: 'attribute_exists(PK) AND #type = :rule',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':rule': 'Rule' },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound(NOT_FOUND);
    throw error;
  } finally {
    forgetRules(orgId);
  }
}
