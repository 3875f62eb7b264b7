import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { RentalHistory } from '../../api/leases';
import { Amount, LineDescription, lineDate, nextChargeText } from '../../features/rent/ledgerParts';
import { formatMoney } from '../../lib/money';

type Ledger = RentalHistory['leases'][number]['ledger'];

/**
 * What the tenant owes now: charges already due and not paid. A charge posted ahead of its due date is not owed yet;
 * it is the next charge, said below.
 */
function balanceText(totals: Ledger['totals']) {
  if (totals.owedNow > 0) return `You owe ${formatMoney(totals.owedNow, 2)}`;
  if (totals.credit > 0) return `You have a credit of ${formatMoney(totals.credit, 2)}`;
  return 'Nothing owed';
}

/** A lease's balance now and its next charge: the first thing on the tenant's card. */
export function LeaseBalance({ ledger }: { ledger: Ledger }) {
  const next = nextChargeText(ledger.next);
  return (
    <SpaceBetween size="xxs">
      <Box variant="h3" tagOverride="p" fontSize="heading-m" data-testid="rental-balance">
        {balanceText(ledger.totals)}
      </Box>
      <Box color="text-body-secondary" data-testid="rental-next-charge">
        {next ? `Next charge: ${next}` : 'No charge is scheduled next.'}
      </Box>
    </SpaceBetween>
  );
}

/**
 * A lease's ledger on the tenant's card: newest first, like the months, so a phone shows the latest without
 * scrolling; the table scrolls sideways inside the card on a narrow screen.
 */
export function LeaseLedgerLines({ ledger, title }: { ledger: Ledger; title: string }) {
  const lines = [...ledger.lines].reverse();
  return (
    <Table
      data-testid="rental-ledger"
      variant="embedded"
      wrapLines
      items={lines}
      trackBy={(line) => `${line.date}|${line.code ?? line.label}`}
      ariaLabels={{ tableLabel: `Charges and payments for ${title}` }}
      header={<Header variant="h3">Charges and payments</Header>}
      empty={
        <Box textAlign="center" color="text-body-secondary">
          Your charges show here from the lease's first due date.
        </Box>
      }
      columnDefinitions={[
        { id: 'date', header: 'Date', cell: lineDate, isRowHeader: true },
        { id: 'description', header: 'Description', cell: (line) => <LineDescription line={line} /> },
        { id: 'amount', header: 'Amount', cell: (line) => <Amount value={line.amount} /> },
        { id: 'balance', header: 'Balance', cell: (line) => <Amount value={line.balance} /> },
      ]}
    />
  );
}
