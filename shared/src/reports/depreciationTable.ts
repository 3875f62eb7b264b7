import { toCents } from '../core/money.js';
import { type ReportTable, type TableRow, tableCsv } from './table.js';
import type { PropertyDepreciationData as PropertyDepreciationRow } from './types.js';

const cents = (value: number | null) => (value === null ? null : (toCents(value) ?? 0));

const GRAND_TOTAL_SCOPE = 'All properties shown';
const GRAND_TOTAL = 'Grand total';

/** The depreciation schedule (CSV and PDF): one row per asset of each property shown, with its flag. */
export function depreciationTable(
  properties: readonly PropertyDepreciationRow[],
  year: string,
  notice: string,
): ReportTable {
  const rows: TableRow[] = [];
  // Summed in integer cents from the property totals the table shows, so it matches them to the cent.
  let grandTotal = 0;
  for (const property of properties) {
    for (const asset of property.assets) {
      rows.push({
        cells: [
          property.address,
          asset.label,
          asset.classLabel ?? '',
          asset.placedInService ?? '',
          cents(asset.basis),
          cents(asset.thisYear),
          cents(asset.accumulated),
          cents(asset.remaining),
          asset.flag ?? '',
        ],
      });
    }
    const total = cents(property.total) ?? 0;
    grandTotal += total;
    rows.push({ cells: [property.address, 'Total', '', '', null, total, null, null, ''], style: 'bold' });
  }
  // The last row is always the year's grand total of every property shown (one property: its total again), so a
  // reader reconciling with the return finds it in one place.
  if (properties.length > 0) {
    rows.push({ cells: [GRAND_TOTAL_SCOPE, GRAND_TOTAL, '', '', null, grandTotal, null, null, ''], style: 'bold' });
  }
  return {
    preamble: [[`Depreciation schedule ${year}`], [notice]],
    columns: [
      { label: 'Property', weight: 1.4 },
      { label: 'Asset' },
      { label: 'Class', weight: 1.3 },
      { label: 'Placed in service', weight: 0.6 },
      { label: 'Basis', kind: 'money' },
      { label: year, kind: 'money' },
      { label: 'Accumulated', kind: 'money' },
      { label: 'Remaining', kind: 'money' },
      { label: 'Note', weight: 1.4 },
    ],
    rows,
    footer: notice,
  };
}

/** The depreciation schedule as CSV. */
export function depreciationCsv(properties: readonly PropertyDepreciationRow[], year: string, notice: string): string {
  return tableCsv(depreciationTable(properties, year, notice));
}
