import { describe, expect, it } from 'vitest';
import { depreciationCsv, depreciationTable } from '../../shared/src/reports/depreciationTable';

describe('depreciation CSV', () => {
  it('one row per asset (carry-in and bonus in their columns) and a total per property, to the cent, formulas guarded', () => {
    const csv = depreciationCsv(
      [
        {
          propertyId: 'p1',
          address: '=1 Main St, Springfield',
          assets: [
            {
              asset: 'building',
              label: 'Building',
              classId: 'residential27_5',
              classLabel: '27.5-year residential, straight line, mid-month',
              placedInService: '2024-03',
              basis: 247500,
              thisYear: 9000,
              accumulated: 16125,
              remaining: 231375,
              key: 'building',
              bonus: null,
              prior: { entered: 7000, throughYear: 2024, byTable: 7125 },
              flag: 'Depreciation taken through 2024 entered as $7,000.00; the schedule gives $7,125.00.',
            },
            {
              asset: 'appliances',
              key: 'appliances@2025-07',
              label: 'Appliances',
              classId: 'fiveYear',
              classLabel: '5-year, 200% declining balance, half-year',
              placedInService: '2025-07',
              basis: 1000,
              thisYear: 1000,
              accumulated: 1000,
              remaining: 0,
              bonus: { percent: 100, amount: 1000, taken: true },
              prior: null,
              flag: null,
            },
            {
              asset: 'security_systems',
              label: 'Security systems',
              classId: null,
              classLabel: null,
              placedInService: '2025-09',
              basis: 700,
              thisYear: 0,
              accumulated: 0,
              remaining: null,
              key: 'security_systems@2025-09',
              bonus: null,
              prior: null,
              flag: 'Security systems: ask your preparer.',
            },
          ],
          total: 10000,
          flags: ['Security systems: ask your preparer.'],
          capital: { spending: 700, basis: 700, refundsNotApplied: 0 },
        },
      ],
      '2025',
      'A worksheet for your tax preparer, not tax advice.',
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Depreciation schedule 2025',
      '"A worksheet for your tax preparer, not tax advice."',
      'Property,Asset,Class,Placed in service,Basis,Before the books,Bonus,2025,Accumulated,Remaining,Note',
      `"'=1 Main St, Springfield",Building,"27.5-year residential, straight line, mid-month",2024-03,247500.00,7000.00,,9000.00,16125.00,231375.00,"Taken before the books through 2024. Depreciation taken through 2024 entered as $7,000.00; the schedule gives $7,125.00."`,
      `"'=1 Main St, Springfield",Appliances,"5-year, 200% declining balance, half-year",2025-07,1000.00,,1000.00,1000.00,1000.00,0.00,Bonus depreciation 100% in 2025-07.`,
      `"'=1 Main St, Springfield",Security systems,,2025-09,700.00,,,0.00,0.00,,Security systems: ask your preparer.`,
      `"'=1 Main St, Springfield",Total,,,,,,10000.00,,,`,
      'All properties shown,Grand total,,,,,,10000.00,,,',
    ]);
  });

  it('ends with the grand total of every property shown, summed in cents (what the PDF prints too)', () => {
    const property = (propertyId: string, total: number) => ({
      propertyId,
      address: `${propertyId} Elm Street`,
      assets: [],
      total,
      flags: [],
      capital: { spending: 0, basis: 0, refundsNotApplied: 0 },
    });
    // 0.1 + 0.2 in floating point is 0.30000000000000004: the sum is of cents, so it is exact.
    const shown = [property('1', 1234.1), property('2', 0.2), property('3', 9000.07)];
    const table = depreciationTable(shown, '2025', 'Notice');
    const last = table.rows.at(-1)!;
    expect(last.cells.slice(0, 2)).toEqual(['All properties shown', 'Grand total']);
    expect(last.style).toBe('bold');
    const yearColumn = table.columns.findIndex((c) => c.label === '2025');
    const propertyTotals = table.rows.filter((r) => r.cells[1] === 'Total').map((r) => r.cells[yearColumn] as number);
    expect(propertyTotals).toEqual([123410, 20, 900007]);
    expect(last.cells[yearColumn]).toBe(propertyTotals.reduce((a, b) => a + b, 0));
    expect(Number.isInteger(last.cells[yearColumn])).toBe(true);
    expect(depreciationCsv(shown, '2025', 'Notice').trimEnd().split('\r\n').at(-1)).toBe(
      'All properties shown,Grand total,,,,,,10234.37,,,',
    );
    // Nothing shown: no total of nothing.
    expect(depreciationTable([], '2025', 'Notice').rows).toEqual([]);
  });
});
