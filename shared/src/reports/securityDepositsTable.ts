import { toCents } from '../core/money.js';
import type { SecurityDepositsReport } from '../domain/lease.js';
import type { ReportTable, TableRow } from './table.js';

const cents = (value: number) => toCents(value) ?? 0;

/**
 * Security deposits held (CSV and PDF, and the tax package): per property what the ledger received, returned and
 * holds, and what the running leases ask for, one row per lease under it; the total of all properties last.
 */
export function securityDepositsTable(report: SecurityDepositsReport): ReportTable {
  const rows: TableRow[] = [];
  for (const p of report.properties) {
    rows.push({
      cells: [p.address, '', '', cents(p.received), cents(p.returned), cents(p.held), cents(p.required)],
      style: 'bold',
    });
    for (const lease of p.leases) {
      rows.push({
        cells: [
          '',
          lease.tenant.name ?? lease.tenant.email ?? '',
          lease.unitLabel ?? '',
          null,
          null,
          null,
          cents(lease.deposit),
        ],
      });
    }
  }
  const t = report.totals;
  rows.push({
    cells: ['All properties', '', '', cents(t.received), cents(t.returned), cents(t.held), cents(t.required)],
    style: 'bold',
  });
  return {
    preamble: [[`Security deposits held at the end of ${report.month}`]],
    columns: [
      { label: 'Property', weight: 1.6 },
      { label: 'Tenant', weight: 1.2 },
      { label: 'Unit', weight: 0.5 },
      { label: 'Received', kind: 'money' },
      { label: 'Returned', kind: 'money' },
      { label: 'Held', kind: 'money' },
      { label: 'Leases ask for', kind: 'money' },
    ],
    rows,
    footer: 'Deposits are held for the tenants: a liability, not income.',
  };
}
