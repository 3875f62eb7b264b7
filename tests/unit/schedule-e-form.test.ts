import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_VALUES,
  daysInYear,
  defaultScheduleETypeCode,
  lineAmount,
  PROPERTY_TYPES,
  SCHEDULE_E_TYPE_CODES,
  scheduleEDaysProblem,
  scheduleESummary,
  scheduleEWorksheet,
} from '../../shared/src/index.js';
import { bookRows } from '../../shared/src/reports/bookRows.js';

const sheet = (amounts: Record<string, number>) => ({
  lines: Object.entries(amounts).map(([line, amount]) => ({ line, amount })),
});

describe('Schedule E line 1b and line 2', () => {
  it('lists the instructions codes 1-8 and maps every property type to one', () => {
    expect(SCHEDULE_E_TYPE_CODES.map((t) => `${t.code} ${t.label}`)).toEqual([
      '1 Single Family Residence',
      '2 Multi-Family Residence',
      '3 Vacation/Short-Term Rental',
      '4 Commercial',
      '5 Land',
      '6 Royalties',
      '7 Self-Rental',
      '8 Other',
    ]);
    for (const type of PROPERTY_TYPES) expect(defaultScheduleETypeCode(type)).toBeGreaterThan(0);
    expect(defaultScheduleETypeCode('CONDO')).toBe(1);
    expect(defaultScheduleETypeCode('APARTMENT')).toBe(2);
    expect(defaultScheduleETypeCode(null)).toBeNull();
  });

  it('bounds the days by the days of the year (366 in a leap year)', () => {
    expect(daysInYear('2024')).toBe(366);
    expect(daysInYear('2025')).toBe(365);
    expect(daysInYear('1900')).toBe(365);
    expect(daysInYear('2000')).toBe(366);
    expect(scheduleEDaysProblem('2024', { fairRentalDays: 366, personalUseDays: 0 })).toBeNull();
    expect(scheduleEDaysProblem('2025', { fairRentalDays: 366, personalUseDays: 0 })).toMatch(/at most 365/);
    expect(scheduleEDaysProblem('2025', { fairRentalDays: null, personalUseDays: 366 })).toMatch(/Personal use/);
  });
});

describe('Schedule E summary (lines 23a-26)', () => {
  it('adds the lines of every property to the cent; 24 and 25 split line 21 by sign', () => {
    const summary = scheduleESummary([
      sheet({ '3': 1_200_000, '4': 0, '12': 300_000, '18': 436_364, '20': 872_011, '21': 327_989 }),
      sheet({ '3': 200_000, '12': 0, '18': 1, '20': 511_051, '21': -311_051 }),
      sheet({ '3': 1, '20': 2, '21': -1 }),
    ]);
    expect(summary).toEqual({
      rents: 1_400_001,
      royalties: 0,
      mortgageInterest: 300_000,
      depreciation: 436_365,
      totalExpenses: 1_383_064,
      income: 327_989,
      losses: -311_052,
      total: 16_937,
    });
    expect(scheduleESummary([])).toEqual({
      rents: 0,
      royalties: 0,
      mortgageInterest: 0,
      depreciation: 0,
      totalExpenses: 0,
      income: 0,
      losses: 0,
      total: 0,
    });
  });

  it('line 26 is line 24 plus line 25, and 23a - 23e is line 26 when every property has a result (property)', () => {
    const amount = fc.integer({ min: -1e9, max: 1e9 });
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, amount, amount), { maxLength: 20 }), (rows) => {
        const sheets = rows.map(([rents, expenses, interest]) =>
          sheet({ '3': rents, '12': interest, '20': expenses, '21': rents - expenses }),
        );
        const s = scheduleESummary(sheets);
        expect(s.total).toBe(s.income + s.losses);
        expect(s.total).toBe(s.rents - s.totalExpenses);
        expect(s.income).toBeGreaterThanOrEqual(0);
        expect(s.losses).toBeLessThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('one sign for money on no line', () => {
  it('the "No property" worksheet and the profit and loss show owner money with the same sign', () => {
    const nets = new Map<string, number>([
      ['owner_contributions', 100_000],
      ['owner_distributions', -25_000],
      ['security_deposit', 150_000],
      ['roof_replacement', -80_000],
      ['uncategorized', -999],
      ['other_expenses', -4_000],
      ['rental_income', 50_000],
    ]);
    const ws = scheduleEWorksheet(nets);
    const pnl = bookRows([...nets].map(([category, net]) => ({ column: 'none', category, net: net / 100 })));
    const pnlCells = new Map(pnl.flatMap((s) => s.children).map((c) => [c.id.split(':')[1]!, c.values.none!]));
    pnlCells.set('uncategorized', pnl.find((s) => s.id === 'uncategorized')!.values.none!);
    for (const item of [...ws.excluded, ...ws.needsReview])
      expect(item.amount, item.category).toBe(pnlCells.get(item.category));
    expect(ws.excluded.find((i) => i.category === 'owner_contributions')?.amount).toBe(100_000);
    expect(ws.excluded.find((i) => i.category === 'owner_distributions')?.amount).toBe(-25_000);
  });

  it('every category, back in the ledger sign, is its net (property)', () => {
    const net = fc.tuple(fc.constantFrom(...CATEGORY_VALUES, 'uncategorized'), fc.integer({ min: -1e9, max: 1e9 }));
    fc.assert(
      fc.property(fc.array(net, { maxLength: 40 }), (pairs) => {
        const map = new Map<string, number>();
        for (const [category, value] of pairs) map.set(category, (map.get(category) ?? 0) + value);
        const ws = scheduleEWorksheet(map);
        const back = new Map<string, number>();
        for (const line of ws.lines.filter((l) => !['20', '21'].includes(l.line))) {
          for (const item of line.items) back.set(item.category, lineAmount(item.category, item.amount));
        }
        for (const item of [...ws.excluded, ...ws.needsReview]) back.set(item.category, item.amount);
        if (ws.mortgage) back.set('mortgage', -ws.mortgage.amount);
        const expected = new Map([...map].filter(([, v]) => v !== 0));
        expect(back).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
