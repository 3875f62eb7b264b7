import { toCents } from '../core/money.js';
import { type ReportTable, type TableRow, tableCsv } from './table.js';
import type { PropertyDepreciationData as PropertyDepreciationRow } from './types.js';

const cents = (value: number | null) => (value === null ? null : (toCents(value) ?? 0));

const GRAND_TOTAL_SCOPE = 'All properties shown';
const GRAND_TOTAL = 'Grand total';

/**
 * The depreciation schedule (CSV and PDF): one row per asset of each property shown, with the depreciation taken
 * before the books (as entered), the bonus taken in the year placed in service, and its flag.
 */
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
      // The carry-in's last year and the bonus rate are words in the note; the amounts are their own columns.
      const notes = [
        asset.prior ? `Taken before the books through ${asset.prior.throughYear}.` : null,
        asset.bonus?.taken ? `Bonus depreciation ${asset.bonus.percent}% in ${asset.placedInService}.` : null,
        asset.flag,
      ];
      rows.push({
        cells: [
          property.address,
          asset.label,
          asset.classLabel ?? '',
          asset.placedInService ?? '',
          cents(asset.basis),
          asset.prior ? cents(asset.prior.entered) : null,
          asset.bonus?.taken ? cents(asset.bonus.amount) : null,
          cents(asset.thisYear),
          cents(asset.accumulated),
          cents(asset.remaining),
          notes.filter((n) => n).join(' '),
        ],
      });
    }
    const total = cents(property.total) ?? 0;
    grandTotal += total;
    rows.push({ cells: [property.address, 'Total', '', '', null, null, null, total, null, null, ''], style: 'bold' });
  }
  // The last row is always the year's grand total of every property shown (one property: its total again), so a
  // reader reconciling with the return finds it in one place.
  if (properties.length > 0) {
    rows.push({
      cells: [GRAND_TOTAL_SCOPE, GRAND_TOTAL, '', '', null, null, null, grandTotal, null, null, ''],
      style: 'bold',
    });
  }
  return {
    preamble: [[`Depreciation schedule ${year}`], [notice]],
    columns: [
      { label: 'Property', weight: 1.4 },
      { label: 'Asset' },
      { label: 'Class', weight: 1.3 },
      { label: 'Placed in service', weight: 0.6 },
      { label: 'Basis', kind: 'money' },
      { label: 'Before the books', kind: 'money' },
      { label: 'Bonus', kind: 'money' },
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
