import { addDays, daysBetween } from './fileImport/dates.js';
import { type Cents, formatCurrency } from './money.js';
import type { Role } from './roles.js';

/**
 * Statement reconciliation (docs/reconciliation.md): the pure rules that compare a bank statement of one account
 * and period with the ledger's cleared lines of that account. Zod-free: the server decides with it, the browser
 * explains with it. Money in integer cents; a split transaction is ONE line here (its amount, never its parts).
 */

/** How many days apart a statement line and a ledger line may be dated and still be matched on their amount. */
export const MATCH_WINDOW_DAYS = 4;
/** How many statement lines a reconciliation keeps (they live in its one item, well under DynamoDB's 400 KB). */
export const STATEMENT_LINES_MAX = 2500;
/** The statement file's text a PUT may carry, and the body that carries it. */
export const STATEMENT_OFX_MAX_CHARS = 1_500_000;
export const STATEMENT_MAX_BODY_BYTES = 2_000_000;
/** How many ledger lines one reconciliation reads (the period plus the window on both sides). */
export const LEDGER_LINES_MAX = 10_000;

/**
 * Who undoes a finished reconciliation (docs/reconciliation.md "Who may do what"): an ADMIN alone. Staff reconcile.
 */
export const UNDO_RECONCILIATION_ROLES: readonly Role[] = ['ADMIN'];

