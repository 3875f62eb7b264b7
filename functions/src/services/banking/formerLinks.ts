import {
  addDays,
  type BankTransaction,
  normalizeName,
  normalizePlaidTransaction,
  type PlaidTransactionLike,
} from '@rent/shared';
import type { FormerLink } from '../../data/banking/banks.js';
import { type LedgerFacts, transactionsDated } from '../../data/ledger/dateRange.js';
import type { PlanAccount } from './syncPlan.js';

/**
 * A bank linked again (docs/banking.md "A bank linked again"). Disconnecting keeps the lines a link brought; linking
 * the same bank again makes a new Plaid item, whose history comes with new transaction and account ids. Each such
 * line that is already in the books is adopted by the new link (the old record takes the new ids, and keeps what
 * people did with it) instead of arriving a second time and counting twice.
 */

/** A line a former link brought, as matching needs it. */
export interface FormerLine {
  id: string;
  /** The former link that brought it (its `institutionId`). */
  linkId: string;
  date: string;
  amount: number;
  name: string;
  bankAccountId: string | null;
}

type Placed = { date: string; amount: number; name: string; bankAccountId: string | null };

const sameLine = (t: Placed) => `${t.date}|${t.amount}|${normalizeName(t.name)}`;
const sameDayAndAmount = (t: Placed) => `${t.date}|${t.amount}`;

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const byAccount = <T extends Placed>(lines: readonly T[]) => groupBy(lines, (line) => line.bankAccountId);

/**
 * Pairs arriving lines with former lines one for one, in a fixed order: of the same date, amount and name; then,
 * of what is left, a date and amount that only one line on each side has (a line a person renamed).
 */
function pairLines(arriving: readonly BankTransaction[], former: readonly FormerLine[]): [string, string][] {
  const waiting = groupBy(
    [...former].sort((a, b) => a.id.localeCompare(b.id)),
    sameLine,
  );
  const pairs: [string, string][] = [];
  const unpaired: BankTransaction[] = [];
  for (const t of [...arriving].sort((a, b) => a.plaidTransactionId.localeCompare(b.plaidTransactionId))) {
    const match = waiting.get(sameLine(t))?.shift();
    if (match) pairs.push([t.plaidTransactionId, match.id]);
    else unpaired.push(t);
  }
  const left = groupBy([...waiting.values()].flat(), sameDayAndAmount);
  for (const [key, lines] of groupBy(unpaired, sameDayAndAmount)) {
    const match = left.get(key);
    if (lines.length === 1 && match?.length === 1) pairs.push([lines[0]!.plaidTransactionId, match[0]!.id]);
  }
  return pairs;
}

/** Lines an account must share with a former one to be taken for it, unless every line of it is shared. */
const EVIDENCE_MIN = 3;

/**
 * Which arriving posted lines are former lines already in the books: Plaid id → the former line's transaction id.
 *
 * The accounts are told apart first, by evidence, since the new item's account ids are new: a new account takes the
 * former account from which at least half of its lines dated within that account's lines' dates are already in the
 * books, and at least EVIDENCE_MIN of them or all (`pairLines`), the account with the most such lines first, each
 * former account once and each new account at most one account of each former link. Only then are lines adopted,
 * one for one and only between the two accounts, so a genuine same-day twin stays two lines, and a different login
 * at the same bank (whose lines are not in the books) adopts nothing.
 */
export function formerLinesAdopted(
  arriving: readonly BankTransaction[],
  former: readonly FormerLine[],
): Map<string, string> {
  const candidates: { arriving: string; former: string; link: string; pairs: [string, string][] }[] = [];
  const formerByAccount = byAccount(former);
  for (const [newAccount, lines] of byAccount(arriving.filter((t) => !t.pending))) {
    for (const [oldAccount, old] of formerByAccount) {
      const dates = old.map((t) => t.date).sort();
      const within = lines.filter((t) => t.date >= dates[0]! && t.date <= dates.at(-1)!);
      const pairs = pairLines(within, old);
      const enough = pairs.length >= EVIDENCE_MIN || (pairs.length > 0 && pairs.length === within.length);
      if (enough && pairs.length * 2 >= within.length) {
        candidates.push({ arriving: newAccount, former: oldAccount, link: old[0]!.linkId, pairs });
      }
    }
  }
  candidates.sort(
    (a, b) =>
      b.pairs.length - a.pairs.length || a.arriving.localeCompare(b.arriving) || a.former.localeCompare(b.former),
  );
  const taken = new Set<string>();
  const adopted = new Map<string, string>();
  for (const c of candidates) {
    // Each new account takes at most one account of each former link (a bank linked a third time meets the lines
    // of both earlier links), each former account one new account.
    const newSide = `new#${c.arriving}#${c.link}`;
    if (taken.has(newSide) || taken.has(`old#${c.former}`)) continue;
    taken.add(newSide).add(`old#${c.former}`);
    for (const [plaidId, transactionId] of c.pairs) adopted.set(plaidId, transactionId);
  }
  return adopted;
}

/** A line's date, amount and name as the bank sent them, whatever a person changed since. */
const bankFactsOf = (t: LedgerFacts) => t.bankSaid ?? { date: t.date, amount: t.amount, name: t.name };

/**
 * The adoptions of a sync's arriving lines (`formerLinesAdopted`) for a link with former links: one range read of
 * the ledger over the new arriving lines' dates up to the day after the last disconnect (lines dated later cannot be
 * in the books from before it), kept to the lines the former links brought that count (posted, not removed by the
 * bank). Nothing is read for a link without former links, nor for a sync with nothing new dated before then.
 */
export async function adoptionsOf(
  orgId: string,
  formerLinks: readonly FormerLink[] | undefined,
  arrivingPages: readonly PlaidTransactionLike[],
  accounts: readonly PlanAccount[],
  isKnown: (plaidTransactionId: string) => boolean,
): Promise<Map<string, string>> {
  if (!formerLinks?.length) return new Map();
  // A bank dates lines by its own calendar, which may be a day ahead of the UTC day the link was disconnected on.
  const through = addDays(
    formerLinks
      .map((f) => f.through)
      .sort()
      .at(-1)!,
    1,
  );
  const accountOf = new Map(accounts.map((a) => [a.accountId, a.id]));
  // Lines this link already has (a replay of the same pages, or the rest of a sync that stopped part way) are the
  // planner's to update: only new ones are compared, so what was adopted before counts neither way.
  const arriving = arrivingPages
    .filter((t) => !isKnown(t.transaction_id))
    .map((t) => normalizePlaidTransaction(t, (id) => accountOf.get(id) ?? null))
    .filter((t) => !t.pending && t.date <= through);
  if (arriving.length === 0) return new Map();
  const dates = arriving.map((t) => t.date).sort();
  const links = new Set(formerLinks.map((f) => f.linkId));
  // A line a person re-dated, renamed or changed the amount of is compared as the bank sent it.
  const former = (await transactionsDated(orgId, dates[0]!, dates.at(-1)!)).flatMap((t) =>
    t.source === 'plaid' && t.institutionId !== null && links.has(t.institutionId) && !t.pending && !t.removedByBank
      ? [{ id: t.id, linkId: t.institutionId, bankAccountId: t.bankAccountId, ...bankFactsOf(t) }]
      : [],
  );
  return former.length === 0 ? new Map() : formerLinesAdopted(arriving, former);
}
