import { randomUUID } from 'node:crypto';
import {
  addDays,
  finishBlockedReason,
  fromCents,
  inPeriod,
  LEDGER_LINES_MAX,
  monthPeriod,
  parseLedgerBalanceOf,
  parseStatementLines,
  RECONCILE_NOT_ZERO_CODE,
  type Reconciliation,
  type ReconciliationList,
  readWindow,
  STATEMENT_LINES_MAX,
  type StatementInput,
  type StatementLine,
} from '@rent/shared';
import { type BankAccountRecord, getBankAccount } from '../../data/banking/banks.js';
import { newTransaction, type TransactionRecord } from '../../data/ledger/items.js';
import { writeLedger } from '../../data/ledger/plan.js';
import { readTransactions } from '../../data/ledger/read.js';
import { RECONCILED_REACH_DAYS } from '../../data/ledger/reconciled.js';
import {
  bookLinesOf,
  getReconciliationRecord,
  listReconciliationLog,
  listReconciliationRecords,
  type ReconciliationRecord,
  reconciledIdsOf,
  reconciledThroughOf,
  reconciliationIdOf,
  saveReconciliationRecord,
  setReconciliationStatus,
} from '../../data/reconciliation/reconciliations.js';
import { activeRuleSet } from '../../data/rules/rules.js';
import { Busy, Conflict, Invalid, NotFound } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import type { Caller } from '../../runtime/identity.js';
import { replayHeldBankChanges } from '../banking/heldChanges.js';
import { personActor } from '../ledger/actors.js';
import { categorizeOnArrival } from '../ledger/categorize.js';
import { leaseBook, link } from '../ledger/leaseLinks.js';
import { assertPeriodOpen } from '../ledger/periods.js';
import { suggestions, view } from './view.js';

/**
 * Statement reconciliation (docs/reconciliation.md): the one door. A statement of a bank account and month (balances
 * typed, read from an OFX/QFX file, or suggested from the bank's last balance) is compared with the account's posted
 * ledger lines by the pure rules of shared/src/core/reconciliation.ts; Finish is refused (409) unless the difference
 * is zero, then marks the cleared lines reconciled through the ledger write plan (one audit entry each) and moves the
 * account's reconciled-through date. Staff reconcile; only an ADMIN undoes.
 */

const byName = (caller: Caller) => caller.name ?? caller.email;

/** A line losing this reconciliation's mark: at undo, or while a statement a finish left part way is still open. */
const unmarked = (t: TransactionRecord, now: string): [TransactionRecord, TransactionRecord] => [
  t,
  { ...t, reconciliationId: null, reconciled: null, updatedAt: now, version: t.version + 1 },
];

/** The account (404 for another organization's), the month's period, and a saved reconciliation if any. */
async function load(caller: Caller, accountId: string, month: string) {
  // The month's record is read beside the account: another organization's account is a 404 whatever it finds.
  const [account, record] = await Promise.all([
    getBankAccount(caller.orgId, accountId),
    getReconciliationRecord(caller.orgId, accountId, month),
  ]);
  return { account, period: monthPeriod(month), record };
}

/**
 * The statement as shown. `account` is as read by this request (consistently) or as its write just left it: how far
 * it is reconciled comes from it, not from another read.
 */
async function current(caller: Caller, account: BankAccountRecord, month: string, record: ReconciliationRecord | null) {
  const [books, suggested] = await Promise.all([
    bookLinesOf(caller.orgId, account.id, readWindow(monthPeriod(month)), LEDGER_LINES_MAX),
    suggestions(caller.orgId, account, month),
  ]);
  const shown = view(account, month, record, books, account.reconciledThrough ?? null, suggested);
  return { books, view: shown.view, difference: shown.difference };
}

export async function getReconciliation(caller: Caller, accountId: string, month: string): Promise<Reconciliation> {
  const { account, record } = await load(caller, accountId, month);
  return (await current(caller, account, month, record)).view;
}

