import { RENT_STATUS_LABELS } from '../core/leases.js';
import { toCents } from '../core/money.js';
import { type ReportTable, type TableRow, tableCsv } from './table.js';
import type { RentRollData } from './types.js';

const cents = (value: number | null) => (value === null ? null : (toCents(value) ?? 0));
type Totals = RentRollData['totals'];

const unlinkedNote = (t: Totals) =>
  t.unlinkedMonths > 0
    ? `${t.unlinkedMonths} ${t.unlinkedMonths === 1 ? 'month' : 'months'} with rent linked to no lease`
    : '';

/** The rent roll (CSV and PDF): one row per lease and month, a total row per lease, and the portfolio's total. */
export function rentRollTable(report: RentRollData): ReportTable {
  const rows: TableRow[] = [];
  const total = (who: string[], t: Totals): TableRow => ({
    cells: [
      ...who,
      'Total',
      '',
      cents(t.due),
      cents(t.received),
      cents(t.balance),
      '',
      t.collectionRateText,
      unlinkedNote(t),
    ],
    style: 'bold',
  });
  for (const lease of report.leases) {
    const who = [lease.tenant.name ?? '', lease.tenant.email ?? '', lease.address, lease.unitLabel ?? ''];
    for (const m of lease.months) {
      rows.push({
        cells: [
          ...who,
          m.month,
          m.dueDate,
          cents(m.due),
          cents(m.received),
          cents(m.balance),
          RENT_STATUS_LABELS[m.status],
          '',
          m.note ?? '',
        ],
      });
    }
    rows.push(total(who, lease.totals));
  }
  rows.push(total(['All leases', '', '', ''], report.totals));
  return {
    preamble: [[`Rent roll ${report.from} to ${report.to}`]],
    columns: [
      { label: 'Tenant' },
      { label: 'Email', weight: 1.3 },
      { label: 'Property', weight: 1.4 },
      { label: 'Unit', weight: 0.5 },
      { label: 'Month', weight: 0.6 },
      { label: 'Due date', weight: 0.7 },
      { label: 'Due', kind: 'money' },
      { label: 'Received', kind: 'money' },
      { label: 'Balance', kind: 'money' },
      { label: 'Status', weight: 0.7 },
      { label: 'Collection rate', weight: 0.6 },
      { label: 'Note', weight: 1.2 },
    ],
    rows,
  };
}

/** The rent roll as CSV. */
export function rentRollCsv(report: RentRollData): string {
  return tableCsv(rentRollTable(report));
}
