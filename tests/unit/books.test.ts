import {
  bookFigures,
  bookLineOf,
  CATEGORY_VALUES,
  capRateOnCost,
  capRateOnValue,
  cashOnCash,
  DEPRECIATION_FLAG,
  dscr,
  ESCROW_CATEGORIES,
  ESCROW_REASON,
  type KpiProperty,
  lastDayOf,
  ledgerFilterFor,
  lineAmount,
  MORTGAGE_FLAG,
  monthsBetween,
  presetMonths,
  scheduleEWorksheet,
  shiftMonth,
} from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const property = (fields: Partial<KpiProperty>): KpiProperty => ({
  currentMarketValue: null,
  acquisitionPrice: null,
  downPayment: null,
  closingCosts: null,
  initialRepairs: null,
  otherInitialCosts: null,
  ...fields,
});

describe('the books: lines', () => {
  it('puts each category on its line', () => {
    expect(bookLineOf('rental_income')).toBe('income');
    expect(bookLineOf('income')).toBe('income');
    expect(bookLineOf('repairs')).toBe('operatingExpenses');
    expect(bookLineOf('expenses')).toBe('operatingExpenses');
    expect(bookLineOf('mortgage')).toBe('debtService');
    expect(bookLineOf('mortgage_interest')).toBe('debtService');
    expect(bookLineOf('roof_replacement')).toBe('capitalSpending');
    expect(bookLineOf('capital_expenditures')).toBe('capitalSpending');
    expect(bookLineOf('security_deposit')).toBe('transfers');
    expect(bookLineOf('transfer')).toBe('transfers');
    expect(bookLineOf('uncategorized')).toBe('uncategorized');
  });

  it('shows income as received and spending as a positive amount', () => {
    expect(lineAmount('rental_income', 150_000)).toBe(150_000);
    expect(lineAmount('repairs', -12_345)).toBe(12_345);
    expect(lineAmount('repairs', 2_000)).toBe(-2_000); // a refund lowers spending
    expect(Object.is(lineAmount('repairs', 0), 0)).toBe(true);
  });

  it('computes the figures of a hand-worked month', () => {
    // Rent 2,000.00 + late fee 50.00 - a rent refund 100.00; repairs 300.10, utilities 99.90, insurance 100.00;
    // mortgage 900.00, mortgage interest 100.00; new roof 500.00; a deposit (transfer) and uncategorized money.
    const figures = bookFigures([
      ['rental_income', 200_000],
      ['late_fees', 5_000],
      ['rental_income', -10_000],
      ['repairs', -30_010],
      ['utilities', -9_990],
      ['insurance', -10_000],
      ['mortgage', -90_000],
      ['mortgage_interest', -10_000],
      ['roof_replacement', -50_000],
      ['security_deposit', 150_000],
      ['uncategorized', -77_777],
    ]);
    expect(figures).toEqual({
      income: 195_000,
      operatingExpenses: 50_000,
      noi: 145_000,
      debtService: 100_000,
      capitalSpending: 50_000,
      cashFlow: -5_000,
    });
  });

  it('cash flow = NOI - debt service - capital spending and transfers never count (property)', () => {
    const net = fc.tuple(fc.constantFrom(...CATEGORY_VALUES, 'uncategorized'), fc.integer({ min: -1e9, max: 1e9 }));
    fc.assert(
      fc.property(fc.array(net, { maxLength: 30 }), fc.integer({ min: -1e9, max: 1e9 }), (nets, transfer) => {
        const figures = bookFigures(nets);
        expect(figures.cashFlow).toBe(figures.noi - figures.debtService - figures.capitalSpending);
        expect(figures.noi).toBe(figures.income - figures.operatingExpenses);
        expect(bookFigures([...nets, ['owner_distributions', transfer]])).toEqual(figures);
        for (const value of Object.values(figures)) expect(Number.isSafeInteger(value)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the books: KPIs', () => {
  it('cap rate on value: annual NOI over market value, 1 decimal', () => {
    // 12,345.00 NOI on 250,000.00 = 4.938%
    expect(capRateOnValue(1_234_500, [property({ currentMarketValue: 25_000_000 })])).toEqual({
      value: 0.04938,
      text: '4.9%',
    });
    // Two properties: 20,000 / (200,000 + 300,000) = 4.0%
    const two = [property({ currentMarketValue: 20_000_000 }), property({ currentMarketValue: 30_000_000 })];
    expect(capRateOnValue(2_000_000, two).text).toBe('4.0%');
  });

  it('cap rate on value says why when a market value is missing', () => {
    expect(capRateOnValue(100, [property({})])).toEqual({
      value: null,
      text: '—',
      reason: 'The property has no market value',
    });
    const one = capRateOnValue(100, [property({ currentMarketValue: 1 }), property({})]);
    expect(one).toMatchObject({ value: null, reason: '1 of 2 properties have no market value' });
    expect(capRateOnValue(100, [])).toMatchObject({ value: null, reason: 'No properties' });
  });

  it('cap rate on cost adds closing costs, initial repairs and other initial costs', () => {
    // 9,000 NOI / (100,000 + 3,000 + 5,000 + 2,000 = 110,000) = 8.18% -> 8.2%
    const p = property({
      acquisitionPrice: 10_000_000,
      closingCosts: 300_000,
      initialRepairs: 500_000,
      otherInitialCosts: 200_000,
    });
    expect(capRateOnCost(900_000, [p]).text).toBe('8.2%');
    expect(capRateOnCost(900_000, [property({ closingCosts: 1 })])).toMatchObject({
      value: null,
      reason: 'The property has no acquisition price',
    });
  });

  it('cash-on-cash: trailing cash flow over cash invested', () => {
    // 6,000 / (40,000 + 3,000 + 5,000 + 2,000 = 50,000) = 12.0%; a loss is negative
    const p = property({
      downPayment: 4_000_000,
      closingCosts: 300_000,
      initialRepairs: 500_000,
      otherInitialCosts: 200_000,
    });
    expect(cashOnCash(600_000, [p])).toEqual({ value: 0.12, text: '12.0%' });
    expect(cashOnCash(-50_000, [p]).text).toBe('-1.0%');
    expect(cashOnCash(600_000, [property({ acquisitionPrice: 1 })])).toMatchObject({
      value: null,
      text: '—',
      reason: 'The property has no down payment',
    });
    expect(cashOnCash(600_000, [property({ downPayment: 0 })])).toMatchObject({ reason: 'No cash invested' });
  });

  it('DSCR: NOI over debt service, n/a without debt', () => {
    expect(dscr(1_250_000, 1_000_000)).toEqual({ value: 1.25, text: '1.25x' });
    expect(dscr(-100, 300)).toMatchObject({ text: '-0.33x' });
    expect(dscr(1_250_000, 0)).toEqual({ value: null, text: 'n/a', reason: 'No debt service in the period' });
  });
});

describe('the books: months and ledger links', () => {
  it('walks months across years', () => {
    expect(shiftMonth('2025-11', 3)).toBe('2026-02');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-01')).toEqual([]);
    expect(lastDayOf('2024-02')).toBe('2024-02-29');
    expect(lastDayOf('2025-02')).toBe('2025-02-28');
  });

  it('presets', () => {
    expect(presetMonths('trailing12', '2026-11-23')).toEqual({ from: '2025-12', to: '2026-11' });
    expect(presetMonths('ytd', '2026-11-23')).toEqual({ from: '2026-01', to: '2026-11' });
    expect(presetMonths('lastYear', '2026-01-02')).toEqual({ from: '2025-01', to: '2025-12' });
  });

  it('builds the ledger filter of a cell', () => {
    expect(ledgerFilterFor({ from: '2026-02', to: '2026-02', propertyId: 'p1', category: 'repairs' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      propertyId: 'p1',
      category: 'repairs',
    });
    expect(ledgerFilterFor({ from: '2025-12', to: '2026-01', propertyId: null, categoryGroup: 'income' })).toEqual({
      from: '2025-12-01',
      to: '2026-01-31',
      propertyId: 'none',
      categoryGroup: 'income',
    });
  });
});

describe('Schedule E worksheet', () => {
  const nets = new Map<string, number>([
    ['rental_income', 2_400_000],
    ['late_fees', 10_000],
    ['repairs', -120_050],
    ['mortgage_interest', -600_000],
    ['mortgage', -900_000],
    ['other_expenses', -5_000],
    ['misc_interest', 1_234],
    ['other_income', 50_000],
    ['roof_replacement', -800_000],
    ['security_deposit', 200_000],
    ['uncategorized', -999],
    ['advertising', 0],
  ]);
  const sheet = scheduleEWorksheet(nets);
  const line = (n: string) => sheet.lines.find((l) => l.line === n);

  it('puts rents and expenses on their lines', () => {
    expect(line('3')).toMatchObject({ amount: 2_410_000 });
    expect(line('3')?.items.map((i) => i.category)).toEqual(['rental_income', 'late_fees']);
    expect(line('14')).toMatchObject({ amount: 120_050 });
    expect(line('12')).toMatchObject({ amount: 600_000 });
    expect(line('5')).toMatchObject({ amount: 0, items: [] });
    expect(line('19')).toMatchObject({ amount: 5_000, items: [{ category: 'other_expenses', amount: 5_000 }] });
    expect(line('20')).toMatchObject({ amount: 725_050 });
    expect(line('21')).toMatchObject({ amount: 2_410_000 - 725_050 });
    expect(line('18')).toMatchObject({ amount: 0, flag: DEPRECIATION_FLAG });
  });

  it('flags the mortgage instead of deducting it, and lists what needs a human', () => {
    expect(sheet.mortgage).toEqual({ amount: 900_000, flag: MORTGAGE_FLAG });
    expect(sheet.needsReview.map((i) => [i.category, i.amount])).toEqual([
      ['misc_interest', 1_234],
      ['other_income', 50_000],
      ['uncategorized', -999],
    ]);
    expect(sheet.needsReview[0]?.reason).toMatch(/Schedule B/);
    // On no line, so signed as the ledger (and the profit and loss): money out negative, a deposit received positive.
    expect(sheet.excluded.map((i) => [i.category, i.amount])).toEqual([
      ['roof_replacement', -800_000],
      ['security_deposit', 200_000],
    ]);
  });

  it('every category lands in exactly one place (property)', () => {
    const net = fc.tuple(fc.constantFrom(...CATEGORY_VALUES, 'uncategorized'), fc.integer({ min: -1e9, max: 1e9 }));
    fc.assert(
      fc.property(fc.array(net, { maxLength: 40 }), (pairs) => {
        const map = new Map<string, number>();
        for (const [category, value] of pairs) map.set(category, (map.get(category) ?? 0) + value);
        const ws = scheduleEWorksheet(map);
        const placed = ws.lines
          .filter((l) => !['20', '21'].includes(l.line))
          .flatMap((l) => l.items)
          .concat(ws.needsReview, ws.excluded);
        const counted = placed.reduce((n, item) => n + item.amount, 0) + (ws.mortgage?.amount ?? 0);
        // A line shows its own sign (lineAmount); money on no line is signed as the ledger (books.ts ledgerSigned).
        const onALine = new Set(ws.lines.flatMap((l) => l.items.map((i) => i.category)));
        if (ws.mortgage) onALine.add('mortgage');
        let expected = 0;
        for (const [category, value] of map) expected += onALine.has(category) ? lineAmount(category, value) : value;
        expect(counted).toBe(expected);
        expect(new Set(placed.map((i) => i.category)).size).toBe(placed.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('a mortgage payment split by its loan', () => {
  it('keeps cash flow and debt service as the whole payment had them, escrow included', () => {
    const rent: [string, number] = ['rental_income', 300_000];
    const whole = bookFigures([rent, ['mortgage', -236_670]]);
    const split = bookFigures([
      rent,
      ['mortgage_interest', -162_500],
      ['loan_principal', -27_120],
      ['property_tax_escrows', -35_000],
      ['insurance_escrows', -12_050],
    ]);
    expect(split).toEqual(whole);
  });

  it('a bill paid from escrow moves its amount from debt service to operating expenses; cash flow does not move', () => {
    const year: [string, number][] = [
      ['rental_income', 3_600_000],
      ['mortgage_interest', -1_950_000],
      ['loan_principal', -325_440],
      ['property_tax_escrows', -420_000],
    ];
    const before = bookFigures(year);
    expect(before).toMatchObject({ operatingExpenses: 0, debtService: 2_695_440 });
    // The lender pays $4,100 of taxes from escrow: a $0 line, taxes -4,100 and property_tax_escrows +4,100.
    const after = bookFigures([...year, ['taxes', -410_000], ['property_tax_escrows', 410_000]]);
    expect(after).toMatchObject({
      operatingExpenses: 410_000,
      noi: before.noi - 410_000,
      debtService: before.debtService - 410_000,
      cashFlow: before.cashFlow,
    });
  });

  it('every escrow category counts on the debt service line, none with the transfers', () => {
    for (const category of ESCROW_CATEGORIES) expect(bookLineOf(category)).toBe('debtService');
  });

  it('Schedule E deducts escrow when the lender pays the bill (line 16), and leaves out what is still held', () => {
    const sheet = scheduleEWorksheet(
      new Map<string, number>([
        ['rental_income', 3_600_000],
        ['property_tax_escrows', -420_000 + 410_000],
        ['taxes', -410_000],
        ['insurance_escrows', -144_600],
      ]),
    );
    expect(sheet.lines.find((l) => l.line === '16')).toMatchObject({ amount: 410_000 });
    expect(sheet.lines.find((l) => l.line === '9')).toMatchObject({ amount: 0 });
    expect(sheet.excluded.map((i) => [i.category, i.amount, i.reason])).toEqual([
      ['insurance_escrows', -144_600, ESCROW_REASON],
      ['property_tax_escrows', -10_000, ESCROW_REASON],
    ]);
    expect(sheet.needsReview).toEqual([]);
  });
});