export async function listReconciliations(caller: Caller, accountId: string): Promise<ReconciliationList> {
  // The account (a 404 for another organization's, and how far it is reconciled) beside its lists.
  const [account, records, log] = await Promise.all([
    getBankAccount(caller.orgId, accountId),
    listReconciliationRecords(caller.orgId, accountId),
    listReconciliationLog(caller.orgId, accountId),
  ]);
  return {
    accountId,
    accountName: account.mask ? `${account.name} ••${account.mask}` : account.name,
    reconciledThrough: account.reconciledThrough ?? null,
    reconciliations: records.map((r) => ({
      month: r.month,
      status: r.status,
      startBalance: fromCents(r.startBalance),
      endBalance: fromCents(r.endBalance),
      finishedAt: r.finishedAt,
    })),
    log,
  };
}

/**
 * A finish spends at most this long marking lines (Lambda's timeout is 10 s); the rest is marked by finishing again,
 * which the web does at once (a line marked stays marked, so nothing is done twice).
 */
const FINISH_BUDGET_MS = 7_000;

const finishUnfinished = (marked: number, lines: number) =>
  new Busy(
    `Finishing this statement takes more than one request: ${marked} of its ${lines} cleared lines are marked so far. Finish again to go on; nothing done is repeated.`,
    'RECONCILE_UNFINISHED',
  );

const finishedAlready = () =>
  new Conflict('RECONCILED', 'This statement is reconciled. An admin can undo the reconciliation to change it.');

/**
 * Saves the statement: typed balances, or a file's (its <LEDGERBAL> is the end balance; the start is the previous
 * statement's end, else the end minus the file's lines in the month). Ticks are kept; the statement's lines replaced.
 */
export async function putStatement(
  caller: Caller,
  accountId: string,
  month: string,
  input: StatementInput,
): Promise<Reconciliation> {
  const { account, period, record } = await load(caller, accountId, month);
  if (record?.status === 'finished') throw finishedAlready();
  let statementLines: StatementLine[] = record?.statementLines ?? [];
  let fileEnd: number | null = null;
  if (input.ofx != null) {
    const lines = parseStatementLines(input.ofx, period);
    if (!lines.ok) throw new Invalid(lines.reason);
    if (lines.value.length > STATEMENT_LINES_MAX) {
      throw new Invalid(`The statement has more than ${STATEMENT_LINES_MAX} lines in ${month}: too many to reconcile.`);
    }
    statementLines = lines.value;
    const balance = parseLedgerBalanceOf(input.ofx, period);
    if (!balance.ok) throw new Invalid(balance.reason);
    fileEnd = balance.value;
  }
  const end = input.endBalance ?? fileEnd;
  const suggested = await suggestions(caller.orgId, account, month);
  const start =
    input.startBalance ??
    suggested.startBalance ??
    (end !== null ? end - statementLines.reduce((sum, line) => sum + line.amount, 0) : null);
  if (start === null || end === null) throw new Invalid('Type the start and end balances of the statement.');
  const now = new Date().toISOString();
  const next: ReconciliationRecord = {
    organizationId: caller.orgId,
    accountId,
    month,
    periodStart: period.start,
    periodEnd: period.end,
    startBalance: start,
    endBalance: end,
    balanceSource: input.endBalance == null && fileEnd !== null ? 'ofx' : 'typed',
    statementLines,
    ticked: record?.ticked ?? [],
    unticked: record?.unticked ?? [],
    status: 'open',
    finishedAt: null,
    finishedBy: null,
    createdAt: record?.createdAt ?? now,
    updatedAt: now,
    version: (record?.version ?? 0) + 1,
  };
  if (record && input.version !== undefined && input.version !== record.version) {
    throw new Conflict('CONFLICT', 'This reconciliation was changed by someone else. Reload it and try again.');
  }
  await saveReconciliationRecord(next, record?.version ?? null);
  return (await current(caller, account, month, next)).view;
}

