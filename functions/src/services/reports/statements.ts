import {
  type BookCell,
  type BookFigures,
  type Cents,
  fairRentalDays,
  figuresOf,
  fromCents,
  monthsBetween,
  type PropertyRecord,
  type ReportPeriodQuery,
  SCHEDULE_E_LOSS_NOTE,
  SCHEDULE_E_NOTICE,
  SCHEDULE_E_PROPERTY_TYPES,
  SCHEDULE_E_SUMMARY_LINES,
  type ScheduleEQuery,
  type ScheduleEWorksheet,
  scheduleESummary,
  scheduleETypeOf,
  scheduleEWorksheet,
} from '@rent/shared';
import type { RollupCell } from '../../data/ledger/rollupDeltas.js';
import { summarizeCell } from '../../data/ledger/rollupSums.js';
import { cellsWithin, readRollupCells } from '../../data/ledger/rollups.js';
import { noScheduleEChoices, scheduleEChoicesOfYear } from '../../data/reports/scheduleEChoices.js';
import { listProperties } from '../../data/tenancy/properties.js';
import { leasesByPropertyOf } from '../../data/tenancy/tenancies.js';
import { NotFound } from '../../domain-errors.js';
import { depreciationByProperty, depreciationInputs } from './depreciation.js';
import { choicesToWire } from './scheduleEChoices.js';

/**
 * What the books say (docs/reports-and-tax.md "What the books say"). Every report reads the monthly rollup cells of its
 * months (one query, O(months x properties) small items) and the organization's properties; never the transactions. The
 * arithmetic is shared/src/core/books.ts, the same the web and the tests use. Ignored transactions are kept apart in
 * the rollups and never reach a report; transfers and uncategorised money are reported as cells but count in no figure.
 */

type Cell = BookCell & { count: number };
type PropertyFilter = string | null | undefined;

const NO_PROPERTY_LABEL = 'No property';
const GONE_PROPERTY_LABEL = 'A deleted property';

/** The organization's properties; a named property that is not among them answers 404. */
async function propertiesFor(orgId: string, propertyId: PropertyFilter): Promise<PropertyRecord[]> {
  const properties = await listProperties(orgId);
  if (typeof propertyId === 'string' && !properties.some((p) => p.id === propertyId)) throw new NotFound('Property');
  return properties;
}

/** The cells of months from..to, one per month x property x category with money or transactions. */
async function bookCells(orgId: string, from: string, to: string, propertyId: PropertyFilter): Promise<Cell[]> {
  return bookCellsOf((await readRollupCells(orgId, { from, to })).cells, propertyId);
}

function bookCellsOf(cells: RollupCell[], propertyId: PropertyFilter): Cell[] {
  return [...categoryTotals(cells, propertyId)].sort(byMonthAndCategory);
}

/** Each selected cell's category totals that have money or transactions. */
function* categoryTotals(cells: RollupCell[], propertyId: PropertyFilter): Generator<Cell> {
  for (const cell of cells) {
    if (propertyId !== undefined && cell.propertyId !== propertyId) continue;
    const byCategory = summarizeCell(cell).byCategory;
    for (const category in byCategory) {
      const totals = byCategory[category]!;
      const net = totals.in + totals.out;
      if (net === 0 && totals.count === 0) continue;
      yield { month: cell.month, propertyId: cell.propertyId, category, net, count: totals.count };
    }
  }
}

// Plain code-unit order (months and category keys are ASCII): localeCompare was a tenth of a report's CPU.
const byMonthAndCategory = (a: { month: string; category: string }, b: { month: string; category: string }) =>
  compare(a.month, b.month) || compare(a.category, b.category);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const wireFigures = (f: BookFigures) =>
  Object.fromEntries(Object.entries(f).map(([k, v]) => [k, fromCents(v)])) as Record<keyof BookFigures, number>;
const labels = (properties: PropertyRecord[]) => properties.map((p) => ({ id: p.id, address: p.address }));

/** A period's money per month x category, the selected properties summed. */
type MonthCell = Omit<Cell, 'propertyId'>;

/**
 * The period's properties (a foreign property is a 404) and its cells per month x category, for the cash flow
 * and the dashboard, with the rollup cells they were summed from. `wider`: rollup cells the caller reads anyway, of
 * a range that covers the period, instead of a read of the period's own.
 */
export async function periodBooks(orgId: string, query: ReportPeriodQuery, wider?: Promise<RollupCell[]>) {
  const [properties, rollups] = await Promise.all([
    propertiesFor(orgId, query.propertyId),
    wider
      ? wider.then((cells) => cellsWithin(cells, query))
      : readRollupCells(orgId, { from: query.from, to: query.to }).then(({ cells }) => cells),
  ]);
  return { properties, cells: monthCellsOf(rollups, query.propertyId), rollups };
}

/** Like bookCellsOf, summed over the properties as it goes: a few thousand cells where per property there are tens. */
function monthCellsOf(cells: RollupCell[], propertyId: PropertyFilter): MonthCell[] {
  const sums = new Map<string, MonthCell>();
  for (const { month, category, net, count } of categoryTotals(cells, propertyId)) {
    const key = `${month}|${category}`;
    const sum = sums.get(key);
    if (sum) {
      sum.net += net;
      sum.count += count;
    } else sums.set(key, { month, category, net, count });
  }
  return [...sums.values()].sort(byMonthAndCategory);
}

/**
 * Cash flow: one cell per month x category, the selected properties (all, one, or none) summed, which is what the
 * page shows; per property it would be ten times the bytes for the same table.
 */
