import { addDays, daysBetween } from './dates.js';

/**
 * Is a file row already in the ledger? Each row is compared with the organization's existing
 * transactions ONLY — never with the other rows of the same file, so a genuine pair of same-day,
 * same-amount charges in one file stays two new rows. An existing transaction answers for at most one
 * row (a file with three equal rows against a ledger with two: two duplicates, the third is flagged
 * as a possible duplicate, not silently dropped). Pure and zod-free.
 */

export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'possible_duplicate'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** Days apart within which the same amount and name count as a possible duplicate. */
export const POSSIBLE_DUPLICATE_DAYS = 3;

export interface IncomingRow {
  date: string;
  name: string;
  amountCents: number;
  externalId: string | null;
}

export interface ExistingTransaction {
  id: string;
  date: string;
  name: string;
  amountCents: number;
  externalId: string | null;
  bankAccountId: string | null;
  /** 'plaid' for a line the bank sync brought; anything else was typed or imported by a person. */
  source?: string;
  /** A bank line's date, amount and name as the bank sent them, when a person changed one since. */
  bankSaid?: { date: string; amount: number; name: string } | null;
}

export interface RowClassification {
  status: ImportRowStatus;
  /** Why a row is a (possible) duplicate, in words; null for new rows. */
  reason: string | null;
  /** The existing transaction it matches, if any. */
  matchId: string | null;
}

/** Names compared loosely: case, punctuation and runs of spaces do not matter. */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const exactKey = (date: string, cents: number, name: string) => `${date}|${cents}|${normalizeName(name)}`;

export function classifyRows(
  rows: readonly IncomingRow[],
  existing: readonly ExistingTransaction[],
  bankAccountId: string | null,
): RowClassification[] {
  const used = new Set<string>();
  const byExternal = new Map<string, ExistingTransaction[]>();
  const byExact = new Map<string, ExistingTransaction[]>();
  const byBankSaid = new Map<string, ExistingTransaction[]>();
  const byAmount = new Map<number, ExistingTransaction[]>();
  const push = <K>(map: Map<K, ExistingTransaction[]>, key: K, t: ExistingTransaction) => {
    const list = map.get(key) ?? [];
    list.push(t);
    map.set(key, list);
  };
  for (const t of existing) {
    if (t.externalId) push(byExternal, t.externalId, t);
    push(byExact, exactKey(t.date, t.amountCents, t.name), t);
    if (t.bankSaid) push(byBankSaid, exactKey(t.bankSaid.date, t.bankSaid.amount, t.bankSaid.name), t);
    push(byAmount, t.amountCents, t);
  }
  const take = (list: ExistingTransaction[] | undefined, fits: (t: ExistingTransaction) => boolean = () => true) => {
    const found = list?.find((t) => !used.has(t.id) && fits(t));
    if (found) used.add(found.id);
    return found ?? null;
  };
  const result: (RowClassification | null)[] = rows.map(() => null);

  // Pass 1: the same external id in the same account (a bank's FITID is unique within one account only); pass 2:
  // the same account, date, amount and name, as the line is now or as the bank sent it before a person changed it.
  // Both are duplicates.
  rows.forEach((row, i) => {
    const match = row.externalId
      ? take(byExternal.get(row.externalId), (t) => t.bankAccountId === bankAccountId)
      : null;
    if (match)
      result[i] = {
        status: 'duplicate',
        reason: 'Same bank reference as a transaction already in the ledger',
        matchId: match.id,
      };
  });
  rows.forEach((row, i) => {
    if (result[i]) return;
    const key = exactKey(row.date, row.amountCents, row.name);
    const inAccount = (t: ExistingTransaction) => t.bankAccountId === bankAccountId;
    const match = take(byExact.get(key), inAccount);
    if (match) {
      result[i] = {
        status: 'duplicate',
        reason: 'Same date, amount and name as a transaction already in the ledger',
        matchId: match.id,
      };
      return;
    }
    const changed = take(byBankSaid.get(key), inAccount);
    if (changed) {
      result[i] = {
        status: 'duplicate',
        reason:
          'Same date, amount and name as the bank sent a transaction already in the ledger, since changed by a person',
        matchId: changed.id,
      };
    }
  });
  // Pass 3: possible duplicates, each with the reason. The existing transaction is not consumed: the person decides.
  rows.forEach((row, i) => {
    if (result[i]) return;
    const name = normalizeName(row.name);
    const candidates = byAmount.get(row.amountCents) ?? [];
    const exact = candidates.find((t) => t.date === row.date && normalizeName(t.name) === name);
    const sameDay = candidates.find((t) => t.date === row.date);
    const near = candidates.find(
      (t) => normalizeName(t.name) === name && Math.abs(daysBetween(t.date, row.date)) <= POSSIBLE_DUPLICATE_DAYS,
    );
    const sameReference = row.externalId ? byExternal.get(row.externalId)?.[0] : undefined;
    if (sameReference) {
      result[i] = {
        status: 'possible_duplicate',
        reason:
          sameReference.bankAccountId === bankAccountId
            ? 'Same bank reference as a transaction already matched by another row of this file'
            : sameReference.bankAccountId
              ? 'Same bank reference as a transaction in another account'
              : 'Same bank reference as a transaction without an account',
        matchId: sameReference.id,
      };
    } else if (exact) {
      const why = used.has(exact.id)
        ? 'Same date, amount and name as a transaction already matched by another row of this file'
        : exact.bankAccountId && exact.source === 'plaid'
          ? 'Same date, amount and name as a line the bank sync brought into another account'
          : exact.bankAccountId
            ? 'Same date, amount and name as a transaction in another account'
            : 'Same date, amount and name as a transaction without an account';
      result[i] = { status: 'possible_duplicate', reason: why, matchId: exact.id };
    } else if (near) {
      const days = Math.abs(daysBetween(near.date, row.date));
      result[i] = {
        status: 'possible_duplicate',
        reason: `Same amount and name, ${days} day${days === 1 ? '' : 's'} apart`,
        matchId: near.id,
      };
    } else if (sameDay) {
      result[i] = { status: 'possible_duplicate', reason: 'Same date and amount, different name', matchId: sameDay.id };
    } else {
      result[i] = { status: 'new', reason: null, matchId: null };
    }
  });
  return result as RowClassification[];
}

/**
 * Whether a row starts ticked in the review: only new rows. A duplicate and every possible duplicate (a twin in
 * another account, a synced line, a near date, a different name) start unticked with the reason beside them, so
 * nothing is counted twice unless a person ticks it.
 */
export function includedByDefault(status: ImportRowStatus): boolean {
  return status === 'new';
}

/**
 * The dates the ledger is read for: the file's first date minus POSSIBLE_DUPLICATE_DAYS to its last plus
 * as many (a bounded range query, not a scan); null for no rows.
 */
export function comparisonWindow(rows: readonly { date: string }[]): { from: string; to: string } | null {
  if (rows.length === 0) return null;
  let min = rows[0]!.date;
  let max = min;
  for (const { date } of rows) {
    if (date < min) min = date;
    if (date > max) max = date;
  }
  return { from: addDays(min, -POSSIBLE_DUPLICATE_DAYS), to: addDays(max, POSSIBLE_DUPLICATE_DAYS) };
}
