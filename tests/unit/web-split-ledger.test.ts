import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../web/src/api/transactions';
import { CategoryText, PropertyText, RowAmount } from '../../web/src/pages/transactions/columns';
import { CSV_HEADER, transactionsCsv } from '../../web/src/pages/transactions/csv';
import {
  partFilterOf,
  shownAmount,
  splitCategoryList,
  splitPropertyText,
} from '../../web/src/pages/transactions/splitRows';
import { wireTransaction } from './web-fixtures';

type Part = NonNullable<Transaction['parts']>[number];
const part = (amount: number, category: string | null, propertyId: string | null, memo: string | null = null) =>
  ({ amount, category, propertyId, leaseId: null, memo }) as Part;

const mortgage = wireTransaction({
  id: 'txn-mortgage',
  name: 'Springfield Savings mortgage',
  amount: -1896.2,
  propertyId: 'oak',
  parts: [part(-1625, 'mortgage_interest', 'oak', 'Interest'), part(-271.2, 'mortgage', 'oak')],
});
const homeDepot = wireTransaction({
  id: 'txn-hd',
  name: 'Home Depot',
  amount: -200,
  parts: [part(-100, 'repairs', 'oak'), part(-100, 'supplies', 'elm')],
});
const address = (id: string) => ({ oak: '48 Oak Avenue', elm: '12 Elm Street' })[id] ?? 'Unknown property';
const html = (element: ReturnType<typeof h>) => renderToStaticMarkup(element);

describe('which filters look inside splits (partFilterOf over filtersParts)', () => {
  it('property ("none" = no property), category or group, and direction do; dates, search and the rest do not', () => {
    expect(partFilterOf({})).toBeNull();
    expect(partFilterOf({ from: '2026-01-01', search: 'rent', ignored: 'false', minAmount: '75' })).toBeNull();
    expect(partFilterOf({ propertyId: 'oak' })).toEqual({ propertyId: 'oak' });
    expect(partFilterOf({ propertyId: 'none' })).toEqual({ propertyId: null });
    expect(partFilterOf({ category: 'mortgage_interest' })).toEqual({ category: 'mortgage_interest' });
    expect(partFilterOf({ categoryGroup: 'expenses', direction: 'out' })).toEqual({
      categoryGroup: 'expenses',
      direction: 'out',
    });
  });
});

describe('a split row in the ledger', () => {
  it('reads "Split (N)" with the parts\' categories in its tooltip', () => {
    expect(html(h(CategoryText, { t: mortgage }))).toBe('<span title="Mortgage interest, Mortgage">Split (2)</span>');
    expect(splitCategoryList(homeDepot.parts!)).toBe('Repairs, Supplies');
    expect(html(h(CategoryText, { t: wireTransaction({ category: 'repairs' }) }))).toContain('>Repairs<');
  });

  it('names its one property, or "N properties" when its parts name several', () => {
    expect(splitPropertyText(mortgage)).toBeNull();
    expect(html(h(PropertyText, { t: mortgage, addressOf: address }))).toBe('48 Oak Avenue');
    expect(html(h(PropertyText, { t: homeDepot, addressOf: address }))).toBe(
      '<span title="48 Oak Avenue; 12 Elm Street">2 properties</span>',
    );
    const withNone = wireTransaction({ amount: -3, parts: [part(-1, null, null), part(-2, null, 'oak')] });
    expect(splitPropertyText(withNone)).toBe('2 properties');
  });

  it('shows the whole amount unfiltered, and under a part filter the matching parts "of" the whole', () => {
    expect(shownAmount(mortgage, null)).toEqual({ cents: -189_620, of: null });
    expect(shownAmount(mortgage, { category: 'mortgage_interest' })).toEqual({ cents: -162_500, of: -189_620 });
    expect(shownAmount(homeDepot, { propertyId: 'elm' })).toEqual({ cents: -10_000, of: -20_000 });
    expect(shownAmount(homeDepot, { categoryGroup: 'expenses' })).toEqual({ cents: -20_000, of: -20_000 });
    // A transaction that is not split is what it is under any filter.
    expect(shownAmount(wireTransaction({ amount: -12.5 }), { propertyId: 'oak' })).toEqual({ cents: -1_250, of: null });
    const cell = html(h(RowAmount, { t: mortgage, partFilter: { category: 'mortgage_interest' } }));
    expect(cell).toContain('<span class="rt-amount">-$1,625.00</span>');
    expect(cell).toContain('<span class="rt-amount-of"> of -$1,896.20</span>');
    expect(cell).toContain('data-direction="out"');
    expect(html(h(RowAmount, { t: mortgage, partFilter: null }))).not.toContain('rt-amount-of');
  });

  it('sums cents, not floats: parts of 0.10 and 0.20 match as 0.30', () => {
    const coins = wireTransaction({
      amount: 0.6,
      parts: [part(0.1, 'laundry', 'oak'), part(0.2, 'laundry', 'oak'), part(0.3, 'parking', 'elm')],
    });
    expect(shownAmount(coins, { category: 'laundry' })).toEqual({ cents: 30, of: 60 });
  });
});

describe('the ledger CSV with splits', () => {
  const rows = (csv: string) => csv.split('\r\n').filter(Boolean);

  it('writes one row per part, each with the parent transaction id and its place', () => {
    const lines = rows(transactionsCsv([mortgage, wireTransaction({ id: 'txn-plain', amount: -5 })], address));
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(CSV_HEADER.slice(-3)).toEqual(['Transaction ID', 'Part', 'Part memo']);
    expect(lines.slice(1)).toEqual([
      '2026-03-04,Springfield Savings mortgage,-1625.00,Money out,Mortgage interest,Expenses,48 Oak Avenue,,No,No,No,Manual,txn-mortgage,1 of 2,Interest',
      '2026-03-04,Springfield Savings mortgage,-271.20,Money out,Mortgage,Expenses,48 Oak Avenue,,No,No,No,Manual,txn-mortgage,2 of 2,',
      // A transaction that is not split keeps its one row.
      '2026-03-04,Rossi Plumbing,-5.00,Money out,Uncategorized,,,,No,No,No,Manual,txn-plain,,',
    ]);
  });

  it("under a part filter writes only the matching parts, so the file adds up to the page's totals", () => {
    const lines = rows(transactionsCsv([homeDepot], address, { propertyId: 'elm' }));
    expect(lines.slice(1)).toEqual([
      '2026-03-04,Home Depot,-100.00,Money out,Supplies,Expenses,12 Elm Street,,No,No,No,Manual,txn-hd,2 of 2,',
    ]);
  });

  it('keeps the formula guard on a part memo', () => {
    const guarded = wireTransaction({
      amount: -2,
      parts: [part(-1, null, null, '=HYPERLINK("x")'), part(-1, null, null)],
    });
    expect(rows(transactionsCsv([guarded], address))[1]).toMatch(/,1 of 2,"'=HYPERLINK\(""x""\)"$/);
  });
});
