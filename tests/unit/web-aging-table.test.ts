import { describe, expect, it } from 'vitest';
import { agingLeasesShown, agingTable } from '../../shared/src/reports/agingTable';
import { tableCsv } from '../../shared/src/reports/table';

const buckets = (current: number, days1to30: number, days31to60: number, days61to90: number, over90: number) => ({
  current,
  days1to30,
  days31to60,
  days61to90,
  over90,
});
const row = (
  id: string,
  who: { name: string | null; email: string | null },
  balance: number,
  b = buckets(0, 0, 0, 0, 0),
) => ({
  leaseId: id,
  propertyId: 'p1',
  address: '=1 Main St, Springfield',
  unitLabel: id === 'l1' ? 'Unit 2' : null,
  tenant: who,
  balance,
  ...b,
});

const report = {
  today: '2026-03-20',
  leases: [
    row('l1', { name: 'Ann', email: 'ann@example.com' }, 1300.3, buckets(0.1, 0.2, 1000, 300, 0)),
    row('l2', { name: null, email: 'bo@example.com' }, 0),
    row('l3', { name: 'Cy', email: null }, -25.5),
  ],
  totals: { balance: 1274.8, ...buckets(0.1, 0.2, 1000, 300, 0) },
};

describe('aging table', () => {
  it('a row per lease with a balance (a credit negative), the total of all leases, money exact to the cent', () => {
    expect(agingLeasesShown(report).map((r) => r.leaseId)).toEqual(['l1', 'l3']);
    const table = agingTable(report);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['Ann', 'ann@example.com', '=1 Main St, Springfield', 'Unit 2', 130030, 10, 20, 100000, 30000, 0],
      ['Cy', '', '=1 Main St, Springfield', '', -2550, 0, 0, 0, 0, 0],
      ['All leases', '', '', '', 127480, 10, 20, 100000, 30000, 0],
    ]);
    expect(table.rows.map((r) => r.style ?? 'plain')).toEqual(['plain', 'plain', 'bold']);
    expect(tableCsv(table).split('\r\n')).toEqual([
      'Aging as of 2026-03-20',
      'Tenant,Email,Property,Unit,Balance,Current,1–30 days,31–60 days,61–90 days,Over 90 days',
      `Ann,ann@example.com,"'=1 Main St, Springfield",Unit 2,1300.30,0.10,0.20,1000.00,300.00,0.00`,
      `Cy,,"'=1 Main St, Springfield",,-25.50,0.00,0.00,0.00,0.00,0.00`,
      'All leases,,,,1274.80,0.10,0.20,1000.00,300.00,0.00',
      '',
    ]);
  });
});
