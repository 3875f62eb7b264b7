import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountLine,
  autoMatch,
  finishBlockedReason,
  MATCH_WINDOW_DAYS,
  monthPeriod,
  reconcile,
  type StatementLine,
} from '../../shared/src/core/reconciliation.js';
import { ReconciliationParams } from '../../shared/src/domain/reconciliation.js';
import { reconciliationTable } from '../../shared/src/reports/reconciliationTable.js';
import { tableCsv } from '../../shared/src/reports/table.js';

/**
 * Statement reconciliation's pure rules (docs/reconciliation.md): random statements whose books were built with
 * lines missing, extra, changed, moved out of the month, split and transferred reconcile to exactly the difference
 * their construction implies, and the drill-down always adds up to the difference.
 */

const period = monthPeriod('2026-03');
const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}`;
const KINDS = ['kept', 'missing', 'changed', 'outside', 'split', 'transfer'] as const;
type Kind = (typeof KINDS)[number];

const scenario = fc
  .uniqueArray(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 60 })
  .chain((magnitudes) =>
    fc.record({
      lines: fc.tuple(
        ...magnitudes.map((magnitude) =>
          fc.record({
            // Amounts are unique by magnitude (x10 + 1 leaves room for changed amounts that collide with nothing).
            amount: fc.boolean().map((out) => (out ? -1 : 1) * (magnitude * 10 + 1)),
            day: fc.integer({ min: 1, max: 31 }),
            kind: fc.constantFrom<Kind>(...KINDS),
            shift: fc.integer({ min: -MATCH_WINDOW_DAYS, max: MATCH_WINDOW_DAYS }),
            outside: fc.integer({ min: 1, max: MATCH_WINDOW_DAYS }),
            bankId: fc.boolean(),
          }),
        ),
      ),
      extras: fc.uniqueArray(fc.integer({ min: 1, max: 5_000_000 }), { maxLength: 10 }),
      start: fc.integer({ min: -10_000_000, max: 10_000_000 }),
    }),
  );

type ScenarioInput = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function build({ lines, extras, start }: ScenarioInput) {
  const statement: StatementLine[] = [];
  const books: AccountLine[] = [];
  let implied = 0;
  lines.forEach((line, i) => {
    const s: StatementLine = {
      id: `s${i + 1}`,
      // A line the books moved out of the month sits on its edge at the bank (within the match window of it).
      date: line.kind === 'outside' ? day(line.day > 15 ? 31 : 1) : day(line.day),
      amount: line.amount,
      name: `P${i} Payee`,
      externalId: line.bankId ? `fit-${i}` : null,
    };
    statement.push(s);
    // The books' date: the bank's, or a few days off but still in the month.
    const shifted = Math.min(31, Math.max(1, line.day + line.shift));
    const base = { id: `t${i}`, name: s.name, externalId: s.externalId, reconciliationId: null };
    if (line.kind === 'missing') implied += s.amount;
    else if (line.kind === 'changed') {
      // A typo in the books: another amount (ending in 5, so it equals no statement line), the same payee.
      books.push({ ...base, date: day(shifted), amount: s.amount + 4 });
      implied += s.amount;
    } else if (line.kind === 'outside') {
      const date = line.day > 15 ? `2026-04-0${line.outside}` : `2026-02-${28 - line.outside + 1}`;
      books.push({ ...base, date, amount: s.amount });
      implied += s.amount;
    } else {
      // kept, split (one line of its full amount: its parts are not bank lines), transfer (a line like any other).
      books.push({ ...base, date: day(shifted), amount: s.amount });
    }
  });
  // In the books, not on the statement (ending in 3: equal to no statement line); never ticked by the matching.
  extras.forEach((magnitude, i) => {
    books.push({
      id: `x${i}`,
      date: day((i % 28) + 1),
      amount: -(magnitude * 10 + 3),
      name: `Extra${i}`,
      externalId: null,
      reconciliationId: null,
    });
  });
  const moved = statement.reduce((sum, s) => sum + s.amount, 0);
  return { statement, books, implied, start, end: start + moved };
}

const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('reconcile', () => {
  it('reconciles to exactly the difference the construction implies, and its issues add up to it', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const { statement, books, implied, start, end } = build(input);
        const result = reconcile({
          period,
          startBalance: start,
          endBalance: end,
          statement,
          books,
          ticks: { ticked: [], unticked: [] },
          self: null,
        });
        expect(result.difference).toBe(implied);
        expect(sumOf(result.issues.map((i) => i.effect))).toBe(result.difference);
        const missing = input.lines.filter((l) => l.kind === 'missing').length;
        expect(result.issues.filter((i) => i.kind === 'missing' && i.transactionId === null)).toHaveLength(missing);
        const outside = input.lines.filter((l) => l.kind === 'outside').length;
        expect(result.issues.filter((i) => i.kind === 'date_outside')).toHaveLength(outside);
        const changed = input.lines.filter((l) => l.kind === 'changed').length;
        expect(result.issues.filter((i) => i.kind === 'amount_differs')).toHaveLength(changed);
        expect(result.autoMatched).toBe(input.lines.filter((l) => !['missing', 'changed'].includes(l.kind)).length);
      }),
      { numRuns: 300 },
    );
  });

  it("a person's ticks and unticks keep the drill-down equal to the difference", () => {
    fc.assert(
      fc.property(scenario, fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 20 }), (input, toggles) => {
        const { statement, books, start, end } = build(input);
        const ticked: string[] = [];
        const unticked: string[] = [];
        for (const [n, on] of toggles) (on ? ticked : unticked).push(books[n % books.length]?.id ?? 'none');
        const result = reconcile({
          period,
          startBalance: start,
          endBalance: end + 7,
          statement,
          books,
          ticks: { ticked, unticked },
          self: null,
        });
        const cleared = result.lines.filter((l) => l.cleared);
        expect(result.difference).toBe(end + 7 - start - sumOf(cleared.map((l) => l.amount)));
        expect(cleared.every((l) => l.date >= period.start && l.date <= period.end)).toBe(true);
        expect(sumOf(result.issues.map((i) => i.effect))).toBe(result.difference);
      }),
      { numRuns: 200 },
    );
  });

  it('without statement lines, every line of the month starts cleared and a person unticks', () => {
    const books: AccountLine[] = [
      { id: 'a', date: '2026-03-02', amount: -1500, name: 'A', externalId: null, reconciliationId: null },
      { id: 'b', date: '2026-03-30', amount: 20000, name: 'B', externalId: null, reconciliationId: null },
      { id: 'c', date: '2026-04-01', amount: -99, name: 'C', externalId: null, reconciliationId: null },
    ];
    const all = reconcile({
      period,
      startBalance: 1000,
      endBalance: 19500,
      statement: [],
      books,
      ticks: { ticked: [], unticked: [] },
      self: null,
    });
    expect(all.difference).toBe(0);
    expect(all.lines.map((l) => l.cleared)).toEqual([true, true, false]);
    const less = reconcile({
      period,
      startBalance: 1000,
      endBalance: 19500,
      statement: [],
      books,
      ticks: { ticked: [], unticked: ['a'] },
      self: null,
    });
    expect(less.difference).toBe(-1500);
    expect(less.issues.map((i) => [i.kind, i.effect])).toEqual([
      ['balances', -1500],
      ['extra', 0],
    ]);
    expect(finishBlockedReason(less.difference)).toBe(
      'The difference is -$15.00. Finish when it is $0.00: add what is missing from the books, correct amounts and dates, or tick and untick lines.',
    );
    expect(finishBlockedReason(0)).toBeNull();
  });

  it('matches by bank id first, then amount and date, then the nearest date; lines of another reconciliation are left out', () => {
    const statement: StatementLine[] = [
      { id: 's1', date: '2026-03-10', amount: -500, name: 'Coffee', externalId: 'F1' },
      { id: 's2', date: '2026-03-10', amount: -500, name: 'Coffee', externalId: null },
      { id: 's3', date: '2026-03-20', amount: 700, name: 'Rent', externalId: null },
    ];
    const books: AccountLine[] = [
      { id: 'a', date: '2026-03-12', amount: -500, name: 'Coffee', externalId: 'F1', reconciliationId: null },
      { id: 'b', date: '2026-03-10', amount: -500, name: 'Coffee', externalId: null, reconciliationId: null },
      { id: 'c', date: '2026-03-22', amount: 700, name: 'Rent', externalId: null, reconciliationId: 'other' },
      { id: 'd', date: '2026-03-23', amount: 700, name: 'Rent', externalId: null, reconciliationId: null },
    ];
    expect(autoMatch(statement, books, null)).toEqual([
      { statementLineId: 's1', transactionId: 'a', reason: 'same_bank_id', days: 2 },
      { statementLineId: 's2', transactionId: 'b', reason: 'same_amount_and_date', days: 0 },
      { statementLineId: 's3', transactionId: 'd', reason: 'same_amount_near_date', days: 3 },
    ]);
  });
});

describe('the reconciliation report', () => {
  it('lists the cleared lines with why they matched, what makes up the difference, and the difference (CSV)', () => {
    const csv = tableCsv(
      reconciliationTable({
        accountName: 'Checking ••0000',
        month: '2026-03',
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        status: 'open',
        startBalance: 4000,
        endBalance: 5322.5,
        difference: -25,
        cleared: 1347.5,
        clearedCount: 2,
        finishedAt: null,
        lines: [
          { date: '2026-03-03', name: 'Coffee', amount: -12.5, cleared: true, reason: 'Same amount and date' },
          { date: '2026-03-15', name: 'Rent', amount: 1360, cleared: true, reason: null },
          { date: '2026-03-20', name: 'Extra', amount: -55, cleared: false, reason: null },
        ],
        issues: [
          { kind: 'missing', effect: -25, message: 'On the statement on 2026-03-25 for -$25.00, not in the books.' },
          { kind: 'extra', effect: 0, message: 'Not counted.' },
        ],
      }),
    );
    expect(csv.split('\r\n').filter(Boolean)).toEqual([
      '"Bank reconciliation: Checking ••0000, 2026-03-01 to 2026-03-31"',
      '"In progress. Statement start balance $4,000.00, end balance $5,322.50; cleared in the books $1,347.50; difference -$25.00."',
      'Date,Description,Amount,Matched by',
      'Cleared lines,,,',
      '2026-03-03,Coffee,-12.50,Same amount and date',
      '2026-03-15,Rent,1360.00,Ticked by a person',
      ',"Cleared, 2 lines",1347.50,',
      'What makes up the difference,,,',
      'Missing from the books,"On the statement on 2026-03-25 for -$25.00, not in the books.",-25.00,',
      ',Difference,-25.00,',
    ]);
  });
});

describe('the month a reconciliation names', () => {
  const issues = (month: string) => ReconciliationParams.safeParse({ id: 'a1', month }).error?.issues[0]?.message;

  it('is YYYY-MM within the dates the system accepts; a year like 0099 is not read as 1999', () => {
    expect(issues('2026-02')).toBeUndefined();
    expect(issues('1900-01')).toBeUndefined();
    expect(issues('2200-12')).toBeUndefined();
    for (const month of ['0099-02', '0000-01', '1899-12', '2201-01']) {
      expect(issues(month), month).toBe('The month must be between 1900-01 and 2200-12');
    }
    expect(issues('2026-13')).toBe('The month must be YYYY-MM, e.g. 2026-01');
  });
});
