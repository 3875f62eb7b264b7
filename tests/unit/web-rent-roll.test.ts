import { describe, expect, it } from 'vitest';
import { rentRollCsv } from '../../shared/src/reports/rentRollTable';

const totals = (due: number, received: number, text: string, unlinkedMonths = 0) => ({
  due,
  received,
  balance: due - received,
  collectionRate: due ? received / due : null,
  collectionRateText: text,
  unlinkedMonths,
});

describe('rent roll CSV', () => {
  it('a row per lease and month, a total per lease and for all leases, text guarded against formulas', () => {
    const csv = rentRollCsv({
      from: '2025-01',
      to: '2025-02',
      today: '2026-01-01',
      months: [],
      totals: totals(2000, 400, '20.0%', 1),
      leases: [
        {
          id: 'l1',
          propertyId: 'p1',
          address: '=1 Main St, Springfield',
          unitLabel: null,
          tenant: { name: 'Ann', email: 'ann@example.com' },
          leaseStart: '2025-01-01',
          leaseEnd: null,
          monthlyRent: 1000,
          rentDueDay: 1,
          graceDays: 5,
          months: [
            {
              month: '2025-01',
              dueDate: '2025-01-01',
              due: 1000,
              received: 400,
              balance: 600,
              status: 'partial',
              note: null,
            },
            {
              month: '2025-02',
              dueDate: '2025-02-01',
              due: 1000,
              received: 0,
              balance: 1000,
              status: 'late',
              note: 'Unlinked',
            },
          ],
          totals: totals(2000, 400, '20.0%', 1),
        },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'Rent roll 2025-01 to 2025-02',
      'Tenant,Email,Property,Unit,Month,Due date,Due,Received,Balance,Status,Collection rate,Note',
      `Ann,ann@example.com,"'=1 Main St, Springfield",,2025-01,2025-01-01,1000.00,400.00,600.00,Partly paid,,`,
      `Ann,ann@example.com,"'=1 Main St, Springfield",,2025-02,2025-02-01,1000.00,0.00,1000.00,Late,,Unlinked`,
      `Ann,ann@example.com,"'=1 Main St, Springfield",,Total,,2000.00,400.00,1600.00,,20.0%,1 month with rent linked to no lease`,
      'All leases,,,,Total,,2000.00,400.00,1600.00,,20.0%,1 month with rent linked to no lease',
      '',
    ]);
  });
});
