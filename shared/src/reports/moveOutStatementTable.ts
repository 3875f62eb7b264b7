import { type Cents, formatCurrency, toCents } from '../core/money.js';
import type { MoveOutStatement } from '../domain/moveOut.js';
import type { ReportTable, TableRow } from './table.js';

/**
 * The move-out statement a landlord gives the tenant (docs/tenants-and-maintenance.md "Move-out"): the deposit, each
 * deduction, the tenant's credit that paid deductions first, what the lease owed that the deposit paid, the total applied, and what is returned or still owed. The
 * figures are the ones the server recorded; the rows re-add them in integer cents, so the PDF shows sums that add up.
 */
export type MoveOutStatementInput = Pick<
  MoveOutStatement,
  | 'date'
  | 'address'
  | 'unitLabel'
  | 'tenant'
  | 'deposit'
  | 'deductions'
  | 'creditApplied'
  | 'balanceApplied'
  | 'applied'
  | 'toReturn'
  | 'stillOwed'
>;

const cents = (value: number): Cents => toCents(value) ?? 0;
const dollars = (value: Cents) => formatCurrency(value, 2);

/** "12 Maple Street, Unit 3". */
export const moveOutWhere = (input: Pick<MoveOutStatementInput, 'address' | 'unitLabel'>) =>
  input.unitLabel ? `${input.address}, ${input.unitLabel}` : input.address;

export function moveOutStatementTable(input: MoveOutStatementInput): ReportTable {
  const deposit = cents(input.deposit);
  const rows: TableRow[] = [{ cells: ['Security deposit held', deposit] }];
  let claimed = 0;
  if (input.deductions.length > 0) rows.push({ cells: ['Deductions', null], style: 'bold' });
  for (const deduction of input.deductions) {
    const amount = cents(deduction.amount);
    claimed += amount;
    rows.push({ cells: [deduction.label, amount] });
  }
  const credit = cents(input.creditApplied);
  if (credit > 0) {
    claimed -= credit;
    rows.push({ cells: [`Tenant's credit on ${input.date}`, -credit] });
  }
  const balance = cents(input.balanceApplied);
  if (balance > 0) {
    claimed += balance;
    rows.push({ cells: [`Unpaid rent and charges on ${input.date}`, balance] });
  }
  const applied = Math.min(deposit, claimed);
  rows.push({ cells: ['Total applied from the deposit', applied], style: 'bold' });
  rows.push(
    claimed > deposit
      ? { cells: ['Still owed by the tenant', claimed - deposit], style: 'bold' }
      : { cells: ['To be returned to the tenant', deposit - applied], style: 'bold' },
  );
  const { name, email } = input.tenant;
  const tenant = name && email ? `${name} (${email})` : (name ?? email ?? 'A former member');
  const outcome =
    claimed > deposit ? `Still owed: ${dollars(claimed - deposit)}` : `To be returned: ${dollars(deposit - applied)}`;
  return {
    preamble: [[`Move-out statement ${input.date}`]],
    summary: [moveOutWhere(input), `Tenant: ${tenant}`, `Move-out date: ${input.date}`, outcome],
    columns: [
      { label: 'Item', weight: 3 },
      { label: 'Amount', kind: 'money' },
    ],
    rows,
    footer: `The part of the deposit applied is taken on ${input.date}; what remains is returned to the tenant.`,
  };
}