/** Where the statement's balances came from. */
export const BALANCE_SOURCES = ['typed', 'ofx', 'bank'] as const;
export type BalanceSource = (typeof BALANCE_SOURCES)[number];
export const RECONCILIATION_STATUSES = ['open', 'finished'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** A line of the bank's statement (from its OFX/QFX file): signed cents, negative = money out. */
export interface StatementLine {
  id: string;
  date: string;
  amount: Cents;
  name: string;
  /** The bank's own id (OFX FITID), when the file gives one. */
  externalId: string | null;
}

/** A posted, not-ignored ledger line of the account (a split transaction is one line of its full amount). */
export interface AccountLine {
  id: string;
  date: string;
  amount: Cents;
  name: string;
  externalId: string | null;
  /** The reconciliation that holds this line already (another one's lines are never matched again). */
  reconciliationId: string | null;
}

export interface Period {
  /** First and last day of the statement, YYYY-MM-DD inclusive. */
  start: string;
  end: string;
}

export const MATCH_REASONS = ['same_bank_id', 'same_amount_and_date', 'same_amount_near_date'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

/** A statement line and the ledger line that is the same money. */
export interface Match {
  statementLineId: string;
  transactionId: string;
  reason: MatchReason;
  /** Ledger date minus statement date, in days. */
  days: number;
}

export const inPeriod = (date: string, period: Period) => date >= period.start && date <= period.end;

/** The first and last day of a month (YYYY-MM). */
export function monthPeriod(month: string): Period {
  const start = `${month}-01`;
  const next = addDays(`${month}-28`, 4).slice(0, 7);
  return { start, end: addDays(`${next}-01`, -1) };
}

/** The dates the ledger is read for: the period with the match window on both sides. */
export const readWindow = (period: Period): Period => ({
  start: addDays(period.start, -MATCH_WINDOW_DAYS),
  end: addDays(period.end, MATCH_WINDOW_DAYS),
});

const byDateThenId = <T extends { date: string; id: string }>(a: T, b: T) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
const dayNumber = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/**
 * Pairs statement lines with ledger lines, each at most once, in two passes: the same bank id (and amount); then the
 * same amount within MATCH_WINDOW_DAYS (reason "same date" when the dates agree). The second pass takes, for each
 * amount, the statement lines in date order and gives each the earliest free ledger line in its window: with equal
 * windows that pairs as many lines as any pairing can (nearest-first, or same-date-first, strands lines when an
 * amount repeats often, as rent and fees do; the bench measured 1.3% of a month left over that way). Deterministic: the same inputs always give the same pairs. Lines another reconciliation holds
 * are left out.
 */
export function autoMatch(
  statement: readonly StatementLine[],
  books: readonly AccountLine[],
  self: string | null,
): Match[] {
  const free = books.filter((line) => line.reconciliationId === null || line.reconciliationId === self);
  const days = new Map<string, number>();
  const dayOf = (date: string) => {
    let n = days.get(date);
    if (n === undefined) {
      n = dayNumber(date);
      days.set(date, n);
    }
    return n;
  };
  const taken = new Set<string>();
  const matched = new Set<string>();
  const matches: Match[] = [];
  const pair = (s: StatementLine, b: AccountLine, reason: MatchReason) => {
    matches.push({ statementLineId: s.id, transactionId: b.id, reason, days: dayOf(b.date) - dayOf(s.date) });
    taken.add(b.id);
    matched.add(s.id);
  };
  const sorted = [...statement].sort(byDateThenId);
  const byExternal = new Map<string, AccountLine>();
  for (const line of free) if (line.externalId) byExternal.set(line.externalId, line);
  for (const s of sorted) {
    const b = s.externalId ? byExternal.get(s.externalId) : undefined;
    if (b && b.amount === s.amount && !taken.has(b.id)) pair(s, b, 'same_bank_id');
  }
  // By amount: the candidates of each amount, in date order.
  const byAmount = new Map<number, AccountLine[]>();
  for (const line of [...free].sort(byDateThenId)) {
    if (taken.has(line.id)) continue;
    const list = byAmount.get(line.amount) ?? [];
    list.push(line);
    byAmount.set(line.amount, list);
  }
  const waiting = new Map<number, StatementLine[]>();
  for (const s of sorted) {
    if (matched.has(s.id)) continue;
    const list = waiting.get(s.amount) ?? [];
    list.push(s);
    waiting.set(s.amount, list);
  }
  for (const [amount, lines] of waiting) {
    const candidates = byAmount.get(amount) ?? [];
    let first = 0;
    for (const s of lines) {
      const day = dayOf(s.date);
      // Ledger lines before this one's window are before every later one's too: they are never matched.
      while (
        first < candidates.length &&
        (taken.has(candidates[first]!.id) || dayOf(candidates[first]!.date) < day - MATCH_WINDOW_DAYS)
      ) {
        first++;
      }
      for (let i = first; i < candidates.length && dayOf(candidates[i]!.date) <= day + MATCH_WINDOW_DAYS; i++) {
        if (taken.has(candidates[i]!.id)) continue;
        pair(s, candidates[i]!, candidates[i]!.date === s.date ? 'same_amount_and_date' : 'same_amount_near_date');
        break;
      }
    }
  }
  return matches;
}

/** A person's ticks: lines they ticked that were not matched, and matched lines they unticked. */
export interface Ticks {
  ticked: readonly string[];
  unticked: readonly string[];
}

export const ISSUE_KINDS = ['missing', 'extra', 'amount_differs', 'date_outside', 'balances'] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];
export type ReconciliationIssueKind = IssueKind;

/** One thing that makes up the difference (or is worth a look), with its share of it in cents. */
export interface Issue {
  kind: IssueKind;
  /** What this adds to the difference (end - start - cleared); 0 for a line shown only for a look. */
  effect: Cents;
  statementLineId: string | null;
  transactionId: string | null;
  date: string | null;
  amount: Cents | null;
  name: string | null;
  /** The human sentence shown in the drill-down. */
  message: string;
}

export interface LineView extends AccountLine {
  cleared: boolean;
  /** The statement line it was matched to, and why; null when unmatched. */
  match: Match | null;
  /** Whether this line counts for the period (dated in it); only those can be ticked. */
  inPeriod: boolean;
}

export interface ReconciliationResult {
  /** end - start - the sum of the cleared lines: what must reach 0 before Finish. */
  difference: Cents;
  cleared: Cents;
  clearedCount: number;
  lines: LineView[];
  matches: Match[];
  issues: Issue[];
  /** How many statement lines were matched without a person. */
  autoMatched: number;
}

export interface ReconcileInput {
  period: Period;
  startBalance: Cents;
  endBalance: Cents;
  /** The statement's lines; empty when only its balances were typed. */
  statement: readonly StatementLine[];
  /** The account's posted, not-ignored ledger lines dated in the read window (readWindow). */
  books: readonly AccountLine[];
  ticks: Ticks;
  /** The reconciliation's own id (its lines stay matchable by it). */
  self: string | null;
}

const money = (cents: number) => formatCurrency(cents, 2);

/** Loosely the same payee: the first word of each name, letters and digits only. */
const looselyNamed = (a: string, b: string) => {
  const first = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9 ]/g, ' ')
      .trim()
      .split(/\s+/)[0] ?? '';
  return first(a) !== '' && first(a) === first(b);
};

