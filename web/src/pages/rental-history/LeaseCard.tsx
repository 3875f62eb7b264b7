import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { RentalHistory } from '../../api/leases';
import { useSession } from '../../auth/session';
import { BelowTheFold } from '../../components/BelowTheFold';
import { RentStatusBadge } from '../../features/rent/RentStatusBadge';
import { StatementDownload } from '../../features/rent/StatementDownload';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { LeaseBalance, LeaseLedgerLines } from './LeaseLedgerSection';

export type RentalLease = RentalHistory['leases'][number];

const STATE_LABELS: Record<RentalLease['state'], string> = {
  active: 'Current lease',
  upcoming: 'Starts soon',
  past: 'Ended',
};

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/**
 * About what a table of `rows` measures on a phone, held until it renders: a card's months and ledger are below its
 * terms, and render as they come near the screen rather than in the page's first commits.
 */
const tableHeight = (rows: number) => `${TABLE_HEAD_PX + Math.max(rows, 1) * TABLE_ROW_PX}px`;
const TABLE_HEAD_PX = 100;
const TABLE_ROW_PX = 50;

/**
 * One lease: where, what is owed now and next, the terms, its months newest first, and its ledger; the statement of
 * that ledger as a PDF from the card's header.
 */
export function LeaseCard({ lease }: { lease: RentalLease }) {
  const title = lease.unitLabel ? `${lease.address}, ${lease.unitLabel}` : lease.address;
  const me = useSession().data;
  return (
    <Container
      data-testid="rental-lease"
      header={
        <Header
          variant="h2"
          description={STATE_LABELS[lease.state]}
          actions={
            <StatementDownload
              testId="rental-statement-pdf"
              input={{
                address: lease.address,
                unitLabel: lease.unitLabel,
                tenant: { name: me?.name ?? null, email: me?.email ?? null },
                ledger: lease.ledger,
              }}
            />
          }
        >
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LeaseBalance ledger={lease.ledger} />
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Lease start', value: formatIsoDate(lease.leaseStart) },
            { label: 'Lease end', value: lease.leaseEnd ? formatIsoDate(lease.leaseEnd) : 'Month to month' },
            { label: 'Monthly rent', value: formatMoney(lease.monthlyRent, 2) },
            { label: 'Security deposit', value: formatMoney(lease.securityDeposit, 2) },
            { label: 'Rent due', value: `On the ${ordinal(lease.rentDueDay)} of each month` },
            { label: 'Grace period', value: `${lease.graceDays} ${lease.graceDays === 1 ? 'day' : 'days'}` },
          ]}
        />
        <BelowTheFold margin="25% 0px" reserve={tableHeight(lease.months.length)}>
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
                Your first month's rent shows here once the lease starts.
              </Box>
            }
            columnDefinitions={[
              { id: 'month', header: 'Month', cell: (m) => formatMonth(m.month), isRowHeader: true },
              // Second, so a phone shows it beside the month without scrolling the table sideways.
              { id: 'status', header: 'Status', cell: (m) => <RentStatusBadge month={m} /> },
              { id: 'due', header: 'Due', cell: (m) => `${formatMoney(m.due, 2)} on ${formatIsoDate(m.dueDate)}` },
              {
                id: 'received',
                header: 'Received',
                cell: (m) => formatMoney(m.received, 2),
              },
            ]}
          />
        </BelowTheFold>
        <BelowTheFold margin="25% 0px" reserve={tableHeight(lease.ledger.lines.length)}>
          <LeaseLedgerLines ledger={lease.ledger} title={title} />
        </BelowTheFold>
      </SpaceBetween>
    </Container>
  );
}
