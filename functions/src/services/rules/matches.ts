import {
  compileRule,
  inClosedPeriod,
  type RuleCriteria,
  type RuleMatcher,
  splitFits,
  tryCompileRule,
} from '@rent/shared';
import * as z from 'zod';
import { decodeCursor, encodeCursor } from '../../data/cursor.js';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { indexedTransactions, toMatchable } from '../../data/ledger/matchIndex.js';
import type { IndexedTransaction } from '../../data/ledger/matchRows.js';
import { readTransactions } from '../../data/ledger/read.js';
import { engineRule, listRules } from '../../data/rules/rules.js';
import type { LedgerCaller } from '../ledger/actors.js';
import { personActor } from '../ledger/actors.js';
import { closedThroughFor } from '../ledger/periods.js';

/**
 * What rules match, answered from the match index (docs/rules.md "The match index"): the transactions a rule
 * would change, the preview a person sees before saving or applying it, and each saved rule's count.
 */

/** Newest first: date, then id (the index does not keep createdAt). */
const newestFirst = (a: IndexedTransaction, b: IndexedTransaction) =>
  a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/** Every transaction of the organization the criteria would change, newest first. */
export async function matchingTransactions(orgId: string, criteria: RuleCriteria): Promise<IndexedTransaction[]> {
  const matcher = compileRule(criteria);
  return (await indexedTransactions(orgId))
    .filter((t) => splitFits(criteria, t) && matcher.matches(t))
    .sort(newestFirst);
}

const PreviewCursor = z.strictObject({ v: z.literal(1), d: z.string().max(10), i: z.string().max(64) });

/**
 * "Preview changes (N)" over the whole organization: how many transactions the criteria would change and one
 * page of them (full transactions, re-read and re-checked, newest first). Transactions in a closed period are
 * counted apart (`closedCount`): an apply leaves them out.
 */
export async function previewRule(
  caller: LedgerCaller,
  criteria: RuleCriteria,
  page: { limit: number; cursor?: string | null },
): Promise<{ count: number; closedCount: number; records: TransactionRecord[]; nextCursor: string | null }> {
  const orgId = caller.orgId;
  const matcher: RuleMatcher = compileRule(criteria);
  const [matching, closedThrough] = await Promise.all([
    matchingTransactions(orgId, criteria),
    closedThroughFor(orgId, personActor(caller)),
  ]);
  const matches = matching.filter((t) => !inClosedPeriod(t.date, closedThrough));
  let start = 0;
  if (page.cursor) {
    const after = decodeCursor(page.cursor, PreviewCursor, () => true);
    start = matches.findIndex((t) => t.date < after.d || (t.date === after.d && t.id < after.i));
    if (start === -1) start = matches.length;
  }
  const rows = matches.slice(start, start + page.limit);
  const found = await readTransactions(
    orgId,
    rows.map((row) => row.id),
  );
  const records = rows
    .map((row) => found.get(row.id))
    .filter(
      (record): record is TransactionRecord =>
        record !== undefined && splitFits(criteria, toMatchable(record)) && matcher.matches(toMatchable(record)),
    );
  const last = rows.at(-1);
  return {
    count: matches.length,
    closedCount: matching.length - matches.length,
    records,
    nextCursor: last && start + rows.length < matches.length ? encodeCursor({ v: 1, d: last.date, i: last.id }) : null,
  };
}

/** How many transactions each saved rule (active or not) would change now: one index read for all rules. */
export async function countRuleMatches(orgId: string): Promise<{ ruleId: string; count: number }[]> {
  const [rules, transactions] = await Promise.all([listRules(orgId), indexedTransactions(orgId)]);
  return rules.map((rule) => {
    const compiled = tryCompileRule(engineRule(rule));
    if (!compiled.ok) return { ruleId: rule.id, count: 0 };
    let count = 0;
    for (const t of transactions) if (splitFits(rule, t) && compiled.matcher.matches(t)) count++;
    return { ruleId: rule.id, count };
  });
}
