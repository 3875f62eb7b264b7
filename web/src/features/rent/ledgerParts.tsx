import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TenantLedger } from '../../api/leases';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';

/**
 * What the staff's ledger (Tenants and leases) and the tenant's (Rental History) say alike: a line's description with
 * its waiver, amounts kept on one line, and the next charge in words.
 */
export type LedgerLine = TenantLedger['lines'][number];
export type LedgerNext = TenantLedger['next'];

/** An amount that never breaks across lines ("$1,250.00" split at the comma reads as two numbers). */
export function Amount({ value }: { value: number }) {
  return <span className="rt-nowrap">{formatMoney(value, 2)}</span>;
}

/** A line's label; a waived charge says so and who waived it when. */
export function LineDescription({ line }: { line: LedgerLine }) {
  if (!line.waived) return <span>{line.label}</span>;
  return (
    <SpaceBetween size="xxxs">
      <span>
        {line.label} <Badge color="grey">Waived</Badge>
      </span>
      {line.note ? (
        <Box variant="small" color="text-body-secondary">
          {line.note}
        </Box>
      ) : null}
    </SpaceBetween>
  );
}

/** "Rent, $1,200.00 due Jun 1, 2025", or null when nothing more is scheduled. */
export const nextChargeText = (next: LedgerNext) =>
  next ? `${next.label}, ${formatMoney(next.amount, 2)} due ${formatIsoDate(next.dueDate)}` : null;

export const lineDate = (line: LedgerLine) => <span className="rt-nowrap">{formatIsoDate(line.date)}</span>;

/** The columns both ledger tables have: the date (the row's header), the description and the balance after it. */
export const LEDGER_COLUMNS = {
  date: { id: 'date', header: 'Date', cell: lineDate, isRowHeader: true },
  description: { id: 'description', header: 'Description', cell: (line) => <LineDescription line={line} /> },
  balance: { id: 'balance', header: 'Balance', cell: (line) => <Amount value={line.balance} /> },
} satisfies Record<string, TableProps.ColumnDefinition<LedgerLine>>;
