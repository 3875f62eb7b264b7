import { isTransferCategory } from './categories.js';
import { isRentIncome } from './leases.js';
import type { Cents } from './money.js';

/**
 * Transfers between the organization's own accounts (docs/ledger.md "Transfers"). Zod-free and pure: the server
 * pairs with it on arrival and answers suggestions with it; the tests prove it.
 *
 * Two lines are a transfer pair when they are in different accounts, of the same absolute amount in cents with
 * opposite signs, dated at most TRANSFER_WINDOW_DAYS apart, and each is pairable (`pairBlock` is null). Automation
 * pairs only an unambiguous pair: each is the other's ONLY candidate, both are bank lines (they name an account), neither
 * is rent, and no person unpaired those two before. Everything else that fits is a suggestion a person may accept.
 */

/** The category both sides of a pair get: the transfer group's own-account transfer. */
export const TRANSFER_CATEGORY = 'account_transfers';
/** How many days apart the two sides of a transfer may be dated (banks post the two legs a day or two apart). */
export const TRANSFER_WINDOW_DAYS = 5;
/** A person's unpairs a line remembers (automation never pairs those two again). */
export const TRANSFER_REFUSALS_MAX = 20;

/** What the rule reads of a transaction. */
export interface TransferLine {
  id: string;
  bankAccountId: string | null;
  amount: Cents;
  date: string;
  category: string | null;
  categorizationSource: string | null;
  isIgnored: boolean;
  pending?: boolean | null;
  removedByBank?: boolean | null;
  parts?: readonly unknown[] | null;
  transferPairId?: string | null;
  /** Lines a person unpaired this one from: never paired with it again by automation. */
  transferRefusedIds?: readonly string[] | null;
  /** A finished reconciliation holds it (docs/reconciliation.md): left alone. */
  reconciliationId?: string | null;
  /** The lease it pays as rent: automation never pairs it. */
  leaseId?: string | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Whole days between two YYYY-MM-DD dates (never negative). */
export const daysApart = (a: string, b: string) => Math.abs(dayNumber(a) - dayNumber(b));

/** Why a line cannot be one side of a transfer, in words a person reads; null when it can. */
export function pairBlock(line: TransferLine): string | null {
  if (line.transferPairId) return 'It is already paired as a transfer. Unpair it first.';
  if (line.parts && line.parts.length > 0) return 'A split transaction cannot be paired as a transfer.';
  if (line.isIgnored || line.removedByBank) return 'An ignored transaction cannot be paired as a transfer.';
  if (line.pending) return 'A pending transaction cannot be paired until the bank posts it.';
  if (line.reconciliationId) return 'A reconciled transaction keeps its category: it cannot be paired.';
  if (line.amount === 0) return 'A transaction of $0.00 cannot be a transfer.';
  if (line.category && line.categorizationSource === 'manual' && !isTransferCategory(line.category)) {
    return 'It was categorized by a person as something other than a transfer.';
  }
  return null;
}

/** Why these two lines are not a transfer pair (each already pairable), in words; null when they fit. */
export function pairMisfit(a: TransferLine, b: TransferLine): string | null {
  if (a.id === b.id) return 'A transaction cannot be paired with itself.';
  if (a.bankAccountId !== null && a.bankAccountId === b.bankAccountId) {
    return 'Both transactions are in the same account: a transfer moves money between two accounts.';
  }
  if (a.amount + b.amount !== 0) {
    return 'A transfer pairs money out of one account with the same amount into another: the amounts must be equal and opposite.';
  }
  if (daysApart(a.date, b.date) > TRANSFER_WINDOW_DAYS) {
    return `The two sides of a transfer must be dated at most ${TRANSFER_WINDOW_DAYS} days apart.`;
  }
  return null;
}

/** Whether a person's pair of these two is allowed: both pairable and fitting. Returns the reason when not. */
export function manualPairBlock(a: TransferLine, b: TransferLine): string | null {
  return pairBlock(a) ?? pairBlock(b) ?? pairMisfit(a, b);
}

const refused = (a: TransferLine, b: TransferLine) =>
  !!a.transferRefusedIds?.includes(b.id) || !!b.transferRefusedIds?.includes(a.id);

/**
 * The lines of `pool` that `line` could be paired with by hand (suggestions), nearest date first: pairable, fitting,
 * and not unpaired from it by a person.
 */
export function transferCandidates<T extends TransferLine>(line: TransferLine, pool: Iterable<T>): T[] {
  if (pairBlock(line)) return [];
  const found: T[] = [];
  for (const other of pool) {
    if (other.id === line.id || pairBlock(other) || pairMisfit(line, other) || refused(line, other)) continue;
    found.push(other);
  }
  return found.sort((x, y) => daysApart(line.date, x.date) - daysApart(line.date, y.date) || x.id.localeCompare(y.id));
}

/** Both sides name an account: what automation requires (a hand-entered line is only ever suggested). */
const bankLine = (line: TransferLine) => line.bankAccountId !== null;

/**
 * Whether automation may pair this line: never rent. A line linked to a lease pays it (the tenant's ledger and the
 * rent roll count it there), and rent a rule categorized is the landlord's own word about that payer; a coincidence
 * of amounts must not undo either. Such a line is only suggested: a person may still pair it, which unlinks it.
 */
export const automationMayPair = (line: TransferLine) =>
  !line.leaseId && !(line.categorizationSource === 'rule' && isRentIncome(line));

/**
 * The pairs automation makes among `lines` (arrivals together with the recent lines around them): a pair only when
 * each is the other's one and only candidate among all the lines, both name an account, neither is rent
 * (`automationMayPair`), and each pair at most once. Ambiguous lines (two candidates either way) are left for a
 * person; rent still counts as a candidate, so a line it makes ambiguous is left too. Deterministic: ordered by the
 * first id.
 */
export function automaticPairs<T extends TransferLine>(lines: readonly T[]): [T, T][] {
  const all = [...new Map(lines.map((line) => [line.id, line])).values()].filter(bankLine);
  // Only lines of the same absolute amount can pair: compare within those, so a first sync of years stays linear.
  const byAmount = new Map<number, T[]>();
  for (const line of all) {
    const same = byAmount.get(Math.abs(line.amount));
    if (same) same.push(line);
    else byAmount.set(Math.abs(line.amount), [line]);
  }
  const only = new Map<string, T | null>();
  for (const line of all) {
    const candidates = transferCandidates(line, byAmount.get(Math.abs(line.amount))!);
    only.set(line.id, candidates.length === 1 ? candidates[0]! : null);
  }
  const pairs: [T, T][] = [];
  for (const line of all) {
    const other = only.get(line.id);
    if (!other || only.get(other.id)?.id !== line.id || line.id > other.id) continue;
    if (!automationMayPair(line) || !automationMayPair(other)) continue;
    pairs.push([line, other]);
  }
  return pairs.sort(([a], [b]) => a.id.localeCompare(b.id));
}

/** The date range around some dates that holds every line they could pair with (YYYY-MM-DD, inclusive). */
export function transferWindow(dates: readonly string[]): { from: string; to: string } | null {
  if (dates.length === 0) return null;
  const days = dates.map(dayNumber);
  const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
  return { from: iso(Math.min(...days) - TRANSFER_WINDOW_DAYS), to: iso(Math.max(...days) + TRANSFER_WINDOW_DAYS) };
}

/** A person's unpair remembered on a line (the most recent kept, each id once). */
export function withRefusal(refusedIds: readonly string[] | null | undefined, otherId: string): string[] {
  const kept = (refusedIds ?? []).filter((id) => id !== otherId);
  return [...kept, otherId].slice(-TRANSFER_REFUSALS_MAX);
}

/** How the other side of a transfer is named: "ONLINE TRANSFER TO SAVINGS in Savings ••4321". */
export const transferSideLabel = (name: string, accountName: string | null) =>
  accountName ? `${name} in ${accountName}` : `${name} (no account)`;

/** An account as people know it: "Savings ••4321". */
export const accountLabel = (name: string, mask: string | null | undefined) => (mask ? `${name} ••${mask}` : name);
