import {
  type AccountLine,
  finishBlockedReason,
  fromCents,
  inPeriod,
  matchReasonWords,
  monthPeriod,
  type Reconciliation,
  reconcile,
} from '@rent/shared';
import type { ReconciliationYearRow } from '@rent/shared/reports/reconciliationTable';
import { type BankAccountRecord, getInstitution, listBankAccounts } from '../../data/banking/banks.js';
import {
  listReconciliationRecords,
  type ReconciliationRecord,
  reconciliationIdOf,
} from '../../data/reconciliation/reconciliations.js';

/**
 * What the reconciliation service shows (docs/reconciliation.md): a month as the API answers it (money in decimals,
 * the matches' reasons in words), the balances it suggests, and the year's summary for the tax package.
 */

/** Cents inside, a signed decimal on the wire. */
const decimal = (cents: number | null) => (cents === null ? null : fromCents(cents));

/** What the bank or the previous statement suggests for a month without a saved statement. */
export async function suggestions(orgId: string, account: BankAccountRecord, month: string) {
  const [saved, institution] = await Promise.all([
    listReconciliationRecords(orgId, account.id),
    getInstitution(orgId, account.institutionId).catch(() => null),
  ]);
  const previous = saved.filter((r) => r.month < month).at(-1);
  const lastSync = institution?.lastSyncedAt?.slice(0, 10) ?? null;
  const period = monthPeriod(month);
  // Plaid's current balance is "as of" the last sync: it is this statement's end only when that sync fell in it.
  const bankEnd = account.balance !== null && lastSync !== null && inPeriod(lastSync, period);
  // Plaid's `current` of a credit card or loan is what is owed (positive); the ledger counts money out as negative.
  const owed = account.type === 'credit' || account.type === 'loan';
  return {
    startBalance: previous ? previous.endBalance : null,
    startFrom: previous ? `The end balance of the ${previous.month} statement` : null,
    endBalance: bankEnd ? (owed ? -account.balance! : account.balance) : null,
    endFrom: bankEnd ? `The bank's balance at its last sync on ${lastSync}` : null,
  };
}

export function view(
  account: BankAccountRecord,
  month: string,
  record: ReconciliationRecord | null,
  books: AccountLine[],
  reconciledThrough: string | null,
  suggested: Reconciliation['suggestions'],
): { view: Reconciliation; difference: number } {
  const period = monthPeriod(month);
  const self = reconciliationIdOf(account.id, month);
  const start = record?.startBalance ?? suggested.startBalance;
  const end = record?.endBalance ?? suggested.endBalance;
  const result = reconcile({
    period,
    startBalance: start ?? 0,
    endBalance: end ?? 0,
    statement: record?.statementLines ?? [],
    books,
    ticks: { ticked: record?.ticked ?? [], unticked: record?.unticked ?? [] },
    self,
  });
  const finishBlocked =
    record === null
      ? 'Save the statement balances first.'
      : record.status === 'finished'
        ? 'This statement is reconciled.'
        : finishBlockedReason(result.difference);
  const shown: Reconciliation = {
    accountId: account.id,
    accountName: account.mask ? `${account.name} ••${account.mask}` : account.name,
    month,
    periodStart: period.start,
    periodEnd: period.end,
    status: record?.status ?? 'new',
    startBalance: decimal(start),
    endBalance: decimal(end),
    balanceSource: record?.balanceSource ?? null,
    suggestions: {
      ...suggested,
      startBalance: decimal(suggested.startBalance),
      endBalance: decimal(suggested.endBalance),
    },
    statementLineCount: record?.statementLines.length ?? 0,
    difference: fromCents(result.difference),
    cleared: fromCents(result.cleared),
    clearedCount: result.clearedCount,
    autoMatched: result.autoMatched,
    finishBlocked,
    lines: result.lines.map((line) => ({
      id: line.id,
      date: line.date,
      amount: fromCents(line.amount),
      name: line.name,
      cleared: line.cleared,
      inPeriod: line.inPeriod,
      match: line.match,
      reason: line.match ? matchReasonWords(line.match) : null,
    })),
    issues: result.issues.map((issue) => ({
      ...issue,
      effect: fromCents(issue.effect),
      amount: decimal(issue.amount),
    })),
    reconciledThrough,
    finishedAt: record?.finishedAt ?? null,
    finishedBy: record?.finishedBy ?? null,
    version: record?.version ?? 0,
  };
  return { view: shown, difference: result.difference };
}

/**
 * Every bank account's months of `year` (up to this month) with their reconciliation, for the tax package
 * (docs/reconciliation.md "Reports"). Reads the organization's accounts, then each one's reconciliations side by side.
 */
export async function reconciliationYear(
  orgId: string,
  year: string,
  now = new Date(),
): Promise<ReconciliationYearRow[]> {
  const accounts = await listBankAccounts(orgId);
  const last = now.toISOString().slice(0, 7);
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`).filter(
    (m) => m <= last,
  );
  const records = await Promise.all(accounts.map((account) => listReconciliationRecords(orgId, account.id)));
  const rows: ReconciliationYearRow[] = [];
  for (const [i, account] of accounts.entries()) {
    const saved = new Map(records[i]!.map((r) => [r.month, r]));
    const name = account.mask ? `${account.name} ••${account.mask}` : account.name;
    for (const month of months) {
      const r = saved.get(month);
      rows.push({
        accountName: name,
        month,
        status: r?.status ?? null,
        startBalance: r ? fromCents(r.startBalance) : null,
        endBalance: r ? fromCents(r.endBalance) : null,
        finishedAt: r?.finishedAt ?? null,
      });
    }
  }
  return rows;
}
