import {
  APPLY_MAX_TRANSACTIONS,
  type ApplyRuleInput,
  compileRule,
  inClosedPeriod,
  planRuleApplication,
  type RuleBatch,
  type RuleCriteria,
  ruleCriteriaOf,
} from '@rent/shared';
import type { TransactionRecord } from '../../data/ledger/items.js';
import { toMatchable } from '../../data/ledger/matchIndex.js';
import { type LedgerChange, type TransactionChange, writeLedger } from '../../data/ledger/plan.js';
import { readTransactions } from '../../data/ledger/read.js';
import {
  type AppliedRow,
  type BatchCaller,
  batchRecordOp,
  discardRuleBatch,
  getRuleBatch,
  openRuleBatch,
  readBatchRecords,
  releaseRuleBatch,
  ruleBatchToApi,
  takeRuleBatch,
} from '../../data/rules/ruleBatches.js';
import { getRule } from '../../data/rules/rules.js';
import { NotFound } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { type LedgerCaller, personActor } from '../ledger/actors.js';
import { categorizedByRule } from '../ledger/categorize.js';
import { leaseBook, link } from '../ledger/leaseLinks.js';
import { closedThroughFor } from '../ledger/periods.js';
import { matchingTransactions } from './matches.js';

/**
 * Applying a rule, recorded as an undoable batch (docs/rules.md "Apply and undo").
 *
 * - Idempotent: the engine leaves out transactions already in the rule's category, so applying the
 *   same rule to the same selection again changes nothing (and records no batch).
 * - All-or-nothing per transaction: each chunk is ONE TransactWriteItems holding its transactions,
 *   their rollup cells and match rows, and the record of what the chunk changed (previous category,
 *   source, rule, confidence, time and batch of each). A crash leaves each transaction either done
 *   (and recorded, so undoable) or untouched.
 * - Resumable: the batch header is written first (status "applying", a lease); a call that runs out of
 *   time, or crashes, leaves it open. Sending the same request again finds the open batch by the
 *   fingerprint of what it applies, continues it under the same id, and marks it "applied" at the end.
 */

/** A request spends at most this long writing before it returns what is left (Lambda timeout: 10 s). */
export const APPLY_BUDGET_MS = 7_000;

export interface ApplyResult {
  categorizedCount: number;
  skippedCount: number;
  /** Of the matching or selected transactions, those dated in a closed period (left out). */
  closedCount: number;
  remainingCount: number;
  complete: boolean;
  batchId: string | null;
}

/**
 * POST /api/categorization-rules/apply-single. The client's transaction objects are not trusted: only
 * their ids are used, every one must be the caller's (else 404, nothing changed), and each is re-read
 * and re-checked by the engine. This is the one path that may replace a category set by hand (the
 * person explicitly applies this rule to these transactions).
 */
/**
 * How a call runs (defaults for the API). Tests and tools pass a start time (to be out of time at
 * once), fewer lanes, or a hook run before each chunk (a throwing hook is a crash between chunks).
 */
export interface RunOptions {
  started?: number;
  concurrency?: number;
  beforeChunk?: (changes: LedgerChange[]) => Promise<void>;
}

