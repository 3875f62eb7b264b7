import { NO_PROPERTY } from '../core/filters.js';
import { bookRows, bookRowsTable } from './bookRows.js';
import type { ReportTable } from './table.js';
import type { ProfitAndLossData } from './types.js';

/** The profit and loss's columns: each property, then "No property" or "A deleted property" when money is there. */
export function profitAndLossColumns(data: ProfitAndLossData): { key: string; label: string }[] {
  const used = new Set(data.cells.map((c) => c.propertyId ?? NO_PROPERTY));
  const list = data.properties.map((p) => ({ key: p.id, label: p.address }));
  for (const key of used)
    if (!list.some((c) => c.key === key))
      list.push({ key, label: key === NO_PROPERTY ? 'No property' : 'A deleted property' });
  return list;
}

/** The profit and loss's rows: sections and categories, a column per property. */
export const profitAndLossRows = (data: ProfitAndLossData) =>
  bookRows(data.cells.map((c) => ({ column: c.propertyId ?? NO_PROPERTY, category: c.category, net: c.net })));

/** The profit and loss as a table (CSV and PDF), as the reports page shows it. */
export function profitAndLossTable(data: ProfitAndLossData): ReportTable {
  return bookRowsTable(profitAndLossRows(data), profitAndLossColumns(data));
}
