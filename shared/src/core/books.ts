/**
 * "What the books say": the numbers, defined once (docs/reports-and-tax.md "What the books say"). Zod-free and pure, so
 * the first page load, the server and the tests all use the same arithmetic. Money is integer cents; a category's `net`
 * is the signed sum of its amounts (money in positive, money out negative), ignored transactions excluded.
 *
 *   income             = net of the income categories
 *   operating expenses = spending (-net) of the expense categories except mortgage and mortgage_interest
 *   NOI                = income - operating expenses
 *   debt service       = spending of mortgage (principal and interest together) + mortgage_interest + loan_principal
 *                        + the escrow categories (a payment split by its loan: the principal and the escrow are real
 *                        money out, though not expenses; escrow the lender pays out comes back on this line as it
 *                        becomes taxes or insurance: docs/reports-and-tax.md "Escrow")
 *   capital spending   = spending of the capital_expenditures group
 *   cash flow          = NOI - debt service - capital spending
 *
 * Transfers, ignored transactions and uncategorised transactions count nowhere. (The ledger has no
 * pending state: bank transactions are stored once posted, so there is nothing pending to leave out.)
 */
import { type CategoryGroup, categoryGroupOf } from './categories.js';
import type { Cents } from './money.js';
import { formatPercent } from './money.js';

/** Where a category's money goes in the books. */
export type BookLine =
  | 'income'
  | 'operatingExpenses'
  | 'debtService'
  | 'capitalSpending'
  | 'transfers'
  | 'uncategorized';

/**
 * Money paid to a lender to hold for the property's bills. An expense only when the lender pays a bill from it (IRS
 * Pub 530, "Real estate taxes"), so it is money out with the mortgage payment, on the debt service line.
 */
export const ESCROW_CATEGORIES: readonly string[] = [
  'general_escrow_payments',
  'property_tax_escrows',
  'insurance_escrows',
  'pmi_escrows',
  'hoa_escrows',
];

export const DEBT_SERVICE_CATEGORIES: readonly string[] = [
  'mortgage',
  'mortgage_interest',
  'loan_principal',
  ...ESCROW_CATEGORIES,
];

const LINE_OF_GROUP: Record<CategoryGroup, BookLine> = {
  income: 'income',
  expenses: 'operatingExpenses',
  capital_expenditures: 'capitalSpending',
  transfer: 'transfers',
};

/** The line a category value (or "uncategorized") counts on. */
export function bookLineOf(category: string): BookLine {
  if (DEBT_SERVICE_CATEGORIES.includes(category)) return 'debtService';
  const group = categoryGroupOf(category);
  return group ? LINE_OF_GROUP[group] : 'uncategorized';
}

/** Lines that count in the figures (transfers and uncategorised do not). */
export const COUNTED_LINES = ['income', 'operatingExpenses', 'debtService', 'capitalSpending'] as const;

/**
 * A category's amount as its line shows it: income as received (net), every other line as money spent
 * (-net, so a $100 repair is 10000 and a $20 refund of a repair lowers it).
 */
export function lineAmount(category: string, net: Cents): Cents {
  const amount = bookLineOf(category) === 'income' ? net : -net;
  return amount === 0 ? 0 : amount; // no -0
}

/**
 * The one sign of money that is on no line of a report (transfers such as owner contributions and distributions,
 * uncategorised money, what Schedule E leaves out or leaves to the preparer): as the ledger signs it, money in
 * positive and money out negative, in every report. Only a report's own lines have their own sign (a line
 * amount above; Schedule E's lines as the form takes them).
 */
export const ledgerSigned = (net: Cents): Cents => (net === 0 ? 0 : net);

export interface BookFigures {
  income: Cents;
  operatingExpenses: Cents;
  noi: Cents;
  debtService: Cents;
  capitalSpending: Cents;
  cashFlow: Cents;
}

/** The figures from category nets ([category, net cents] pairs; a category may repeat). */
export function bookFigures(nets: Iterable<readonly [category: string, net: Cents]>): BookFigures {
  const sums = { income: 0, operatingExpenses: 0, debtService: 0, capitalSpending: 0 };
  for (const [category, net] of nets) {
    const line = bookLineOf(category);
    if (line === 'transfers' || line === 'uncategorized') continue;
    sums[line] += lineAmount(category, net);
  }
  const noi = sums.income - sums.operatingExpenses;
  return { ...sums, noi, cashFlow: noi - sums.debtService - sums.capitalSpending };
}

/** One (month, property, category) sum as reports carry it. */
export interface BookCell {
  month: string;
  propertyId: string | null;
  category: string;
  net: Cents;
}

/** Figures of cells (each a category's net; which month or property they are of does not matter here). */
export function figuresOf(cells: Iterable<Pick<BookCell, 'category' | 'net'>>): BookFigures {
  const nets: [string, Cents][] = [];
  for (const cell of cells) nets.push([cell.category, cell.net]);
  return bookFigures(nets);
}

// ---------------------------------------------------------------------------------------------------------
// Months and periods (UTC calendar, yyyy-mm).

export const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + by;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** Months from..to inclusive (empty when to < from). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let month = from; month <= to; month = shiftMonth(month, 1)) out.push(month);
  return out;
}

