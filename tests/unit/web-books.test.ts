import { describe, expect, it } from 'vitest';
import { bookRows, bookRowsCsv } from '../../shared/src/reports/bookRows';
import { scheduleECsv } from '../../shared/src/reports/scheduleETable';
import type { Property } from '../../web/src/api/properties';
import type { CashFlowReport } from '../../web/src/api/reports';
import { periodKpis } from '../../web/src/features/books/kpis';
import { monthChoices, periodLabel, readPeriod, writePeriod } from '../../web/src/features/report-period/period';

const cells = [
  { column: '2026-01', category: 'rental_income', net: 2000 },
  { column: '2026-02', category: 'rental_income', net: 1000.5 },
  { column: '2026-01', category: 'repairs', net: -300.1 },
  { column: '2026-01', category: 'mortgage', net: -900 },
  { column: '2026-02', category: 'roof_replacement', net: -500 },
  { column: '2026-02', category: 'security_deposit', net: 1500 },
  { column: '2026-02', category: 'uncategorized', net: -12.34 },
  { column: '2026-02', category: 'expenses', net: -10 },
];

describe('the books table', () => {
  const rows = bookRows(cells);
  const row = (id: string) => rows.find((r) => r.id === id)!;

  it('groups categories into sections, signed like the ledger, with NOI and cash flow as sums', () => {
    expect(rows.map((r) => r.id)).toEqual([
      'income',
      'operatingExpenses',
      'noi',
      'debtService',
      'capitalSpending',
      'cashFlow',
      'transfers',
      'uncategorized',
    ]);
    expect(row('income').values).toEqual({ '2026-01': 200_000, '2026-02': 100_050 });
    expect(row('operatingExpenses').children.map((c) => c.id)).toEqual([
      'operatingExpenses:expenses',
      'operatingExpenses:repairs',
    ]);
    expect(row('operatingExpenses').total).toBe(-31_010);
    expect(row('noi').values).toEqual({ '2026-01': 169_990, '2026-02': 99_050 });
    expect(row('debtService').children.map((c) => c.label)).toEqual(['Mortgage']);
    expect(row('cashFlow').total).toBe(300_050 - 31_010 - 90_000 - 50_000);
    expect(row('transfers').total).toBe(150_000);
    expect(row('uncategorized').total).toBe(-1_234);
  });

  it('links what one ledger filter can list, and nothing else', () => {
    expect(row('income').filter).toEqual({ categoryGroup: 'income' });
    expect(row('capitalSpending').filter).toEqual({ categoryGroup: 'capital_expenditures' });
    expect(row('uncategorized').filter).toEqual({ category: 'uncategorized' });
    expect(row('operatingExpenses').filter).toBeNull();
    expect(row('debtService').filter).toBeNull();
    // The transfer group also holds loan principal and escrow, which count as debt service: no one filter lists it.
    expect(row('transfers').filter).toBeNull();
    expect(row('transfers').children[0]?.filter).toEqual({ category: 'security_deposit' });
    expect(row('noi').filter).toBeNull();
    expect(row('operatingExpenses').children[1]?.filter).toEqual({ category: 'repairs' });
  });

  it('exports exact cents, quoting and guarding labels from people (addresses)', () => {
    const csv = bookRowsCsv(rows, [
      { key: '2026-01', label: '=HYPERLINK("x")' },
      { key: '2026-02', label: '1 Main St, Springfield' },
    ]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(`Line,Category,"'=HYPERLINK(""x"")","1 Main St, Springfield",Total`);
    expect(lines).toContain('Income,,2000.00,1000.50,3000.50');
    expect(lines).toContain('Operating expenses,Repairs,-300.10,0.00,-300.10');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});

describe('report periods in the URL', () => {
  const today = '2026-11-23';
  it('defaults to the trailing 12 months and keeps a valid custom period', () => {
    expect(readPeriod(new URLSearchParams(''), today)).toEqual({
      preset: 'trailing12',
      from: '2025-12',
      to: '2026-11',
      propertyId: undefined,
    });
    expect(readPeriod(new URLSearchParams('period=custom&from=2024-03&to=2025-02&propertyId=none'), today)).toEqual({
      preset: 'custom',
      from: '2024-03',
      to: '2025-02',
      propertyId: 'none',
    });
  });

  it('falls back on anything the server would refuse', () => {
    for (const query of [
      'period=custom&from=2025-13&to=2026-01',
      'period=custom&from=2026-02&to=2026-01',
      'period=x',
    ]) {
      expect(readPeriod(new URLSearchParams(query), today)).toMatchObject({ preset: 'trailing12', from: '2025-12' });
    }
    expect(readPeriod(new URLSearchParams('propertyId=../x'), today).propertyId).toBeUndefined();
    expect(readPeriod(new URLSearchParams('period=lastYear'), today)).toMatchObject({ from: '2025-01', to: '2025-12' });
  });

  it('writes only what differs from the default and keeps other parameters', () => {
    const base = new URLSearchParams('tab=schedule-e');
    expect(writePeriod(base, { preset: 'trailing12' }).toString()).toBe('tab=schedule-e');
    expect(writePeriod(base, { preset: 'custom', from: '2026-01', to: '2026-03', propertyId: 'p1' }).toString()).toBe(
      'tab=schedule-e&period=custom&from=2026-01&to=2026-03&propertyId=p1',
    );
    expect(monthChoices(today)).toHaveLength(120);
    expect(monthChoices(today)[0]).toBe('2026-11');
    expect(periodLabel('2025-12', '2026-11')).toBe('Dec 2025 – Nov 2026');
  });
});

describe('Schedule E CSV', () => {
  it('lists the lines, items, the mortgage flag and what needs the preparer', () => {
    const csv = scheduleECsv(
      {
        propertyId: 'p1',
        address: '=1 Main St',
        propertyType: { code: 2, label: 'Multi-Family Residence' },
        fairRentalDays: null,
        leaseDays: null,
        choices: { propertyTypeCode: null, fairRentalDays: null, personalUseDays: 14, qjv: true, version: 3 },
        lines: [
          {
            line: '3',
            label: 'Rents received',
            amount: 2000,
            items: [{ category: 'rental_income', label: 'Rental income', amount: 2000 }],
          },
          { line: '18', label: 'Depreciation expense or depletion', amount: 0, items: [], flag: 'Not computed yet' },
        ],
        mortgage: { amount: 900, flag: 'Split into principal and interest' },
        needsReview: [
          { category: 'misc_interest', label: 'Miscellaneous interest', amount: 12.5, reason: 'Schedule B' },
        ],
        excluded: [],
      },
      '2026',
      'A worksheet for your tax preparer, not tax advice.',
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(`Schedule E worksheet 2026,"'=1 Main St"`);
    expect(lines).toContain('1b,Type of property,,,2 Multi-Family Residence');
    expect(lines).toContain('2,Fair rental days,,,No lease with rent recorded for the property');
    expect(lines).toContain('2,Personal use days,,,14 days');
    expect(lines).toContain('2,QJV (qualified joint venture),,,Yes');
    expect(lines).toContain('3,Rents received,,2000.00,');
    expect(lines).toContain('3,,Rental income,2000.00,');
    expect(lines).toContain('18,Depreciation expense or depletion,,0.00,Not computed yet');
    expect(lines).toContain(',Mortgage payments,Mortgage,900.00,Split into principal and interest');
    expect(lines).toContain(',Needs your preparer,Miscellaneous interest,12.50,Schedule B');
  });
});

describe('cash flow KPIs', () => {
  const property = (id: string, fields: Record<string, number | null>) =>
    ({
      id,
      currentMarketValue: null,
      acquisitionPrice: null,
      downPayment: null,
      closingCosts: null,
      initialRepairs: null,
      otherInitialCosts: null,
      landValue: null,
      ...fields,
    }) as unknown as Property;
  const report = (from: string, to: string) =>
    ({
      from,
      to,
      figures: {
        income: 0,
        operatingExpenses: 0,
        noi: 12_000,
        debtService: 10_000,
        capitalSpending: 0,
        cashFlow: 1_500,
      },
    }) as unknown as CashFlowReport;
  const list = [
    property('a', { currentMarketValue: 200_000, acquisitionPrice: 150_000, downPayment: 30_000, closingCosts: 0 }),
    property('b', {}),
  ];
  const byId = (kpis: ReturnType<typeof periodKpis>) => Object.fromEntries(kpis.map((k) => [k.id, k.kpi.text]));

  it('computes yearly ratios for a 12-month period and one property', () => {
    expect(byId(periodKpis(report('2025-12', '2026-11'), list, 'a'))).toEqual({
      capRateValue: '6.0%',
      capRateCost: '8.0%',
      cashOnCash: '5.0%',
      dscr: '1.20x',
    });
  });

  it('says why instead of a number', () => {
    const all = periodKpis(report('2025-12', '2026-11'), list, undefined);
    expect(all[0]?.kpi).toMatchObject({ value: null, reason: '1 of 2 properties have no market value' });
    const short = periodKpis(report('2026-01', '2026-11'), list, 'a');
    expect(short[0]?.kpi).toMatchObject({ value: null, reason: 'Choose a 12-month period' });
    expect(short[3]?.kpi.text).toBe('1.20x');
    const none = periodKpis(report('2025-12', '2026-11'), list, 'none');
    expect(none[1]?.kpi).toMatchObject({ value: null, reason: 'Money with no property has no value or cost' });
  });
});
