import { AGING_BUCKETS, AGING_LABELS } from '../core/charges.js';
import { toCents } from '../core/money.js';
import type { AgingReport } from '../domain/lease.js';
import type { ReportTable, TableRow } from './table.js';

const cents = (value: number) => toCents(value) ?? 0;

/**
 * The leases the Aging tab lists: those with a balance. The server lists every lease with charges; one paid up to
 * the cent has nothing to chase, so the screen, the CSV and the PDF all leave it out.
 */
export const agingLeasesShown = (report: AgingReport) => report.leases.filter((row) => row.balance !== 0);

/**
 * The aging of what tenants owe (CSV and PDF): a row per lease with a balance (owed now; a credit is negative) and
 * the open part of its charges by days past due, then the total of all leases.
 */
export function agingTable(report: AgingReport): ReportTable {
  const rows: TableRow[] = agingLeasesShown(report).map((row) => ({
    cells: [
      row.tenant.name ?? '',
      row.tenant.email ?? '',
      row.address,
      row.unitLabel ?? '',
      cents(row.balance),
      ...AGING_BUCKETS.map((b) => cents(row[b])),
    ],
  }));
  const t = report.totals;
  rows.push({
    cells: ['All leases', '', '', '', cents(t.balance), ...AGING_BUCKETS.map((b) => cents(t[b]))],
    style: 'bold',
  });
  return {
    preamble: [[`Aging as of ${report.today}`]],
    columns: [
      { label: 'Tenant' },
      { label: 'Email', weight: 1.3 },
      { label: 'Property', weight: 1.5 },
      { label: 'Unit', weight: 0.5 },
      { label: 'Balance', kind: 'money' },
      ...AGING_BUCKETS.map((b) => ({ label: AGING_LABELS[b], kind: 'money' as const })),
    ],
    rows,
    footer: 'Balance is what is owed now (a credit is negative): charges already due, less payments, oldest first.',
  };
}