export const firstDayOf = (month: string) => `${month}-01`;
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

export type PeriodPreset = 'trailing12' | 'ytd' | 'lastYear' | 'custom';

export const PERIOD_PRESETS: { value: Exclude<PeriodPreset, 'custom'>; label: string }[] = [
  { value: 'trailing12', label: 'Trailing 12 months' },
  { value: 'ytd', label: 'Year to date' },
  { value: 'lastYear', label: 'Last year' },
];

/** A preset's months for today's date (yyyy-mm-dd): trailing 12 months ends with this month. */
export function presetMonths(preset: Exclude<PeriodPreset, 'custom'>, today: string): { from: string; to: string } {
  const month = today.slice(0, 7);
  const year = Number(today.slice(0, 4));
  if (preset === 'ytd') return { from: `${year}-01`, to: month };
  if (preset === 'lastYear') return { from: `${year - 1}-01`, to: `${year - 1}-12` };
  return { from: shiftMonth(month, -11), to: month };
}

/** The longest period a report takes (ten years of months). */
export const MAX_REPORT_MONTHS = 120;

/**
 * The ledger filter (URL keys of core/filters) that lists exactly a report cell's transactions: the months'
 * dates, the property ("none" = no property) and the category or group. Ignored transactions are left out
 * of the ledger's totals as of the reports, so the ledger's net equals the cell.
 */
export function ledgerFilterFor(cell: {
  from: string;
  to: string;
  propertyId?: string | null;
  category?: string;
  categoryGroup?: CategoryGroup;
}): Record<string, string> {
  const out: Record<string, string> = { from: firstDayOf(cell.from), to: lastDayOf(cell.to) };
  if (cell.propertyId !== undefined) out.propertyId = cell.propertyId ?? 'none';
  if (cell.categoryGroup) out.categoryGroup = cell.categoryGroup;
  else if (cell.category) out.category = cell.category;
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// KPIs: each a value with its text, or "—" with the reason an input is missing.

export type Kpi = { value: number; text: string } | { value: null; text: string; reason: string };

const missing = (reason: string, text = '—'): Kpi => ({ value: null, text, reason });
const ratio = (numerator: Cents, denominator: Cents): Kpi => {
  const value = numerator / denominator;
  return { value, text: formatPercent(value) };
};

/** The property fields KPIs read (cents or null when not entered). */
export interface KpiProperty {
  currentMarketValue: Cents | null;
  acquisitionPrice: Cents | null;
  downPayment: Cents | null;
  closingCosts: Cents | null;
  initialRepairs: Cents | null;
  otherInitialCosts: Cents | null;
}

function sumFields(
  properties: readonly KpiProperty[],
  required: keyof KpiProperty,
  optional: (keyof KpiProperty)[],
): { total: Cents; without: number } {
  let total = 0;
  let without = 0;
  for (const p of properties) {
    const base = p[required];
    if (base === null) {
      without++;
      continue;
    }
    total += base;
    for (const field of optional) total += p[field] ?? 0;
  }
  return { total, without };
}

const whoLacks = (without: number, count: number, what: string) =>
  count === 1 ? `The property has no ${what}` : `${without} of ${count} properties have no ${what}`;

/** Cap rate on value = annual NOI ÷ current market value (summed over the properties). */
export function capRateOnValue(annualNoi: Cents, properties: readonly KpiProperty[]): Kpi {
  if (properties.length === 0) return missing('No properties');
  const { total, without } = sumFields(properties, 'currentMarketValue', []);
  if (without > 0) return missing(whoLacks(without, properties.length, 'market value'));
  if (total === 0) return missing('The market value is zero');
  return ratio(annualNoi, total);
}

/** Cap rate on cost = annual NOI ÷ (acquisition price + closing costs + initial repairs + other initial costs). */
export function capRateOnCost(annualNoi: Cents, properties: readonly KpiProperty[]): Kpi {
  if (properties.length === 0) return missing('No properties');
  const { total, without } = sumFields(properties, 'acquisitionPrice', [
    'closingCosts',
    'initialRepairs',
    'otherInitialCosts',
  ]);
  if (without > 0) return missing(whoLacks(without, properties.length, 'acquisition price'));
  if (total === 0) return missing('The cost is zero');
  return ratio(annualNoi, total);
}

/** Cash-on-cash = trailing-12-month cash flow ÷ (down payment + closing costs + initial repairs + other initial costs). */
export function cashOnCash(trailingCashFlow: Cents, properties: readonly KpiProperty[]): Kpi {
  if (properties.length === 0) return missing('No properties');
  const { total, without } = sumFields(properties, 'downPayment', [
    'closingCosts',
    'initialRepairs',
    'otherInitialCosts',
  ]);
  if (without > 0) return missing(whoLacks(without, properties.length, 'down payment'));
  if (total === 0) return missing('No cash invested');
  return ratio(trailingCashFlow, total);
}

/** DSCR = NOI ÷ debt service, two decimals ("1.25x"); "n/a" without debt service in the period. */
export function dscr(noi: Cents, debtService: Cents): Kpi {
  if (debtService <= 0) return missing('No debt service in the period', 'n/a');
  const value = noi / debtService;
  return { value, text: `${value.toFixed(2)}x` };
}
