import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatCurrency, toCents } from '@rent/shared/core/money';
import { memo } from 'react';
import { useTransactionPage, useTransactionTotals } from '../../api/transactions';
import { openTransactionFlyout } from '../../features/transaction-flyout/store';
import { formatIsoDate } from '../../lib/dates';
import { RouterLink } from '../../lib/navigation';

const NO_FILTERS = {};
const WAITING_ON_ME = { waitingOnMe: 'true' } as const;

/**
 * The five newest transactions, each opening the transaction flyout, and a way to the ledger. Rendered (as its
 * reserved loading state) before the caller's role is known, so nothing below it moves when the role arrives;
 * `ready` holds the query back until then, as a tenant may not read the books.
 */
/** Memoized: the dashboard re-renders as each of its own queries lands; this section redraws only for its own data. */
export const RecentTransactions = memo(function RecentTransactions({ ready }: { ready: boolean }) {
  const page = useTransactionPage(NO_FILTERS, 5, null, { enabled: ready });
  const list = page.data?.transactions ?? [];
  // The transactions whose open review is assigned to the caller (the ledger's "Waiting on me").
  const waiting = useTransactionTotals(WAITING_ON_ME, { enabled: ready }).data?.totals.count;
  return (
    <Container
      data-testid="dashboard-recent-transactions"
      header={
        <Header
          variant="h2"
          actions={
            <Button
              iconName="add-plus"
              onClick={() => openTransactionFlyout(null)}
              data-testid="dashboard-add-transaction"
            >
              Add transaction
            </Button>
          }
        >
          Recent transactions
        </Header>
      }
      footer={
        <SpaceBetween direction="horizontal" size="l">
          <RouterLink href="/transactions">View all transactions</RouterLink>
          <RouterLink href="/transactions?waitingOnMe=true">
            <span data-testid="dashboard-waiting-on-me">
              Waiting on me{waiting === undefined ? '' : ` (${waiting})`}
            </span>
          </RouterLink>
        </SpaceBetween>
      }
    >
      {/* Always five rows high, loading or not, however many arrive: nothing below moves. */}
      <div className="rt-reserve-recent">
        {page.isPending ? (
          <StatusIndicator type="loading">Loading transactions</StatusIndicator>
        ) : page.isError ? (
          <StatusIndicator type="error">Failed to load transactions.</StatusIndicator>
        ) : list.length === 0 ? (
          <Box color="text-body-secondary">No transactions yet.</Box>
        ) : (
          <ul className="rt-recent-list" aria-label="Recent transactions">
            {list.map((t) => {
              const cents = toCents(t.amount) ?? 0;
              return (
                <li key={t.id} className="rt-recent-item">
                  <SpaceBetween size="xxxs">
                    <Link onFollow={() => openTransactionFlyout(t.id, t)}>{t.name}</Link>
                    <Box variant="small" color="text-body-secondary">
                      {formatIsoDate(t.date)}
                    </Box>
                  </SpaceBetween>
                  <Box color={cents < 0 ? 'text-status-error' : 'text-status-success'} fontWeight="bold">
                    <span className="rt-amount">
                      {cents > 0 ? `+${formatCurrency(cents, 2)}` : formatCurrency(cents, 2)}
                    </span>
                  </Box>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Container>
  );
});