export async function applyRule(
  caller: BatchCaller & LedgerCaller,
  input: ApplyRuleInput,
  options: RunOptions = {},
): Promise<ApplyResult> {
  const started = options.started ?? Date.now();
  const orgId = caller.orgId;
  const rule = input.ruleId ? await getRule(orgId, input.ruleId) : null;
  const criteria: RuleCriteria & { id: string | null } = { ...ruleCriteriaOf(input.rule), id: rule?.id ?? null };
  const matcher = compileRule(criteria);

  let candidates: string[];
  let beyond = 0;
  const closedThrough = await closedThroughFor(orgId, personActor(caller));
  let closedCount = 0;
  if (input.transactions) {
    candidates = [...new Set(input.transactions.map((t) => t.id))];
  } else {
    // Newest first, at most APPLY_MAX_TRANSACTIONS a call; the rest is `remainingCount`.
    const excluded = new Set(input.excludeIds ?? []);
    const matching = (await matchingTransactions(orgId, criteria)).filter((t) => !excluded.has(t.id));
    const all = matching.filter((t) => !inClosedPeriod(t.date, closedThrough)).map((t) => t.id);
    closedCount = matching.length - all.length;
    candidates = all.slice(0, APPLY_MAX_TRANSACTIONS);
    beyond = all.length - candidates.length;
  }
  const found = await readTransactions(orgId, candidates, 8, 'categorization');
  if (input.transactions) {
    const missing = candidates.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new NotFound('Transaction', {
        message: `${missing.length} of the selected transactions were not found. Nothing was changed.`,
        details: { missingIds: missing },
      });
    }
  }
  const now = new Date();
  const stamp = now.toISOString();
  const read = candidates.map((id) => found.get(id)).filter((r): r is TransactionRecord => r !== undefined);
  // Closed-period transactions are left out (and counted): docs/ledger.md "Closed periods".
  const records = read.filter((r) => !inClosedPeriod(r.date, closedThrough));
  if (input.transactions) closedCount = read.length - records.length;
  const planned = planRuleApplication(
    criteria,
    records.map((record) => ({ ...toMatchable(record), record })),
    stamp,
  );
  const skippedCount = candidates.length - planned.length;
  const todo = planned;
  if (todo.length === 0) {
    return {
      categorizedCount: 0,
      skippedCount,
      closedCount,
      remainingCount: beyond,
      complete: beyond === 0,
      batchId: null,
    };
  }

  const batch = await openRuleBatch(caller, rule, criteria, now);
  const change = todo[0]!.change;
  const book = await leaseBook(orgId); // lease links follow the new category
  const changeOf = (record: TransactionRecord): TransactionChange => [
    record,
    link(book, {
      ...categorizedByRule(record, change),
      categorizationBatchId: batch.id,
      updatedAt: stamp,
      version: record.version + 1,
    }),
  ];
  const { written, pending } = await writeLedger(
    orgId,
    todo.map((plan) => changeOf(plan.transaction.record)),
    {
      actor: personActor(caller, 'rule_apply', batch.id),
      chunkRecord: (changes) =>
        batchRecordOp(
          orgId,
          batch.id,
          'A',
          changes.map(
            ([before, after]): AppliedRow => [
              after!.id,
              after!.version,
              before!.category,
              before!.categorizationSource,
              before!.categorizedByRuleId ?? null,
              before!.categorizationConfidence,
              before!.categorizedAt,
              before!.categorizationBatchId ?? null,
            ],
          ),
        ),
      replan: async (ids) => {
        const fresh = await readTransactions(orgId, ids, 8, 'categorization');
        return ids
          .map((id) => fresh.get(id))
          .filter((r): r is TransactionRecord => r !== undefined && matcher.matches(toMatchable(r)))
          .map(changeOf);
      },
      beforeChunk: options.beforeChunk,
      concurrency: options.concurrency,
      snapshots: true,
      deadline: started + APPLY_BUDGET_MS,
    },
  ).catch(async (error: unknown) => {
    // A failed apply that wrote nothing leaves no batch behind. One that wrote some chunks keeps its batch, which
    // says "interrupted" once its lease runs out (as after a crash): sending the same apply again continues it.
    if ((await readBatchRecords(orgId, batch.id, 'A')).length === 0) {
      await discardRuleBatch(orgId, batch).catch(() => undefined);
    }
    throw error;
  });
  if (pending.length > 0) {
    // Out of time: release the batch at once, so sending the same request again continues it.
    await releaseRuleBatch(orgId, batch);
    return {
      categorizedCount: written.length,
      skippedCount,
      closedCount,
      remainingCount: pending.length + beyond,
      complete: false,
      batchId: batch.id,
    };
  }
  const appliedCount = (await readBatchRecords(orgId, batch.id, 'A')).length;
  await releaseRuleBatch(
    orgId,
    batch,
    { status: 'applied', appliedCount, finishedAt: new Date().toISOString() },
    { closeOpenEntry: true },
  );
  return {
    categorizedCount: written.length,
    skippedCount,
    closedCount,
    remainingCount: beyond,
    complete: beyond === 0,
    batchId: batch.id,
  };
}

// ---- undo -------------------------------------------------------------------------------------------

