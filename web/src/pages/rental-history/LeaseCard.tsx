import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { desktopPartOr } from '../../app/pageLoader';
import { useSession } from '../../auth/session';
import { BelowTheFold } from '../../components/BelowTheFold';
import { RentStatusBadge } from '../../features/rent/RentStatusBadge';
import { StatementDownload } from '../../features/rent/StatementDownload';
import { formatIsoDate, formatMonth } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { LeaseBalance, LeaseLedgerList } from './LeaseLedgerSection';
import { LeaseList } from './LeaseList';
import { EMPTY_MONTHS, type RentalLease } from './leaseText';
import { leaseLedgerTable, rentalMonthsTable } from './parts';

const STATE_LABELS: Record<RentalLease['state'], string> = {
  active: 'Current lease',
  upcoming: 'Starts soon',
  past: 'Ended',
};

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/**
 * About what a list of `rows` measures on a phone, held until it renders: a card's months and ledger are below its
 * terms, and render as they come near the screen rather than in the page's first commits.
 */
const listHeight = (rows: number) => `${LIST_HEAD_PX + Math.max(rows, 1) * LIST_ROW_PX}px`;
const LIST_HEAD_PX = 60;
const LIST_ROW_PX = 90;

/**
 * A lease's months on a phone, newest first: the month, its status and what was due when, and what was received at
 * the end. The table's four columns do not fit 390 px, and a phone then never loads Cloudscape's table (its code and
 * a 217 KB stylesheet) for a tenant's history.
 */
function RentalMonthsList({ lease, title }: { lease: RentalLease; title: string }) {
  return (
    <LeaseList
      testId="rental-months"
      heading="Rent by month"
      label={`Rent by month for ${title}`}
      empty={EMPTY_MONTHS}
      rows={lease.months.map((m) => (
        <li key={m.month} className="rt-list-item rt-list-item-plain rt-list-item-flush" data-testid="rental-month">
          <div className="rt-list-item-main">
            <span className="rt-list-title">{formatMonth(m.month)}</span>
            <span className="rt-nowrap" data-testid="rental-month-status">
              <RentStatusBadge month={m} />
            </span>
            <span className="rt-list-meta">
              Due {formatMoney(m.due, 2)} on {formatIsoDate(m.dueDate)}
            </span>
          </div>
          <div className="rt-list-end">
            <div>{formatMoney(m.received, 2)}</div>
            <div className="rt-list-meta">Received</div>
          </div>
        </li>
      ))}
    />
  );
}

/** A lease's months and its ledger: tables on a desktop, lists on a phone. */
const RentalMonths = desktopPartOr(rentalMonthsTable, RentalMonthsList);
const LedgerLines = desktopPartOr(leaseLedgerTable, LeaseLedgerList);

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
        <BelowTheFold margin="25% 0px" reserve={listHeight(lease.months.length)}>
          <RentalMonths lease={lease} title={title} />
        </BelowTheFold>
        <BelowTheFold margin="25% 0px" reserve={listHeight(lease.ledger.lines.length)}>
          <LedgerLines ledger={lease.ledger} title={title} />
        </BelowTheFold>
      </SpaceBetween>
    </Container>
  );
}