/** Ticks or unticks one line of the month (a line outside the month, or of another account, is a 400). */
export async function tickLine(
  caller: Caller,
  accountId: string,
  month: string,
  input: { transactionId: string; cleared: boolean },
): Promise<Reconciliation> {
  for (let attempt = 1; ; attempt++) {
    const { account, period, record } = await load(caller, accountId, month);
    if (!record) throw new Invalid('Save the statement balances before ticking lines.');
    if (record.status === 'finished') throw finishedAlready();
    const books = await bookLinesOf(caller.orgId, accountId, readWindow(period), LEDGER_LINES_MAX);
    const line = books.find((b) => b.id === input.transactionId);
    if (!line || !inPeriod(line.date, period)) {
      throw new Invalid(`Only this account's lines dated ${period.start} to ${period.end} can be ticked.`);
    }
    const without = (ids: string[]) => ids.filter((id) => id !== input.transactionId);
    const next: ReconciliationRecord = {
      ...record,
      ticked: input.cleared ? [...without(record.ticked), input.transactionId] : without(record.ticked),
      unticked: input.cleared ? without(record.unticked) : [...without(record.unticked), input.transactionId],
      updatedAt: new Date().toISOString(),
      version: record.version + 1,
    };
    try {
      await saveReconciliationRecord(next, record.version);
    } catch (error) {
      // Two ticks at once: the later one applies itself to the newer ticks.
      if (error instanceof Conflict && attempt < 4) continue;
      throw error;
    }
    // A line a finish marked before it stopped part way is no longer held once it is not cleared.
    const self = reconciliationIdOf(accountId, month);
    if (!input.cleared && line.reconciliationId === self) await releaseMarks(caller, self, [line.id]);
    return (await current(caller, account, month, next)).view;
  }
}

/** A statement line missing from the books becomes a transaction of the account, categorized by the rules. */
export async function addStatementLineToBooks(
  caller: Caller,
  accountId: string,
  month: string,
  lineId: string,
): Promise<{ transactionId: string }> {
  const { account, record } = await load(caller, accountId, month);
  const line = record?.statementLines.find((l) => l.id === lineId);
  if (!record || !line) throw new NotFound('Statement line');
  if (record.status === 'finished') throw finishedAlready();
  const actor = personActor(caller);
  await assertPeriodOpen(caller.orgId, [line.date], actor);
  const now = new Date().toISOString();
  const entered = newTransaction({
    id: randomUUID(),
    externalId: line.externalId,
    userId: caller.userId,
    organizationId: caller.orgId,
    institutionId: account.institutionId,
    bankAccountId: account.id,
    amount: line.amount,
    date: line.date,
    name: line.name,
    notes: `Added from the ${month} bank statement`,
    source: 'user_created',
    createdAt: now,
    propertyId: account.propertyId,
  });
  const categorized = categorizeOnArrival(await activeRuleSet(caller.orgId), entered, now);
  const linked = link(await leaseBook(caller.orgId), categorized);
  await writeLedger(caller.orgId, [[null, linked]], { actor, atomic: true });
  return { transactionId: linked.id };
}

/**
 * Finish: only at a zero difference (409 RECONCILIATION_NOT_ZERO otherwise, nothing written), computed again from
 * the cleared lines as stored. Marks each cleared line reconciled (one audit entry each, via the write plan), then
 * the reconciliation finished and the account reconciled through the statement's end. Lines an attempt that stopped
 * part way marked stay marked while they stay cleared, and finishing again completes it; a line unticked since loses
 * its mark (at the untick, or here at the latest), so an open statement never holds a line it does not clear.
 */
