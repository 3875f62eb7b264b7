import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  type CategorizationRule,
  compareRules,
  type EngineRule,
  fromCents,
  MAX_RULES_PER_ORGANIZATION,
  MESSAGES,
  partProperties,
  type RuleInput,
  RuleSet,
  type RuleSplitPart,
} from '@rent/shared';
import { Conflict, InvalidReference, NotFound } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { versionedUpdate } from '../../lib/versionedUpdate.js';
import { batchWrite } from '../batchWrite.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { prefixQuery, queryAll } from '../query.js';
import { type TransactOp, transact } from '../transact.js';
import { sendUpdate } from '../versioned.js';

const notFound = () => new NotFound('Rule');
/** The 409 of a change made over a version the person did not see: `details.current` is the rule now. */
const stale = (now: RuleRecord) =>
  new Conflict(
    'CONFLICT',
    'This rule was changed by someone else while you were editing. Reload it to see their changes, then try again.',
    { current: ruleToApi(now) },
  );
const tooManyRules = () => new Conflict('TOO_MANY_RULES', MESSAGES.tooManyRules(MAX_RULES_PER_ORGANIZATION));

/**
 * A rule as stored: the fields of docs/product.md "Records and their fields", amounts in integer cents, "" category
 * when the update is off.
 */
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
  /** The parts the rule splits a transaction into (category is then ""); null when it sets one category. */
  split: RuleSplitPart[] | null;
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
    split: rule.split,
  };
}

export function ruleToApi(rule: RuleRecord): CategorizationRule {
  const money = (cents: number | null) => (cents === null ? null : fromCents(cents));
  return {
    ...rule,
    amountMin: money(rule.amountMin),
    amountMax: money(rule.amountMax),
    amountExact: money(rule.amountExact),
    // Percents are kept in hundredths, as amounts in cents: the same exact decimal conversion.
    split: rule.split?.map((part) => ({ ...part, amount: money(part.amount), percent: money(part.percent) })) ?? null,
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
  'split',
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

/** A rule's item; one that names a property also points at it (GSI2), like everything else that does. */
const ruleItem = (rule: RuleRecord) => ({
  ...keys.rule(rule.organizationId, rule.id),
  ...(rule.propertyId && keys.ruleByProperty(rule.organizationId, rule.propertyId, rule.id)),
  type: 'Rule',
  ...rule,
});

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
  const items = await queryAll(prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ConsistentRead: true }));
  return items
    .filter((item) => item.type === 'Rule')
    .map(toRecord)
    .sort((a, b) => (a.isActive === b.isActive ? compareRules(a, b) : a.isActive ? -1 : 1));
}

export async function getRule(orgId: string, ruleId: string): Promise<RuleRecord> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.rule(orgId, ruleId), ConsistentRead: true }),
  );
  if (Item?.type !== 'Rule') throw notFound();
  return toRecord(Item);
}

// ---- writes ------------------------------------------------------------------------------------------

const notYourProperty = () =>
  new InvalidReference('propertyId', "Choose one of your organization's properties, or no property");

async function assertPropertyExists(orgId: string, propertyId: string | null) {
  if (propertyId === null) return;
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.property(orgId, propertyId), ProjectionExpression: 'PK' }),
  );
  if (!Item) throw notYourProperty();
}

/** The rule's own property and every property its split names must be the organization's. */
async function assertPropertiesExist(orgId: string, input: Pick<RuleInput, 'propertyId' | 'split'>) {
  const named = new Set([input.propertyId, ...splitProperties(input.split)]);
  await Promise.all([...named].map((propertyId) => assertPropertyExists(orgId, propertyId)));
}

const splitProperties = (split: RuleSplitPart[] | null | undefined) =>
  (split ? partProperties(split) : []).filter((propertyId): propertyId is string => propertyId !== null);

/**
 * The reference items of the properties a rule's split names (keys.ruleSplitRef), so none of them is deleted while
 * the rule would split money onto it: the new ones are put before the rule changes and the old ones deleted after,
 * so a named property is never without its reference.
 */
async function putSplitRefs(orgId: string, ruleId: string, split: RuleSplitPart[] | null | undefined) {
  await batchWrite(
    { client: db, table: tableName() },
    splitProperties(split).map((propertyId) => ({
      PutRequest: {
        Item: { ...keys.ruleSplitRef(orgId, ruleId, propertyId), type: 'RuleSplitRef', ruleId, propertyId },
      },
    })),
  );
}

async function dropSplitRefs(orgId: string, ruleId: string, keep: RuleSplitPart[] | null | undefined) {
  const kept = new Set(splitProperties(keep));
  const { PK, SKPrefix } = keys.ruleSplitRefsOf(orgId, ruleId);
  const refs = await queryAll(prefixQuery(tableName(), PK, SKPrefix, { ConsistentRead: true }));
  await batchWrite(
    { client: db, table: tableName() },
    refs
      .filter((ref) => !kept.has(ref.propertyId as string))
      .map((ref) => ({ DeleteRequest: { Key: { PK: ref.PK, SK: ref.SK } } })),
  );
}

