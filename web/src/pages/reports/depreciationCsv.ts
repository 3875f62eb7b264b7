import { centsToString, toCents } from '@rent/shared/core/money';
import type { PropertyDepreciationRow } from '../../api/reports';
import { csvCell } from '../../lib/csv';

const amount = (value: number | null) => (value === null ? '' : csvCell(centsToString(toCents(value) ?? 0), false));

/** The depreciation schedule as CSV: one row per asset of each property shown, with its flag. */
export function depreciationCsv(properties: readonly PropertyDepreciationRow[], year: string, notice: string): string {
  const header = ['Property', 'Asset', 'Class', 'Placed in service', 'Basis', year, 'Accumulated', 'Remaining', 'Note'];
  const lines = [csvCell(`Depreciation schedule ${year}`), csvCell(notice), header.map((h) => csvCell(h)).join(',')];
  for (const property of properties) {
    for (const asset of property.assets) {
      lines.push(
        [
          csvCell(property.address),
          csvCell(asset.label),
          csvCell(asset.classLabel ?? ''),
          csvCell(asset.placedInService ?? '', false),
          amount(asset.basis),
          amount(asset.thisYear),
          amount(asset.accumulated),
          amount(asset.remaining),
          csvCell(asset.flag ?? ''),
        ].join(','),
      );
    }
    lines.push([csvCell(property.address), csvCell('Total'), '', '', '', amount(property.total), '', '', ''].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
