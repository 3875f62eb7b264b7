import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { Amount, LEDGER_COLUMNS } from '../../features/rent/ledgerParts';
import { RentStatusBadge } from '../../features/rent/RentStatusBadge';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { EMPTY_LEDGER, EMPTY_MONTHS, formatMonth, type Ledger, type RentalLease } from './leaseText';

/** A lease's months on a desktop, newest first: the month, its status, what was due when, and what was received. */
export function RentalMonthsTable({ lease, title }: { lease: RentalLease; title: string }) {
  return (
    <Table
      data-testid="rental-months"
      variant="embedded"
      wrapLines
      items={lease.months}
      trackBy="month"
      ariaLabels={{ tableLabel: `Rent by month for ${title}` }}
      header={<Header variant="h3">Rent by month</Header>}
      empty={
        <Box textAlign="center" color="text-body-secondary">
          {EMPTY_MONTHS}
        </Box>
      }
      columnDefinitions={[
        { id: 'month', header: 'Month', cell: (m) => formatMonth(m.month), isRowHeader: true },
        // Second, so a narrow window shows it beside the month without scrolling the table sideways.
        { id: 'status', header: 'Status', cell: (m) => <RentStatusBadge month={m} /> },
        { id: 'due', header: 'Due', cell: (m) => `${formatMoney(m.due, 2)} on ${formatIsoDate(m.dueDate)}` },
        { id: 'received', header: 'Received', cell: (m) => formatMoney(m.received, 2) },
      ]}
    />
  );
}

/** A lease's ledger on a desktop, newest first like the months. */
export function LeaseLedgerTable({ ledger, title }: { ledger: Ledger; title: string }) {
  return (
    <Table
      data-testid="rental-ledger"
      variant="embedded"
      wrapLines
      items={[...ledger.lines].reverse()}
      trackBy={(line) => `${line.date}|${line.code ?? line.label}`}
      ariaLabels={{ tableLabel: `Charges and payments for ${title}` }}
      header={<Header variant="h3">Charges and payments</Header>}
      empty={
        <Box textAlign="center" color="text-body-secondary">
          {EMPTY_LEDGER}
        </Box>
      }
      columnDefinitions={[
        LEDGER_COLUMNS.date,
        LEDGER_COLUMNS.description,
        { id: 'amount', header: 'Amount', cell: (line) => <Amount value={line.amount} /> },
        LEDGER_COLUMNS.balance,
      ]}
    />
  );
}
