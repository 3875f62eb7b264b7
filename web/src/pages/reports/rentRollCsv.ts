import { RENT_STATUS_LABELS } from '@rent/shared/core/leases';
import { centsToString, toCents } from '@rent/shared/core/money';
import type { RentRollReport } from '../../api/reports';
import { csvCell } from '../../lib/csv';

const amount = (value: number | null) => (value === null ? '' : csvCell(centsToString(toCents(value) ?? 0), false));
type Totals = RentRollReport['totals'];

/** The rent roll as CSV: one row per lease and month, a total row per lease, and the portfolio's total. */
export function rentRollCsv(report: RentRollReport): string {
  const header = [
    'Tenant',
    'Email',
    'Property',
    'Unit',
    'Month',
    'Due date',
    'Due',
    'Received',
    'Balance',
    'Status',
    'Collection rate',
    'Note',
  ];
  const lines = [csvCell(`Rent roll ${report.from} to ${report.to}`), header.map((h) => csvCell(h)).join(',')];
  const total = (who: string[], t: Totals) =>
    [
      ...who,
      csvCell('Total'),
      '',
      amount(t.due),
      amount(t.received),
      amount(t.balance),
      '',
      csvCell(t.collectionRateText, false),
      csvCell(
        t.sharedMonths > 0
          ? `${t.sharedMonths} shared ${t.sharedMonths === 1 ? 'month' : 'months'} not in the totals`
          : '',
      ),
    ].join(',');
  for (const lease of report.leases) {
    const who = [
      csvCell(lease.tenant.name ?? ''),
      csvCell(lease.tenant.email ?? ''),
      csvCell(lease.address),
      csvCell(lease.unitLabel ?? ''),
    ];
    for (const m of lease.months) {
      lines.push(
        [
          ...who,
          csvCell(m.month, false),
          csvCell(m.dueDate, false),
          amount(m.due),
          amount(m.received),
          amount(m.balance),
          csvCell(m.status ? RENT_STATUS_LABELS[m.status] : 'Not available'),
          '',
          csvCell(m.note ?? ''),
        ].join(','),
      );
    }
    lines.push(total(who, lease.totals));
  }
  lines.push(total([csvCell('All leases'), '', '', ''], report.totals));
  return `${lines.join('\r\n')}\r\n`;
}
