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
import { type LedgerChange, type TransactionChange, writeLanes, writeLedger } from '../../data/ledger/plan.js';
import { readTransactionRounds, readTransactions } from '../../data/ledger/read.js';
import {
  type AppliedRow,
  type BatchCaller,
  type BatchHeader,
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
import { existingPropertyIds } from '../../data/tenancy/properties.js';
import { NotFound } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { type LedgerCaller, personActor } from '../ledger/actors.js';
import { categorizedByRule } from '../ledger/categorize.js';
import { type LeaseBook, leaseBook, link } from '../ledger/leaseLinks.js';
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

/** A transfer pair keeps its category: docs/ledger.md "Transfers" (skipped like any line no rule acts on). */
const actsOn = (record: TransactionRecord) => !record.transferPairId;

/** A request spends at most this long writing before it returns what is left (Lambda timeout: 10 s). */
export const APPLY_BUDGET_MS = 7_000;

/**
 * Transactions an apply or undo reads and writes at a time, per write lane (docs/ledger.md "Batched writes"): about
 * five full chunks a lane, so a round's chunks still fill with whole cells and keep every lane busy, while a call
 * out of time has read little it did not write (the next round is read while this one is written).
 */
const WRITE_ROUND_PER_LANE = 250;
export const writeRound = (lanes = writeLanes()) => WRITE_ROUND_PER_LANE * lanes;

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
  const deadline = started + APPLY_BUDGET_MS;
  const orgId = caller.orgId;
  const rule = input.ruleId ? await getRule(orgId, input.ruleId) : null;
  const criteria: RuleCriteria & { id: string | null } = { ...ruleCriteriaOf(input.rule), id: rule?.id ?? null };
  compileRule(criteria); // unusable criteria are a 400 before anything is read

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
  // A selection is read whole (every id must be the caller's before anything is written); "all matching" is read
  // and written in rounds, newest first, so a call out of time has not read what it leaves for the next one.
  const rounds = readTransactionRounds(
    orgId,
    candidates,
    input.transactions ? Math.max(1, candidates.length) : writeRound(options.concurrency),
    'categorization',
  );
  const now = new Date();
  const stamp = now.toISOString();
  let batch: BatchHeader | null = null;
  let book: LeaseBook | null = null;
  let categorizedCount = 0;
  let skippedCount = 0;
  let leftCount = 0;
  try {
    for (let round = 0; ; round++) {
      if (round > 0 && Date.now() > deadline) {
        leftCount = rounds.left();
        break;
      }
      const next = await rounds.next();
      if (!next) break;
      const { ids, found } = next;
      if (input.transactions) {
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length > 0) {
          throw new NotFound('Transaction', {
            message: `${missing.length} of the selected transactions were not found. Nothing was changed.`,
            details: { missingIds: missing },
          });
        }
      }
      const read = ids.map((id) => found.get(id)).filter((r): r is TransactionRecord => r !== undefined);
      // Closed-period transactions are left out (and counted): docs/ledger.md "Closed periods".
      const open = read.filter((r) => !inClosedPeriod(r.date, closedThrough));
      if (input.transactions) closedCount += read.length - open.length;
      const records = open.filter(actsOn);
      const planned = planRuleApplication(
        criteria,
        records.map((record) => ({ ...toMatchable(record), record })),
        stamp,
      );
      skippedCount += ids.length - planned.length;
      if (planned.length === 0) continue;

      batch ??= await openRuleBatch(caller, rule, criteria, now);
      book ??= await leaseBook(orgId); // lease links follow the new category
      const change = planned[0]!.change;
      const batchId = batch.id;
      const leases = book;
      const changeOf = (record: TransactionRecord): TransactionChange => [
        record,
        link(leases, {
          ...categorizedByRule(record, change),
          categorizationBatchId: batchId,
          updatedAt: stamp,
          version: record.version + 1,
        }),
      ];
      const { written, pending } = await writeLedger(
        orgId,
        planned.map((plan) => changeOf(plan.transaction.record)),
        {
          actor: personActor(caller, 'rule_apply', batchId),
          chunkRecord: (changes) =>
            batchRecordOp(
              orgId,
              batchId,
              'A',
              changes.map(
                ([before, after]): AppliedRow =>
                  [
                    after!.id,
                    after!.version,
                    before!.category,
                    before!.categorizationSource,
                    before!.categorizedByRuleId ?? null,
                    before!.categorizationConfidence,
                    before!.categorizedAt,
                    before!.categorizationBatchId ?? null,
                    ...(after!.parts ? [before!.propertyId] : []),
                  ] as AppliedRow,
              ),
            ),
          // Read again after a lost race, with the closed period as it is now: what changed meanwhile is judged as
          // the first read was (it may have been paired, moved into the closed period, or the books closed).
          replan: async (ids) => {
            const [fresh, closedNow] = await Promise.all([
              readTransactions(orgId, ids, 8, 'categorization'),
              closedThroughFor(orgId, personActor(caller)),
            ]);
            return ids
              .map((id) => fresh.get(id))
              .filter(
                (r): r is TransactionRecord =>
                  r !== undefined &&
                  !inClosedPeriod(r.date, closedNow) &&
                  actsOn(r) &&
                  planRuleApplication(criteria, [toMatchable(r)], stamp).length > 0,
              )
              .map(changeOf);
          },
          beforeChunk: options.beforeChunk,
          concurrency: options.concurrency,
          snapshots: true,
          deadline,
        },
      );
      categorizedCount += written.length;
      if (pending.length > 0) {
        leftCount = pending.length + rounds.left();
        break;
      }
    }
  } catch (error) {
    // A failed apply that wrote nothing leaves no batch behind. One that wrote some chunks keeps its batch, which
    // says "interrupted" once its lease runs out (as after a crash): sending the same apply again continues it.
    const opened = batch;
    if (opened && (await readBatchRecords(orgId, opened.id, 'A')).length === 0) {
      await discardRuleBatch(orgId, opened).catch(() => undefined);
    }
    throw error;
  }
  if (!batch || leftCount > 0) {
    // Nothing to change, or out of time: release the batch at once, so sending the same request again continues it.
    if (batch) await releaseRuleBatch(orgId, batch);
    return {
      categorizedCount,
      skippedCount,
      closedCount,
      remainingCount: leftCount + beyond,
      complete: leftCount + beyond === 0,
      batchId: batch?.id ?? null,
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
    categorizedCount,
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

  // A resumed apply may have recorded a transaction twice (a person changed it between the calls): the latest row,
  // the highest version, holds what the batch last replaced.
  const applied = new Map<string, AppliedRow>();
  for (const row of (await readBatchRecords(orgId, batchId, 'A')) as AppliedRow[]) {
    const seen = applied.get(row[0]);
    if (!seen || row[1] > seen[1]) applied.set(row[0], row);
  }
  const restoredBefore = new Set((await readBatchRecords(orgId, batchId, 'U')).map((row) => row[0] as string));
  const stamp = new Date().toISOString();
  // A rule's split took the transaction off its own property, so that property may have been deleted since.
  const ownProperties = [...applied.values()].flatMap((row) => (row.length > 8 && row[8] ? [row[8]] : []));
  const [book, standing] = await Promise.all([
    leaseBook(orgId),
    ownProperties.length > 0 ? existingPropertyIds(orgId, [...new Set(ownProperties)]) : new Set<string>(),
  ]);
  const changeOf = (record: TransactionRecord): TransactionChange | null => {
    const row = applied.get(record.id);
    if (!row || record.categorizationBatchId !== batchId) return null;
    const [, , category, source, ruleId, confidence, categorizedAt, previousBatch] = row;
    // A split by the rule goes, and the transaction's own property comes back, or none if it was deleted since.
    const unsplit = row.length > 8 ? { parts: null, propertyId: row[8] && standing.has(row[8]) ? row[8] : null } : {};
    return [
      record,
      // The lease link follows the restored category, as on every write path.
      link(book, {
        ...record,
        ...unsplit,
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
  // Closed-period transactions are kept (counted as kept).
  const closedThrough = await closedThroughFor(orgId, personActor(caller));
  const changesOf = (ids: string[], found: Map<string, TransactionRecord>) =>
    ids
      .map((id) => found.get(id))
      .filter((r): r is TransactionRecord => r !== undefined && !inClosedPeriod(r.date, closedThrough))
      .map(changeOf)
      .filter((c): c is TransactionChange => c !== null);
  // Read and written in rounds (in the order the apply wrote them, so by cell), each read while the one before
  // is written; a call out of time has not read what it leaves for the next one.
  const rounds = readTransactionRounds(orgId, todoIds, writeRound(options.concurrency), 'categorization');
  const deadline = started + APPLY_BUDGET_MS;
  let outOfTime = false;
  for (let round = 0; ; round++) {
    if (round > 0 && Date.now() > deadline) {
      outOfTime = rounds.left() > 0;
      break;
    }
    const next = await rounds.next();
    if (!next) break;
    const changes = changesOf(next.ids, next.found);
    if (changes.length === 0) continue;
    const { pending } = await writeLedger(orgId, changes, {
      actor: personActor(caller, 'rule_undo', batchId),
      chunkRecord: (chunk) =>
        batchRecordOp(
          orgId,
          batchId,
          'U',
          chunk.map(([, after]) => [after!.id, after!.version]),
        ),
      replan: async (ids) => changesOf(ids, await readTransactions(orgId, ids, 8, 'categorization')),
      beforeChunk: options.beforeChunk,
      concurrency: options.concurrency,
      snapshots: true,
      deadline,
    });
    if (pending.length > 0) {
      outOfTime = true;
      break;
    }
  }
  const restoredCount = (await readBatchRecords(orgId, batchId, 'U')).length;
  const keptCount = applied.size - restoredCount;
  if (outOfTime) {
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
