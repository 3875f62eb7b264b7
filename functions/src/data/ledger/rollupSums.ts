import { bookLineOf } from '@rent/shared';
import { IGNORED_KEY, LEASE_PREFIX, NO_RECEIPT_COUNTER, type RollupCell } from './rollupDeltas.js';

/**
 * What readers sum from rollup cells (data/ledger/rollupDeltas.ts keeps the cells and their writes): a ledger filter's
 * totals, and a report's operating money, transfers and ignored per cell and category.
 */

/** Which part of the cells a ledger filter selects (ignored transactions are never summed). */
export interface RollupSelection {
  /** undefined = every property, null = no property. */
  propertyId?: string | null;
  /** Category keys (values or "uncategorized"); undefined = all. */
  categories?: ReadonlySet<string>;
  direction?: 'in' | 'out';
}

export interface CentTotals {
  in: number;
  out: number;
  count: number;
}

export function sumCells(cells: Iterable<RollupCell>, selection: RollupSelection = {}): CentTotals {
  const totals = { in: 0, out: 0, count: 0 };
  for (const cell of cells) {
    if (selection.propertyId !== undefined && cell.propertyId !== selection.propertyId) continue;
    for (const [name, value] of Object.entries(cell.counters)) {
      const match = /^c#([a-z0-9_]+)#(in|out|nin|nout)$/.exec(name);
      if (!match) continue; // ignored# counters
      const [, category, which] = match as unknown as [string, string, string];
      if (selection.categories && !selection.categories.has(category)) continue;
      const direction = which === 'in' || which === 'nin' ? 'in' : 'out';
      if (selection.direction && selection.direction !== direction) continue;
      if (which === 'in') totals.in += value;
      else if (which === 'out') totals.out += value;
      else totals.count += value;
    }
  }
  return totals;
}

/** What a counter attribute is, parsed once per name (a cell holds four counters per category; names repeat). */
interface CounterName {
  /** null: the ignored bucket. */
  category: string | null;
  which: string;
  transfer: boolean;
}
const counterNames = new Map<string, CounterName>();
function counterNameOf(name: string): CounterName {
  let parsed = counterNames.get(name);
  if (parsed === undefined) {
    const last = name.lastIndexOf('#');
    const category = name.startsWith(`${IGNORED_KEY}#`) ? null : name.slice(name.indexOf('#') + 1, last);
    parsed = {
      category,
      which: name.slice(last + 1),
      transfer: category !== null && bookLineOf(category) === 'transfers',
    };
    // Bounded: category and ignored counters only (lease and receipt counters never reach here).
    counterNames.set(name, parsed);
  }
  return parsed;
}

/** What a report reads from one cell: operating money, transfers and ignored kept apart. */
export function summarizeCell(cell: RollupCell) {
  const summary = {
    operating: { in: 0, out: 0, count: 0 },
    transfers: { in: 0, out: 0, count: 0 },
    ignored: { in: 0, out: 0, count: 0 },
    byCategory: {} as Record<string, CentTotals>,
  };
  // Hot on every report: no arrays or splits per counter.
  for (const name in cell.counters) {
    if (name === NO_RECEIPT_COUNTER) continue; // a count of transactions, not a category
    if (name.startsWith(LEASE_PREFIX)) continue; // per-lease rent, not a category
    const value = cell.counters[name]!;
    const { category, which, transfer } = counterNameOf(name);
    let target = summary.ignored;
    if (category !== null) {
      target = transfer ? summary.transfers : summary.operating;
      summary.byCategory[category] ??= { in: 0, out: 0, count: 0 };
      addCounter(summary.byCategory[category], which, value);
    }
    addCounter(target, which, value);
  }
  return summary;
}

function addCounter(totals: CentTotals, which: string, value: number) {
  if (which === 'in') totals.in += value;
  else if (which === 'out') totals.out += value;
  else totals.count += value;
}