/**
 * The rule limit, enforced atomically: a counter item moves in the same TransactWriteItems as every
 * rule put (+1, conditioned on staying within the limit) and delete (-1). Organizations whose rules
 * predate the counter start it from the count just read (`if_not_exists`); once it exists, concurrent
 * creates serialize on its condition, so 30 creates at 195 rules leave exactly 200.
 */
function countRuleOp(orgId: string, counted: number): TransactOp {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.ruleCounter(orgId),
        UpdateExpression: 'SET #count = if_not_exists(#count, :counted) + :one, #type = :type',
        ConditionExpression: '(attribute_not_exists(#count) AND :counted < :max) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
        ExpressionAttributeValues: {
          ':counted': counted,
          ':one': 1,
          ':max': MAX_RULES_PER_ORGANIZATION,
          ':type': 'RuleCounter',
        },
      },
    },
    onConditionFailure: tooManyRules,
  };
}

class NoCounter extends Error {}

function uncountRuleOp(orgId: string): TransactOp {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.ruleCounter(orgId),
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: 'attribute_exists(#count)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1 },
      },
    },
    onConditionFailure: () => new NoCounter(),
  };
}

export async function createRule(caller: { orgId: string; userId: string }, input: RuleInput): Promise<RuleRecord> {
  await assertPropertiesExist(caller.orgId, input);
  const existing = await listRules(caller.orgId);
  if (existing.length >= MAX_RULES_PER_ORGANIZATION) throw tooManyRules();
  const now = new Date().toISOString();
  const rule: RuleRecord = {
    id: randomUUID(),
    userId: caller.userId,
    organizationId: caller.orgId,
    ...input,
    split: input.split ?? null,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await putSplitRefs(caller.orgId, rule.id, rule.split);
  try {
    await transact([
      {
        item: {
          Put: { TableName: tableName(), Item: ruleItem(rule), ConditionExpression: 'attribute_not_exists(PK)' },
        },
      },
      countRuleOp(caller.orgId, existing.length),
    ]);
  } finally {
    forgetRules(caller.orgId);
  }
  return rule;
}

/**
 * Replaces a rule's fields if it is still at `version`, the one the person loaded (docs/rules.md "Changing a rule").
 * A stale version, or someone else's save between this read and the write (the write is a versioned update, so it
 * is conditioned on the version), is a 409 whose `details.current` is the rule as it is now; nothing is written.
 * A rule deleted meanwhile is a 404.
 */
export async function updateRule(
  orgId: string,
  ruleId: string,
  input: RuleInput & { version: number },
): Promise<RuleRecord> {
  const { version, ...fields } = input;
  const [current] = await Promise.all([getRule(orgId, ruleId), assertPropertiesExist(orgId, fields)]);
  if (version !== current.version) throw stale(current);
  await putSplitRefs(orgId, ruleId, fields.split);
  const byProperty = fields.propertyId ? keys.ruleByProperty(orgId, fields.propertyId, ruleId) : null;
  try {
    const item = await sendUpdate(
      keys.rule(orgId, ruleId),
      versionedUpdate(version, {
        set: { ...fields, split: fields.split ?? null, updatedAt: new Date().toISOString(), ...byProperty },
        ...(!byProperty && { remove: ['GSI2PK', 'GSI2SK'] }),
      }),
    );
    // The only condition is the version: someone saved in between (getRule says 404 if it was a delete).
    if (!item) throw stale(await getRule(orgId, ruleId));
    const saved = toRecord(item);
    await dropSplitRefs(orgId, ruleId, saved.split);
    return saved;
  } finally {
    forgetRules(orgId);
  }
}

/** Deletes a rule. Transactions it categorized keep their category and still name it as the rule that set it. */
export async function deleteRule(orgId: string, ruleId: string): Promise<void> {
  const deleteOp: TransactOp = {
    item: {
      Delete: {
        TableName: tableName(),
        Key: keys.rule(orgId, ruleId),
        ConditionExpression: 'attribute_exists(PK) AND #type = :rule',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':rule': 'Rule' },
      },
    },
    onConditionFailure: notFound,
  };
  try {
    await transact([deleteOp, uncountRuleOp(orgId)]);
  } catch (error) {
    // Rules kept from before the counter existed: the next create starts it from a fresh count.
    if (!(error instanceof NoCounter)) throw error;
    await transact([deleteOp]);
  } finally {
    forgetRules(orgId);
  }
  await dropSplitRefs(orgId, ruleId, null);
}