export async function cashFlowReport(orgId: string, query: ReportPeriodQuery) {
  const { properties, cells } = await periodBooks(orgId, query);
  return {
    from: query.from,
    to: query.to,
    months: monthsBetween(query.from, query.to),
    properties: labels(properties),
    cells: cells.map((c) => ({ ...c, net: fromCents(c.net) })),
    figures: wireFigures(figuresOf(cells)),
  };
}

/** Sums cells over their months: one per property x category. */
function byPropertyAndCategory(cells: Cell[]) {
  const sums = new Map<string, { propertyId: string | null; category: string; net: Cents; count: number }>();
  for (const cell of cells) {
    const id = `${cell.propertyId ?? ''}|${cell.category}`;
    const sum = sums.get(id) ?? { propertyId: cell.propertyId, category: cell.category, net: 0, count: 0 };
    sum.net += cell.net;
    sum.count += cell.count;
    sums.set(id, sum);
  }
  return [...sums.values()];
}

export async function profitAndLossReport(orgId: string, query: ReportPeriodQuery) {
  const [properties, cells] = await Promise.all([
    propertiesFor(orgId, query.propertyId),
    bookCells(orgId, query.from, query.to, query.propertyId),
  ]);
  return {
    from: query.from,
    to: query.to,
    properties: labels(properties),
    cells: byPropertyAndCategory(cells).map((c) => ({ ...c, net: fromCents(c.net) })),
    figures: wireFigures(figuresOf(cells)),
  };
}

const wireItem = <T extends { amount: Cents }>(item: T) => ({ ...item, amount: fromCents(item.amount) });
function wireWorksheet(sheet: ScheduleEWorksheet) {
  return {
    lines: sheet.lines.map((line) => ({ ...line, amount: fromCents(line.amount), items: line.items.map(wireItem) })),
    mortgage: sheet.mortgage && wireItem(sheet.mortgage),
    needsReview: sheet.needsReview.map(wireItem),
    excluded: sheet.excluded.map(wireItem),
  };
}

const lineEighteen = (d: { total: Cents; flags: string[] } | undefined) =>
  d ? { amount: d.total, flags: d.flags } : null;

/**
 * Line 18 comes from the depreciation schedule (services/reports/depreciation.ts: the capital cells of every month up
 * to the year's end, since capital spending of earlier years still depreciates).
 * A Schedule E worksheet per property for a tax year (each property's own, or one with propertyId), and one
 * for money with no property when there is any (no Schedule E takes it until it is assigned).
 */
export async function scheduleEReport(orgId: string, query: ScheduleEQuery) {
  const [properties, { cells: rollups }, leasesByProperty, capex, choicesByProperty] = await Promise.all([
    propertiesFor(orgId, query.propertyId),
    readRollupCells(orgId, { from: `${query.year}-01`, to: `${query.year}-12` }),
    leasesByPropertyOf(orgId),
    depreciationInputs(orgId, query.year),
    scheduleEChoicesOfYear(orgId, query.year),
  ]);
  const nets = new Map<string | null, Map<string, Cents>>();
  for (const cell of categoryTotals(rollups, query.propertyId)) {
    const forProperty = nets.get(cell.propertyId) ?? new Map<string, Cents>();
    forProperty.set(cell.category, (forProperty.get(cell.category) ?? 0) + cell.net);
    nets.set(cell.propertyId, forProperty);
  }
  const shown: (string | null)[] =
    query.propertyId !== undefined ? [query.propertyId] : [...properties.map((p) => p.id)];
  for (const id of nets.keys()) if (!shown.includes(id)) shown.push(id); // no property, or a deleted one
  const sheetProperties = properties.filter((p) => shown.includes(p.id));
  const depreciation = depreciationByProperty(query.year, properties, capex);
  const leases = sheetProperties.flatMap((p) => leasesByProperty.get(p.id) ?? []);
  // Line 1b and line 2 as chosen for the year, else as the property's type and its leases say.
  const choicesOf = (id: string | null) => {
    const property = properties.find((p) => p.id === id);
    return property ? (choicesByProperty.get(property.id) ?? noScheduleEChoices(property.id, query.year)) : null;
  };
  const sheets = shown.map((id) => ({
    id,
    sheet: scheduleEWorksheet(
      nets.get(id) ?? new Map(),
      lineEighteen(id === null ? undefined : depreciation.get(id)),
      choicesOf(id)?.personalUseDays,
    ),
  }));
  const worksheets = sheets.map(({ id, sheet }) => {
    const property = properties.find((p) => p.id === id);
    const leaseDays = id === null ? null : fairRentalDays(id, leases, query.year);
    const choices = choicesOf(id);
    const chosenType = choices?.propertyTypeCode == null ? null : scheduleETypeOf(choices.propertyTypeCode);
    return {
      propertyId: id,
      address: property?.address ?? (id === null ? NO_PROPERTY_LABEL : GONE_PROPERTY_LABEL),
      propertyType:
        chosenType ?? (property?.propertyType ? (SCHEDULE_E_PROPERTY_TYPES[property.propertyType] ?? null) : null),
      fairRentalDays: choices?.fairRentalDays ?? leaseDays,
      leaseDays,
      choices: choices && choicesToWire(choices),
      ...wireWorksheet(sheet),
    };
  });
  // Lines 23a-26 add up the properties' worksheets: money with no property is on no Schedule E until assigned.
  const summary = scheduleESummary(sheets.filter(({ id }) => id !== null).map(({ sheet }) => sheet));
  return {
    year: query.year,
    notice: SCHEDULE_E_NOTICE,
    worksheets,
    summary: {
      lines: SCHEDULE_E_SUMMARY_LINES.map(({ line, label, key }) => ({ line, label, amount: fromCents(summary[key]) })),
      note: SCHEDULE_E_LOSS_NOTE,
    },
  };
}
