import { describe, expect, it } from 'vitest';
import { moveOutFigures } from '../../shared/src/core/moveOut';
import { type MoveOutStatementInput, moveOutStatementTable } from '../../shared/src/reports/moveOutStatementTable';
import { tablePdf } from '../../shared/src/reports/pdf/tablePdf';
import { tableCsv } from '../../shared/src/reports/table';
import { pdfPages } from '../support/pdf-text';

/** Amounts whose float sums drift (0.1 + 0.2), so only integer cents add up to the cent. */
const input = (over: Partial<MoveOutStatementInput> = {}): MoveOutStatementInput => ({
  date: '2026-03-15',
  address: '12 Maple Street',
  unitLabel: 'Unit 3',
  tenant: { name: 'Tara Tenant', email: 'tara@example.com' },
  deposit: 1500.3,
  deductions: [
    { label: 'Carpet cleaning', amount: 120.1 },
    { label: 'Broken blind', amount: 0.2 },
  ],
  creditApplied: 0,
  balanceApplied: 600.05,
  applied: 720.35,
  toReturn: 779.95,
  stillOwed: 0,
  ...over,
});

describe('move-out figures', () => {
  it('applies the deductions and, when asked, what is owed, capped at the deposit', () => {
    expect(moveOutFigures({ deposit: 150030, deductions: [12010, 20], owed: 60005, applyToBalance: true })).toEqual({
      deductions: 12030,
      creditApplied: 0,
      balanceApplied: 60005,
      claimed: 72035,
      applied: 72035,
      toReturn: 77995,
      stillOwed: 0,
    });
    expect(moveOutFigures({ deposit: 150030, deductions: [12010], owed: 60005, applyToBalance: false })).toMatchObject({
      balanceApplied: 0,
      applied: 12010,
      toReturn: 138020,
    });
    // A credit is not owed, and it pays the deductions before the deposit does; a claim over the deposit is still owed.
    expect(moveOutFigures({ deposit: 1000, deductions: [], owed: -500, applyToBalance: true }).applied).toBe(0);
    expect(moveOutFigures({ deposit: 1000, deductions: [800], owed: -500, applyToBalance: false })).toMatchObject({
      creditApplied: 500,
      claimed: 300,
      applied: 300,
      toReturn: 700,
    });
    expect(moveOutFigures({ deposit: 1000, deductions: [200], owed: -500, applyToBalance: true })).toMatchObject({
      creditApplied: 200,
      applied: 0,
      toReturn: 1000,
    });
    expect(moveOutFigures({ deposit: 1000, deductions: [800], owed: 700, applyToBalance: true })).toMatchObject({
      applied: 1000,
      toReturn: 0,
      stillOwed: 500,
    });
  });
});

describe('move-out statement table', () => {
  it('the deposit, each deduction, the balance applied, the total applied and what is returned, in cents', () => {
    const table = moveOutStatementTable(input());
    expect(table.columns.map((c) => c.label)).toEqual(['Item', 'Amount']);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['Security deposit held', 150030],
      ['Deductions', null],
      ['Carpet cleaning', 12010],
      ['Broken blind', 20],
      ['Unpaid rent and charges on 2026-03-15', 60005],
      ['Total applied from the deposit', 72035],
      ['To be returned to the tenant', 77995],
    ]);
    expect(table.summary).toEqual([
      '12 Maple Street, Unit 3',
      'Tenant: Tara Tenant (tara@example.com)',
      'Move-out date: 2026-03-15',
      'To be returned: $779.95',
    ]);
    expect(tableCsv(table).split('\r\n').slice(0, 7)).toEqual([
      'Move-out statement 2026-03-15',
      '"12 Maple Street, Unit 3"',
      'Tenant: Tara Tenant (tara@example.com)',
      'Move-out date: 2026-03-15',
      'To be returned: $779.95',
      'Item,Amount',
      'Security deposit held,1500.30',
    ]);
    expect(table.footer).toContain('2026-03-15');
  });

  it('a claim over the deposit is still owed; no deductions and nothing owed returns it all', () => {
    const over = moveOutStatementTable(
      input({ deposit: 500, deductions: [{ label: 'Repaint', amount: 450.1 }], balanceApplied: 100.2 }),
    );
    expect(over.rows.slice(-2).map((r) => r.cells)).toEqual([
      ['Total applied from the deposit', 50000],
      ['Still owed by the tenant', 5030],
    ]);
    expect(over.summary?.at(-1)).toBe('Still owed: $50.30');
    const clean = moveOutStatementTable(
      input({ deductions: [], balanceApplied: 0, tenant: { name: null, email: null } }),
    );
    expect(clean.rows.map((r) => r.cells)).toEqual([
      ['Security deposit held', 150030],
      ['Total applied from the deposit', 0],
      ['To be returned to the tenant', 150030],
    ]);
    expect(clean.summary?.[1]).toBe('Tenant: A former member');
  });

  it("the tenant's credit pays deductions before the deposit, shown as its own line", () => {
    const credited = moveOutStatementTable(
      input({
        deposit: 1000,
        deductions: [{ label: 'Cleaning', amount: 300 }],
        creditApplied: 120.1,
        balanceApplied: 0,
      }),
    );
    expect(credited.rows.map((r) => r.cells)).toEqual([
      ['Security deposit held', 100000],
      ['Deductions', null],
      ['Cleaning', 30000],
      ["Tenant's credit on 2026-03-15", -12010],
      ['Total applied from the deposit', 17990],
      ['To be returned to the tenant', 82010],
    ]);
  });

  it('the PDF states the home, the tenant, the date, each line and what is returned', async () => {
    const bytes = await tablePdf(
      moveOutStatementTable(input()),
      { title: 'Move-out statement', organization: 'Acme', period: '2026-03-15', generated: 'today' },
      { useObjectStreams: false },
    );
    const text = (await pdfPages(bytes)).flat();
    expect(text).toEqual(
      expect.arrayContaining([
        '12 Maple Street, Unit 3',
        'Tenant: Tara Tenant (tara@example.com)',
        'Move-out date: 2026-03-15',
        'Carpet cleaning',
        '120.10',
        '720.35',
        '779.95',
      ]),
    );
  });
});
