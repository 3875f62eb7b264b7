import {
  type CreateImportInput,
  classifyRows,
  comparisonWindow,
  fromCents,
  type ImportPreviewInput,
  type ImportPreviewResult,
  inClosedPeriod,
  includedByDefault,
  transactionSourceLabel,
} from '@rent/shared';
import { getBankAccount, listBankAccounts } from '../../data/banking/banks.js';
import {
  getImport,
  type ImportHeader,
  importedTransactionId,
  importLines,
  importToApi,
  listImports,
  openImport,
  recordImportLines,
  releaseImport,
  saveImportMapping,
  takeImport,
} from '../../data/banking/imports.js';
import { transactionsDated } from '../../data/ledger/dateRange.js';
import { newTransaction, type TransactionRecord } from '../../data/ledger/items.js';
import { notYourProperty } from '../../data/ledger/plan.js';
import { readTransactions } from '../../data/ledger/read.js';
import { getProperty } from '../../data/tenancy/properties.js';
import { Invalid, NotFound } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { personActor } from '../ledger/actors.js';
import { assertPeriodOpen, closedThroughFor } from '../ledger/periods.js';
import { deleteUntouchedTransactions, importTransactions, untouched } from '../ledger/transactions.js';

/**
 * File import (docs/banking.md "File import"). The browser parses the file and sends rows; this
 * module classifies them against the ledger, writes the chosen ones as one undoable import through
 * importTransactions (rules on arrival, rollups, idempotent by id), and undoes an import.
 */

interface Caller {
  orgId: string;
  userId: string;
  email: string;
}

/** An undo spends at most this long deleting before it answers `complete: false` (Lambda timeout: 10 s). */
export const UNDO_BUDGET_MS = 7_000;

/**
 * Marks each row new, duplicate or possible duplicate (with why, and the transaction, account and source it
 * matches) against the organization's transactions of the file's period (one bounded range read), and whether it
 * starts ticked: only new rows do. Rows of the file are never compared with each other: a genuine same-day
 * same-amount pair stays two new rows.
 */
export async function previewImport(orgId: string, input: ImportPreviewInput): Promise<ImportPreviewResult> {
  if (input.bankAccountId) await getBankAccount(orgId, input.bankAccountId);
  const window = comparisonWindow(input.rows)!;
  const [ledger, accounts] = await Promise.all([
    transactionsDated(orgId, window.from, window.to),
    listBankAccounts(orgId),
  ]);
  const accountNames = new Map(accounts.map((a) => [a.id, a.mask ? `${a.name} ••${a.mask}` : a.name]));
  const byId = new Map(ledger.map((t) => [t.id, t]));
  const classified = classifyRows(
    input.rows.map((row) => ({ ...row, amountCents: row.amount })),
    ledger.map((t) => ({ ...t, amountCents: t.amount })),
    input.bankAccountId,
  );
  const counts = { new: 0, duplicate: 0, possible_duplicate: 0 };
  const rows = input.rows.map((row, i) => {
    const { status, reason, matchId } = classified[i]!;
    counts[status]++;
    const match = matchId ? byId.get(matchId)! : null;
    return {
      line: row.line,
      status,
      reason,
      include: includedByDefault(status),
      match: match
        ? {
            id: match.id,
            date: match.date,
            name: match.name,
            amount: fromCents(match.amount),
            bankAccountId: match.bankAccountId,
            accountName: match.bankAccountId ? (accountNames.get(match.bankAccountId) ?? 'another account') : null,
            source: transactionSourceLabel(match),
          }
        : null,
    };
  });
  return { rows, counts };
}

/**
 * One request of an import: the included rows become transactions (source "import" with the file's name, the
 * bank's memo as notes, the chosen account and default property, then the active rules), the left-out ones are
 * only counted; a confirmed CSV mapping is remembered on the account. The
 * first request creates the import; repeats and later chunks with the same id continue it, writing
 * nothing twice (each row's transaction id is the import id and its line).
 */
