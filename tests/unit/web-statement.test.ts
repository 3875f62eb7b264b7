import { describe, expect, it } from 'vitest';
import { tablePdf } from '../../shared/src/reports/pdf/tablePdf';
import { tableCsv } from '../../shared/src/reports/table';
import {
  type StatementInput,
  statementPeriod,
  tenantStatementTable,
} from '../../shared/src/reports/tenantStatementTable';
import { pdfPages } from '../support/pdf-text';

type Line = StatementInput['ledger']['lines'][number];
const charge = (date: string, label: string, amount: number, extra: Partial<Line> = {}): Line => ({
  date,
  kind: 'rent',
  label,
  amount,
  balance: 0,
  code: `c-${date}`,
  waived: false,
  note: null,
  ...extra,
});
const payment = (date: string, amount: number): Line => ({
  date,
  kind: 'payment',
  label: 'Payments received',
  amount: -amount,
  balance: 0,
  code: null,
  waived: false,
  note: null,
});

/** Amounts whose float sums drift (0.1 + 0.2), so only integer cents add up to the cent. */
const input = (totals: StatementInput['ledger']['totals']): StatementInput => ({
  address: '12 Maple Street',
  unitLabel: 'Unit 3',
  tenant: { name: 'Tara Tenant', email: 'tara@example.com' },
  asOf: '2026-03-20',
  ledger: {
    lines: [
      charge('2026-01-01', 'Rent', 1200.1),
      charge('2026-01-01', 'Parking', 0.2, { kind: 'fee' }),
      payment('2026-01-31', 1000.3),
      charge('2026-01-07', 'Late fee', 50, {
        kind: 'late_fee',
        amount: 0,
        waived: true,
        note: 'Waived by Lena Landlord on 2026-01-10',
      }),
      charge('2026-02-01', 'Rent', 1200.1),
      payment('2026-02-28', 1400.1),
      charge('2026-04-01', 'Rent', 1200.1),
    ],
    totals,
    next: null,
  },
});

describe('tenant statement table', () => {
  it('every line oldest first with charge or payment and the running balance in cents, a total row, the summary', () => {
    const statement = input({ charged: 3600.5, paid: 2400.4, balance: 1200.1, owedNow: 0, credit: 0 });
    const table = tenantStatementTable(statement);
    expect(table.columns.map((c) => c.label)).toEqual(['Date', 'Description', 'Charge', 'Payment', 'Balance']);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['2026-01-01', 'Rent', 120010, null, 120010],
      ['2026-01-01', 'Parking', 20, null, 120030],
      ['2026-01-31', 'Payments received', null, 100030, 20000],
      ['2026-01-07', 'Late fee: Waived by Lena Landlord on 2026-01-10', 0, null, 20000],
      ['2026-02-01', 'Rent', 120010, null, 140010],
      ['2026-02-28', 'Payments received', null, 140010, 0],
      ['2026-04-01', 'Rent', 120010, null, 120010],
      ['', 'Total', 360050, 240040, 120010],
    ]);
    expect(table.rows.at(-1)?.style).toBe('bold');
    // Nothing due today; the April rent was posted ahead of its due date, so the balance says it apart.
    expect(table.summary).toEqual([
      '12 Maple Street, Unit 3',
      'Tenant: Tara Tenant (tara@example.com)',
      'Balance due $0.00',
      'Not yet due $1,200.10 (charged ahead of its due date)',
    ]);
    expect(statementPeriod(statement)).toBe('2026-01-01 to 2026-04-01');
    expect(tableCsv(table).split('\r\n').slice(0, 7)).toEqual([
      'Tenant statement 2026-01-01 to 2026-04-01',
      '"12 Maple Street, Unit 3"',
      'Tenant: Tara Tenant (tara@example.com)',
      'Balance due $0.00',
      '"Not yet due $1,200.10 (charged ahead of its due date)"',
      'Date,Description,Charge,Payment,Balance',
      '2026-01-01,Rent,1200.10,,1200.10',
    ]);
  });

  it('says what is due now, or a credit; a waived line without a note says Waived', () => {
    const due = input({ charged: 3600.5, paid: 2400.4, balance: 1200.1, owedNow: 1200.1, credit: 0 });
    expect(tenantStatementTable(due).summary?.slice(2)).toEqual(['Balance due $1,200.10']);
    const credit = input({ charged: 100, paid: 150.05, balance: -50.05, owedNow: 0, credit: 50.05 });
    credit.tenant = { name: null, email: 'tara@example.com' };
    credit.ledger.lines[3] = { ...credit.ledger.lines[3]!, note: null };
    const table = tenantStatementTable(credit);
    expect(table.summary).toEqual(['12 Maple Street, Unit 3', 'Tenant: tara@example.com', 'Credit $50.05']);
    expect(table.rows[3]?.cells[1]).toBe('Late fee: Waived');
  });

  it('the PDF states the home, the tenant, the balance and every line', async () => {
    const statement = input({ charged: 3600.5, paid: 2400.4, balance: 1200.1, owedNow: 1200.1, credit: 0 });
    const bytes = await tablePdf(
      tenantStatementTable(statement),
      { title: 'Tenant statement', organization: 'Acme', period: statementPeriod(statement), generated: 'today' },
      { useObjectStreams: false },
    );
    const text = (await pdfPages(bytes)).flat();
    expect(text).toEqual(
      expect.arrayContaining([
        '12 Maple Street, Unit 3',
        'Tenant: Tara Tenant (tara@example.com)',
        'Balance due $1,200.10',
        '2026-01-01 to 2026-04-01',
        'Late fee: Waived by Lena Landlord on 2026-01-10',
        '1,400.10',
        '3,600.50',
      ]),
    );
  });
});
