import { randomUUID } from 'node:crypto';
import { autoCategorize, type EngineRule, type RuleSet, type TransactionInput } from '@rent/shared';
import { type TransactionChange, type WriteChangesOptions, writeTransactionChanges } from '../data/ledger/changes.js';
import { assertPeriodOpen } from '../data/ledger/closedPeriods.js';
import type { TransactionRecord } from '../data/ledger/items.js';
import { toMatchable } from '../data/ledger/matchIndex.js';
import { readTransactions } from '../data/ledger/read.js';
import { insertTransaction } from '../data/ledger/writes.js';
import { activeRuleSet } from '../data/repositories/rules.js';
import { chosen, leaseBook, link } from './leaseLinks.js';

/**
 * How transactions arrive: created by hand, or imported in bulk (bank sync, file import). Either way
 * a transaction without a category is categorized on arrival by the organization's active rules.
 */

/**
 * Categorization on arrival: a transaction that arrives without a category (created by hand, imported
 * from the bank or a file) gets the category of the first active rule that matches it, with the rule's
 * provenance. A category that came with it is kept (SPEC: a person's or the bank's choice stands).
 */
export function categorizeOnArrival(
  rules: RuleSet<EngineRule>,
  record: TransactionRecord,
  now: string,
): TransactionRecord {
  const change = autoCategorize(rules, toMatchable(record), now);
  return change ? categorizedByRule(record, change) : record;
}

/** What a rule's categorization sets on a transaction: the category and its provenance. */
export function categorizedByRule(
  record: TransactionRecord,
  change: NonNullable<ReturnType<typeof autoCategorize>>,
): TransactionRecord {
  return {
    ...record,
    category: change.category as TransactionRecord['category'],
    categorizationSource: 'rule',
    categorizedByRuleId: change.categorizedByRuleId,
    categorizationConfidence: change.categorizationConfidence,
    categorizedAt: change.categorizedAt,
  };
}

export async function createTransaction(
  caller: { orgId: string; userId: string },
  input: TransactionInput,
): Promise<TransactionRecord> {
  await assertPeriodOpen(caller.orgId, [input.date]);
  const now = new Date().toISOString();
  const receiptIds = input.receiptIds ?? [];
  const rules = input.category ? null : await activeRuleSet(caller.orgId);
  const entered: TransactionRecord = {
    id: randomUUID(),
    externalId: null,
    plaidTransactionId: null,
    userId: caller.userId,
    organizationId: caller.orgId,
    institutionId: null,
    bankAccountId: null,
    amount: input.amount,
    date: input.date,
    name: input.name,
    category: input.category,
    notes: input.notes,
    categorizationSource: input.category ? 'manual' : null,
    categorizationConfidence: null,
    categorizedAt: input.category ? now : null,
    source: 'user_created',
    createdAt: now,
    updatedAt: now,
    propertyId: input.propertyId,
    isReviewed: false,
    isIgnored: input.isIgnored ?? false,
    hasReceipt: receiptIds.length > 0,
    receiptCount: receiptIds.length,
    hasOpenReviewRequests: false,
    hasReviewHistory: false,
    version: 1,
    ...(input.maintenanceRequestId && { maintenanceRequestId: input.maintenanceRequestId }),
  };
  const categorized = rules ? categorizeOnArrival(rules, entered, now) : entered;
  const record = chosen(await leaseBook(caller.orgId), categorized, input.leaseId); // lease links (issue 10)
  await insertTransaction(record, receiptIds);
  return record;
}

/**
 * Adds new transactions in bulk: the path bank sync and file import use. Each arrives through
 * categorizeOnArrival (the organization's active rules, read once), then they are written in chunks
 * with their rollups, match rows and property counters. Importing the same ids again writes nothing for
 * them (`existing`), so an interrupted import is finished by running it again.
 */
export async function importTransactions(
  orgId: string,
  records: TransactionRecord[],
  options: Pick<WriteChangesOptions, 'beforeChunk' | 'concurrency' | 'deadline'> = {},
): Promise<{ inserted: TransactionRecord[]; existing: string[]; pending: TransactionRecord[] }> {
  // Imported transactions land in the cells' snapshots directly (see WriteChangesOptions.snapshots).
  const rules = await activeRuleSet(orgId);
  const now = new Date().toISOString();
  const book = await leaseBook(orgId); // lease links (issue 10)
  const prepared = new Map(records.map((record) => [record.id, link(book, categorizeOnArrival(rules, record, now))]));
  const existing = new Set<string>();
  const { written, pending } = await writeTransactionChanges(
    orgId,
    [...prepared.values()].map((record) => [null, record] as TransactionChange),
    {
      ...options,
      snapshots: true,
      replan: async (ids) => {
        const found = await readTransactions(orgId, ids, 8, 'categorization');
        for (const id of found.keys()) existing.add(id);
        return ids.filter((id) => !found.has(id)).map((id) => [null, prepared.get(id)!] as TransactionChange);
      },
    },
  );
  return {
    inserted: written.map(([, next]) => next),
    existing: [...existing],
    pending: pending.map(([, next]) => next),
  };
}