/**
 * The difference and everything that makes it up. Cleared = the ledger lines dated in the period that are matched
 * to a statement line or ticked by a person, minus the ones a person unticked. Without statement lines (balances
 * typed by a person) every line of the period starts cleared, and a person unticks what the bank did not pay.
 *
 * The issues add up to the difference exactly: each statement line not cleared by its match adds its amount, each
 * cleared line with no statement line takes its amount away, a matched pair that a person ticked with different
 * amounts adds their gap, and balances that do not agree with the statement's own lines add that gap.
 */
export function reconcile(input: ReconcileInput): ReconciliationResult {
  const { period, statement, ticks } = input;
  const hasStatement = statement.length > 0;
  const matches = autoMatch(statement, input.books, input.self);
  const matchOf = new Map(matches.map((m) => [m.transactionId, m]));
  const ticked = new Set(ticks.ticked);
  const unticked = new Set(ticks.unticked);
  const lines: LineView[] = input.books
    .filter((line) => line.reconciliationId === null || line.reconciliationId === input.self)
    .sort(byDateThenId)
    .map((line) => {
      const here = inPeriod(line.date, period);
      const match = matchOf.get(line.id) ?? null;
      const auto = hasStatement ? match !== null : true;
      const cleared = here && !unticked.has(line.id) && (auto || ticked.has(line.id));
      return { ...line, cleared, match, inPeriod: here };
    });
  const byId = new Map(lines.map((line) => [line.id, line]));
  const cleared = lines.reduce((sum, line) => (line.cleared ? sum + line.amount : sum), 0);
  const difference = input.endBalance - input.startBalance - cleared;
  const issues: Issue[] = [];
  const statementSum = statement.reduce((sum, line) => sum + line.amount, 0);
  if (hasStatement && statementSum !== input.endBalance - input.startBalance) {
    const gap = input.endBalance - input.startBalance - statementSum;
    issues.push({
      kind: 'balances',
      effect: gap,
      statementLineId: null,
      transactionId: null,
      date: null,
      amount: gap,
      name: null,
      message: `The start and end balances differ by ${money(gap)} from the statement's own lines, which add up to ${money(statementSum)}. Check the balances.`,
    });
  }
  const pairedStatement = new Map(matches.map((m) => [m.statementLineId, byId.get(m.transactionId)!]));
  const unmatchedBooks = lines.filter((line) => line.match === null && line.inPeriod);
  const usedForDiffers = new Set<string>();
  for (const s of [...statement].sort(byDateThenId)) {
    const b = pairedStatement.get(s.id);
    if (b?.cleared) continue;
    const base = { statementLineId: s.id, date: s.date, amount: s.amount, name: s.name };
    if (b && !b.inPeriod) {
      issues.push({
        ...base,
        kind: 'date_outside',
        effect: s.amount,
        transactionId: b.id,
        message: `In the books on ${b.date}, outside this statement (${period.start} to ${period.end}); the bank has it on ${s.date}. Change its date to count it here.`,
      });
      continue;
    }
    if (b) {
      issues.push({
        ...base,
        kind: 'missing',
        effect: s.amount,
        transactionId: b.id,
        message: `On the statement on ${s.date} and in the books, but unticked. Tick it if the bank paid it in this period.`,
      });
      continue;
    }
    const similar = unmatchedBooks.find(
      (line) =>
        !usedForDiffers.has(line.id) &&
        ((s.externalId !== null && line.externalId === s.externalId) ||
          (Math.abs(daysBetween(s.date, line.date)) <= MATCH_WINDOW_DAYS && looselyNamed(s.name, line.name))),
    );
    if (similar) {
      usedForDiffers.add(similar.id);
      const gap = similar.cleared ? s.amount - similar.amount : s.amount;
      issues.push({
        ...base,
        kind: 'amount_differs',
        effect: gap,
        transactionId: similar.id,
        message: `The bank has ${money(s.amount)} on ${s.date}; the books have ${money(similar.amount)} on ${similar.date}. Correct the amount in the books.`,
      });
      continue;
    }
    issues.push({
      ...base,
      kind: 'missing',
      effect: s.amount,
      transactionId: null,
      message: `On the statement on ${s.date} for ${money(s.amount)}, not in the books. Add it to the books.`,
    });
  }
  if (hasStatement) {
    for (const line of unmatchedBooks) {
      if (usedForDiffers.has(line.id)) continue; // its share is on its amount_differs issue
      issues.push({
        kind: 'extra',
        effect: line.cleared ? -line.amount : 0,
        statementLineId: null,
        transactionId: line.id,
        date: line.date,
        amount: line.amount,
        name: line.name,
        message: line.cleared
          ? `Ticked, but not on the statement: ${money(line.amount)} on ${line.date}. Untick it if the bank has not paid it yet.`
          : `In the books on ${line.date} for ${money(line.amount)}, not on the statement (not counted).`,
      });
    }
  } else {
    if (difference !== 0) {
      issues.push({
        kind: 'balances',
        effect: difference,
        statementLineId: null,
        transactionId: null,
        date: null,
        amount: difference,
        name: null,
        message: `The ticked lines add up to ${money(cleared)}; the statement's balances move by ${money(input.endBalance - input.startBalance)}. Load the statement's OFX or QFX file to see which lines differ, or tick and untick lines.`,
      });
    }
    for (const line of lines) {
      if (!line.inPeriod || line.cleared) continue;
      issues.push({
        kind: 'extra',
        effect: 0,
        statementLineId: null,
        transactionId: line.id,
        date: line.date,
        amount: line.amount,
        name: line.name,
        message: `Unticked: ${money(line.amount)} on ${line.date} is not counted in this statement.`,
      });
    }
  }
  return {
    difference,
    cleared,
    clearedCount: lines.filter((line) => line.cleared).length,
    lines,
    matches,
    issues,
    autoMatched: matches.length,
  };
}

/** Why Finish is refused, in words, or null when the difference is zero. */
export function finishBlockedReason(difference: Cents): string | null {
  if (difference === 0) return null;
  return `The difference is ${money(difference)}. Finish when it is ${money(0)}: add what is missing from the books, correct amounts and dates, or tick and untick lines.`;
}

export const RECONCILE_NOT_ZERO_CODE = 'RECONCILIATION_NOT_ZERO';
export const RECONCILED_CODE = 'RECONCILED';
export const reconciledMessage = (through: string) =>
  `This transaction is reconciled with the bank statement through ${through}: its date, amount, account and ignored state cannot be changed, and it cannot be deleted. An admin can undo the reconciliation or override.`;

/** The words of a match's reason, for the drill-down. */
export function matchReasonWords(match: Match): string {
  if (match.reason === 'same_bank_id') return 'Same bank id and amount';
  if (match.reason === 'same_amount_and_date') return 'Same amount and date';
  const days = Math.abs(match.days);
  return `Same amount, ${days} day${days === 1 ? '' : 's'} ${match.days > 0 ? 'later' : 'earlier'} in the books`;
}
