import { type Cents, formatCurrency, toCents } from '../core/money.js';
import type { TenantLedgerBody } from '../domain/lease.js';
import type { ReportTable, TableRow } from './table.js';

/** Who and where a statement is for, the ledger it states, and the day it is made (YYYY-MM-DD). */
export interface StatementInput {
  address: string;
  unitLabel: string | null;
  tenant: { name: string | null; email: string | null };
  ledger: TenantLedgerBody;
  asOf: string;
}

const cents = (value: number): Cents => toCents(value) ?? 0;
const dollars = (value: Cents) => formatCurrency(value, 2);

/** "12 Maple Street, Unit 3". */
export const statementWhere = (input: Pick<StatementInput, 'address' | 'unitLabel'>) =>
  input.unitLabel ? `${input.address}, ${input.unitLabel}` : input.address;

/** The statement's period: its lines' first and last dates, stretched to take in the day it is made. */
export function statementPeriod(input: Pick<StatementInput, 'ledger' | 'asOf'>): string {
  const dates = [input.asOf, ...input.ledger.lines.map((line) => line.date)].sort();
  return `${dates[0]} to ${dates[dates.length - 1]}`;
}

/**
 * What the tenant owes, as the Rental History card says it: what is due now ("Balance due"), a credit, or nothing;
 * with charges posted ahead of their due date said apart, so the running balance's last figure adds up.
 */
function balanceLines(totals: TenantLedgerBody['totals']): string[] {
  const owed = cents(totals.owedNow);
  const credit = cents(totals.credit);
  const ahead = cents(totals.balance) - owed;
  const lines = [credit > 0 ? `Credit ${dollars(credit)}` : `Balance due ${dollars(owed)}`];
  if (ahead > 0) lines.push(`Not yet due ${dollars(ahead)} (charged ahead of its due date)`);
  return lines;
}

/**
 * A tenant's statement (the PDF a tenant downloads from Rental History, and staff from a lease's ledger): every
 * charge and payment oldest first with the running balance, in integer cents, then a total row (charged, paid,
 * balance). A waived charge costs nothing and says "Waived". The summary names the home, the tenant and the balance
 * due; the PDF's header has the period (`statementPeriod`).
 */
export function tenantStatementTable(input: StatementInput): ReportTable {
  const rows: TableRow[] = [];
  let charged = 0;
  let paid = 0;
  for (const line of input.ledger.lines) {
    const amount = cents(line.amount);
    const payment = line.kind === 'payment';
    if (payment) paid -= amount;
    else charged += amount;
    const description = line.waived ? `${line.label}: ${line.note ?? 'Waived'}` : line.label;
    rows.push({
      cells: [line.date, description, payment ? null : amount, payment ? -amount : null, charged - paid],
    });
  }
  rows.push({ cells: ['', 'Total', charged, paid, charged - paid], style: 'bold' });
  const { name, email } = input.tenant;
  const tenant = name && email ? `${name} (${email})` : (name ?? email ?? 'A former member');
  return {
    // The PDF's page header has the period (the caller's meta); the CSV has it here.
    preamble: [[`Tenant statement ${statementPeriod(input)}`]],
    summary: [statementWhere(input), `Tenant: ${tenant}`, ...balanceLines(input.ledger.totals)],
    columns: [
      { label: 'Date', weight: 0.7 },
      { label: 'Description', weight: 2.4 },
      { label: 'Charge', kind: 'money' },
      { label: 'Payment', kind: 'money' },
      { label: 'Balance', kind: 'money' },
    ],
    rows,
  };
}