/**
 * Gives the transactions of a batch their previous category, source, rule, confidence and time back —
 * only those still carrying this batch's id, i.e. not changed since by hand or by a later apply (those
 * are kept and counted). Chunked and recorded like an apply, so an interrupted undo is finished by
 * calling it again; undoing an undone batch changes nothing and answers the same counts.
 */
export async function undoRuleBatch(
  caller: BatchCaller & LedgerCaller,
  batchId: string,
  options: RunOptions = {},
): Promise<{ batch: RuleBatch; restoredCount: number; keptCount: number }> {
  const orgId = caller.orgId;
  const started = options.started ?? Date.now();
  let header = await getRuleBatch(orgId, batchId);
  if (header.status === 'undone') {
    return {
      batch: ruleBatchToApi(header),
      restoredCount: header.restoredCount ?? 0,
      keptCount: header.keptCount ?? 0,
    };
  }
  const now = Date.now();
  header = await takeRuleBatch(orgId, header, now, {
    status: 'undoing',
    undoneBy: { userId: caller.userId, email: caller.email },
  });

  const applied = new Map(((await readBatchRecords(orgId, batchId, 'A')) as AppliedRow[]).map((row) => [row[0], row]));
  const restoredBefore = new Set((await readBatchRecords(orgId, batchId, 'U')).map((row) => row[0] as string));
  const stamp = new Date().toISOString();
  const book = await leaseBook(orgId);
  const changeOf = (record: TransactionRecord): TransactionChange | null => {
    const row = applied.get(record.id);
    if (!row || record.categorizationBatchId !== batchId) return null;
    const [, , category, source, ruleId, confidence, categorizedAt, previousBatch] = row;
    return [
      record,
      // The lease link follows the restored category, as on every write path.
      link(book, {
        ...record,
        category: category as TransactionRecord['category'],
        categorizationSource: source as TransactionRecord['categorizationSource'],
        categorizedByRuleId: ruleId,
        categorizationConfidence: confidence,
        categorizedAt,
        categorizationBatchId: previousBatch,
        updatedAt: stamp,
        version: record.version + 1,
      }),
    ];
  };
  const todoIds = [...applied.keys()].filter((id) => !restoredBefore.has(id));
  const current = await readTransactions(orgId, todoIds, 8, 'categorization');
  // Closed-period transactions are kept (counted as kept).
  const closedThrough = await closedThroughFor(orgId, personActor(caller));
  const changes = todoIds
    .map((id) => current.get(id))
    .filter((r): r is TransactionRecord => r !== undefined && !inClosedPeriod(r.date, closedThrough))
    .map(changeOf)
    .filter((c): c is TransactionChange => c !== null);
  const { pending } = await writeLedger(orgId, changes, {
    actor: personActor(caller, 'rule_undo', batchId),
    chunkRecord: (chunk) =>
      batchRecordOp(
        orgId,
        batchId,
        'U',
        chunk.map(([, after]) => [after!.id, after!.version]),
      ),
    replan: async (ids) => {
      const fresh = await readTransactions(orgId, ids, 8, 'categorization');
      return ids
        .map((id) => fresh.get(id))
        .filter((r): r is TransactionRecord => r !== undefined && !inClosedPeriod(r.date, closedThrough))
        .map(changeOf)
        .filter((c): c is TransactionChange => c !== null);
    },
    beforeChunk: options.beforeChunk,
    concurrency: options.concurrency,
    snapshots: true,
    deadline: started + APPLY_BUDGET_MS,
  });
  const restoredCount = (await readBatchRecords(orgId, batchId, 'U')).length;
  const keptCount = applied.size - restoredCount;
  if (pending.length > 0) {
    header = await releaseRuleBatch(orgId, header, { restoredCount, keptCount });
    return { batch: ruleBatchToApi(header), restoredCount, keptCount };
  }
  header = await releaseRuleBatch(
    orgId,
    header,
    {
      status: 'undone',
      appliedCount: applied.size,
      restoredCount,
      keptCount,
      undoneAt: new Date().toISOString(),
      finishedAt: header.finishedAt ?? new Date().toISOString(),
    },
    { closeOpenEntry: true },
  );
  logger.info('rule batch undone', { batchId, restoredCount, keptCount });
  return { batch: ruleBatchToApi(header), restoredCount, keptCount };
}