export async function createImport(caller: Caller, input: CreateImportInput) {
  const orgId = caller.orgId;
  const account = input.bankAccountId ? await getBankAccount(orgId, input.bankAccountId) : null;
  // The import's default property; without one, the account's own default property (its `propertyId`).
  const propertyId = input.propertyId ?? account?.propertyId ?? null;
  if (propertyId) {
    await getProperty(orgId, propertyId).catch((error) => {
      throw error instanceof NotFound ? notYourProperty() : error;
    });
  }
  const included = input.rows.filter((row) => row.include);
  const skipped = input.rows.filter((row) => !row.include);
  // Checked before the import is opened: a refused import leaves nothing behind, not an empty header.
  await assertPeriodOpen(
    orgId,
    included.map((row) => row.date),
    personActor(caller),
  );
  const now = new Date();
  let header = await openImport(
    caller,
    {
      id: input.id,
      fileName: input.fileName,
      bankAccountId: input.bankAccountId,
      institutionId: account?.institutionId ?? null,
      propertyId,
      totalRows: input.totalRows,
    },
    now,
  );
  try {
    // The chunks together send no more lines than the file has (openImport keeps its size as first sent).
    const received = await importLines(orgId, header.id);
    const lines = new Set([...received.included, ...received.skipped, ...input.rows.map((row) => row.line)]);
    if (lines.size > header.totalRows) {
      throw new Invalid(`This import would receive ${lines.size} rows, more than the ${header.totalRows} of its file.`);
    }
    await recordImportLines(orgId, header.id, {
      included: included.map((row) => row.line),
      skipped: skipped.map((row) => row.line),
    });
    const stamp = now.toISOString();
    const records = included.map((row) =>
      newTransaction({
        id: importedTransactionId(header.id, row.line),
        externalId: row.externalId,
        userId: caller.userId,
        organizationId: orgId,
        institutionId: header.institutionId,
        bankAccountId: header.bankAccountId,
        amount: row.amount,
        date: row.date,
        name: row.name,
        notes: row.notes,
        source: 'import',
        importFileName: header.fileName,
        createdAt: stamp,
        propertyId: header.propertyId,
      }),
    );
    const result = await importTransactions(orgId, records, personActor(caller, 'import', header.id));
    if (input.mapping && header.bankAccountId) await saveImportMapping(orgId, header.bankAccountId, input.mapping);
    header = await settleCounts(orgId, header.id);
    return {
      import: importToApi(header),
      insertedCount: result.inserted.length,
      existingCount: result.existing.length,
      skippedCount: skipped.length,
    };
  } catch (error) {
    // Release the lease at once, so the person's retry continues instead of waiting it out.
    await getImport(orgId, header.id)
      .then((current) => releaseImport(orgId, current))
      .catch(() => undefined);
    throw error;
  }
}

/** Counts from the records (so repeats count once), the status, and the lease released. */
async function settleCounts(orgId: string, importId: string): Promise<ImportHeader> {
  for (let attempt = 1; ; attempt++) {
    const header = await getImport(orgId, importId);
    const lines = await importLines(orgId, importId);
    const receivedRows = lines.included.length + lines.skipped.length;
    const complete = receivedRows >= header.totalRows;
    try {
      return await releaseImport(orgId, header, {
        receivedRows,
        importedCount: lines.included.length,
        skippedCount: lines.skipped.length,
        status: header.status === 'importing' && complete ? 'imported' : header.status,
        finishedAt: complete ? (header.finishedAt ?? new Date().toISOString()) : null,
      });
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * Nobody changed it since the import wrote it: still its first version, or its second when the only change was the
 * automatic transfer pairing that follows an import (by the bank's hand, never a person's), which the undo's
 * delete releases on the other side.
 */
const unchangedSinceImport = (record: TransactionRecord) =>
  record.version === 1 || (record.version === 2 && record.categorizationSource === 'bank' && !!record.transferPairId);

/**
 * Undoes an import: deletes its transactions (with their rollups, match rows and property counts)
 * except those people changed since — edited, categorized by a rule apply, given a receipt, a message
 * or a review request — which are kept and counted. Resumable: out of time it answers
 * `complete: false`, and calling again continues; an undone import answers its counts again.
 */
export async function undoImport(caller: Caller, importId: string, options: { started?: number } = {}) {
  const orgId = caller.orgId;
  const started = options.started ?? Date.now();
  let header = await getImport(orgId, importId);
  if (header.status === 'undone') {
    return {
      import: importToApi(header),
      removedCount: header.removedCount ?? 0,
      keptCount: header.keptCount ?? 0,
      complete: true,
    };
  }
  header = await takeImport(orgId, header, Date.now(), {
    status: 'undoing',
    undoneBy: { userId: caller.userId, email: caller.email },
  });
  const { included } = await importLines(orgId, importId);
  const ids = included.map((line) => importedTransactionId(importId, line));
  const found = await readTransactions(orgId, ids);
  const actor = personActor(caller, 'import', importId);
  const closedThrough = await closedThroughFor(orgId, actor); // closed-period transactions are kept
  const kept: string[] = [];
  const deletable: TransactionRecord[] = [];
  for (const record of found.values()) {
    if (unchangedSinceImport(record) && untouched(record) && !inClosedPeriod(record.date, closedThrough))
      deletable.push(record);
    else kept.push(record.id);
  }
  const result = await deleteUntouchedTransactions(orgId, deletable, actor, { deadline: started + UNDO_BUDGET_MS });
  kept.push(...result.changed);
  const removedCount = ids.length - kept.length - result.pending.length;
  if (result.pending.length > 0) {
    header = await releaseImport(orgId, header, { removedCount, keptCount: kept.length });
    return { import: importToApi(header), removedCount, keptCount: kept.length, complete: false };
  }
  header = await releaseImport(orgId, header, {
    status: 'undone',
    removedCount,
    keptCount: kept.length,
    undoneAt: new Date().toISOString(),
  });
  logger.info('file import undone', { importId, removedCount, keptCount: kept.length });
  return { import: importToApi(header), removedCount, keptCount: kept.length, complete: true };
}

/** The organization's imports, newest first, each with what an undo would remove. */
export function imports(caller: { orgId: string }, page: { limit: number; cursor?: string }) {
  return listImports(caller.orgId, page);
}
