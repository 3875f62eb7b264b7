import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { Amount, LEDGER_COLUMNS } from '../../features/rent/ledgerParts';
import { RentStatusBadge } from '../../features/rent/RentStatusBadge';
import { formatIsoDate, formatMonth } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { EMPTY_LEDGER, EMPTY_MONTHS, type Ledger, type RentalLease } from './leaseText';

/** The frame both of a lease card's tables share on a desktop, as `LeaseList` is on a phone. */
function LeaseTable<T>(props: {
  testId: string;
  heading: string;
  label: string;
  empty: string;
  items: readonly T[];
  trackBy: TableProps<T>['trackBy'];
  columns: TableProps.ColumnDefinition<T>[];
}) {
  return (
    <Table
      data-testid={props.testId}
      variant="embedded"
      wrapLines
      items={props.items}
      trackBy={props.trackBy}
      ariaLabels={{ tableLabel: props.label }}
      header={<Header variant="h3">{props.heading}</Header>}
      empty={
        <Box textAlign="center" color="text-body-secondary">
          {props.empty}
        </Box>
      }
      columnDefinitions={props.columns}
    />
  );
}

/** A lease's months on a desktop, newest first: the month, its status, what was due when, and what was received. */
export function RentalMonthsTable({ lease, title }: { lease: RentalLease; title: string }) {
  return (
    <LeaseTable
      testId="rental-months"
      heading="Rent by month"
      label={`Rent by month for ${title}`}
      empty={EMPTY_MONTHS}
      items={lease.months}
      trackBy="month"
      columns={[
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
    <LeaseTable
      testId="rental-ledger"
      heading="Charges and payments"
      label={`Charges and payments for ${title}`}
      empty={EMPTY_LEDGER}
      items={[...ledger.lines].reverse()}
      trackBy={(line) => `${line.date}|${line.code ?? line.label}`}
      columns={[
        LEDGER_COLUMNS.date,
        LEDGER_COLUMNS.description,
        { id: 'amount', header: 'Amount', cell: (line) => <Amount value={line.amount} /> },
        LEDGER_COLUMNS.balance,
      ]}
    />
  );
}