export async function finishReconciliation(
  caller: Caller,
  accountId: string,
  month: string,
  options: { started?: number } = {},
): Promise<Reconciliation> {
  const deadline = (options.started ?? Date.now()) + FINISH_BUDGET_MS;
  const { account, period, record } = await load(caller, accountId, month);
  if (!record) throw new Invalid('Save the statement balances before finishing.');
  if (record.status === 'finished') throw finishedAlready();
  const now = await current(caller, account, month, record);
  const refuse = (difference: number) => {
    throw new Conflict(RECONCILE_NOT_ZERO_CODE, finishBlockedReason(difference)!, {
      difference: fromCents(difference),
    });
  };
  if (now.difference !== 0) refuse(now.difference);
  const self = reconciliationIdOf(accountId, month);
  const clearedIds = now.view.lines.filter((line) => line.cleared).map((line) => line.id);
  const cleared = new Set(clearedIds);
  // Marked by a finish that stopped part way, and unticked since: the mark goes with this finish.
  const releasedIds = now.books
    .filter((line) => line.reconciliationId === self && !cleared.has(line.id))
    .map((line) => line.id);
  const stored = await readTransactions(caller.orgId, [...clearedIds, ...releasedIds]);
  const clearedSum = clearedIds.reduce((sum, id) => sum + (stored.get(id)?.amount ?? 0), 0);
  const moved = clearedIds.some((id) => {
    const t = stored.get(id);
    return !t || t.bankAccountId !== accountId || t.isIgnored || t.pending || !inPeriod(t.date, period);
  });
  const difference = record.endBalance - record.startBalance - clearedSum;
  if (moved) {
    throw new Conflict(
      'CONFLICT',
      'Lines of this statement changed while it was being finished. Reload it and try again.',
    );
  }
  if (difference !== 0) refuse(difference);
  const stamp = new Date().toISOString();
  const marks = clearedIds
    .map((id) => stored.get(id)!)
    .filter((t) => t.reconciliationId !== self)
    .map((t): [TransactionRecord, TransactionRecord] => [
      t,
      { ...t, reconciliationId: self, reconciled: period.end, updatedAt: stamp, version: t.version + 1 },
    ]);
  const releases = releasedIds
    .map((id) => stored.get(id))
    .filter((t): t is TransactionRecord => t?.reconciliationId === self)
    .map((t) => unmarked(t, stamp));
  const { pending } = await writeLedger(caller.orgId, [...releases, ...marks], {
    actor: personActor(caller, 'reconciliation', self),
    deadline,
  });
  if (pending.length > 0) {
    const marksLeft = pending.filter(([, after]) => after?.reconciliationId === self).length;
    throw finishUnfinished(clearedIds.length - marksLeft, clearedIds.length);
  }
  // Read again, not taken from `load`: another statement of the account may have finished while the lines were marked.
  const through = await reconciledThroughOf(caller.orgId, accountId);
  const reconciledThrough = through !== null && through > period.end ? through : period.end;
  const finished = await setReconciliationStatus(record, {
    status: 'finished',
    reconciledThrough,
    byUserId: caller.userId,
    byName: byName(caller),
  });
  return (await current(caller, { ...account, reconciledThrough }, month, finished)).view;
}

/** The lines of `ids` this reconciliation marked lose the mark, one audit entry each. */
async function releaseMarks(caller: Caller, self: string, ids: string[]) {
  const stored = await readTransactions(caller.orgId, ids);
  const now = new Date().toISOString();
  const changes = [...stored.values()].filter((t) => t.reconciliationId === self).map((t) => unmarked(t, now));
  if (changes.length > 0)
    await writeLedger(caller.orgId, changes, { actor: personActor(caller, 'reconciliation', self) });
}

/**
 * Undo (ADMIN only, by the route): the lines lose their mark (one audit entry each), the reconciliation is open
 * again, the account's reconciled-through date falls back to the latest statement still finished, and the log says
 * who undid it.
 */
export async function undoReconciliation(caller: Caller, accountId: string, month: string): Promise<Reconciliation> {
  const { account, period, record } = await load(caller, accountId, month);
  if (!record) throw new NotFound('Reconciliation');
  if (record.status !== 'finished')
    throw new Conflict('NOT_RECONCILED', 'This statement is not reconciled: there is nothing to undo.');
  const self = reconciliationIdOf(accountId, month);
  // No write moves a marked line further than this from the statement (data/ledger/reconciled.ts).
  const ids = await reconciledIdsOf(caller.orgId, self, {
    start: addDays(period.start, -RECONCILED_REACH_DAYS),
    end: addDays(period.end, RECONCILED_REACH_DAYS),
  });
  await releaseMarks(caller, self, ids);
  const others = (await listReconciliationRecords(caller.orgId, accountId)).filter(
    (r) => r.status === 'finished' && r.month !== month,
  );
  const through =
    others.length > 0
      ? others
          .map((r) => r.periodEnd)
          .sort()
          .at(-1)!
      : null;
  const undone = await setReconciliationStatus(record, {
    status: 'open',
    reconciledThrough: through,
    byUserId: caller.userId,
    byName: byName(caller),
  });
  // What the bank changed on these lines meanwhile was held: it lands now (what fails, the next sync replays).
  await replayHeldBankChanges(caller.orgId).catch((error) =>
    logger.warn('bank changes held by a reconciliation not replayed at undo', { error: String(error) }),
  );
  return (await current(caller, { ...account, reconciledThrough: through ?? undefined }, month, undone)).view;
}
