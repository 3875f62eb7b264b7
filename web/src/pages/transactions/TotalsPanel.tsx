import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatCount } from '@rent/shared/core/money';
import { memo } from 'react';
import type { TransactionTotals } from '../../api/transactions';
import { formatMoney } from '../../lib/money';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { TotalsChart } from './TotalsChart';

function Metric({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone: 'in' | 'out' | 'neutral';
  testId: string;
}) {
  const color = tone === 'in' ? 'text-status-success' : tone === 'out' ? 'text-status-error' : 'inherit';
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box fontSize="heading-l" fontWeight="bold" color={color} data-testid={testId}>
        {value}
      </Box>
    </div>
  );
}

export interface TotalsPanelProps {
  totals: TransactionTotals['totals'] | undefined;
  /** The filters ask for ignored transactions only: the totals are theirs. */
  ignoredOnly: boolean;
  loading: boolean;
  /** The totals shown are of the previous filters while the new ones load. */
  stale: boolean;
  error: boolean;
  onRetry: () => void;
}

// Both say what the totals leave out, as the server counts them (data/ledger/queryPlan.ts, totals): ignored ones
// unless asked for, and pending bank transactions always, until they post.
export const TOTALS_DESCRIPTION =
  'Every transaction that matches the filters, except ignored and pending ones. A pending bank transaction counts once it posts.';
export const IGNORED_TOTALS_DESCRIPTION =
  'Every ignored transaction that matches the filters, except pending ones. Ignored transactions count in no report.';

/**
 * What of the net the reports count, and why the rest is left out (docs/ledger.md "Totals"): the ledger's net
 * counts every transaction; cash flow leaves out transfers, deposits and owner money, and money not categorized.
 */
export function reportsNote(totals: TransactionTotals['totals']): string {
  const left = [
    totals.transfers !== 0 && `${formatMoney(totals.transfers)} of transfers, deposits and owner money`,
    totals.uncategorized !== 0 && `${formatMoney(totals.uncategorized)} not categorized yet`,
  ].filter((part): part is string => typeof part === 'string');
  if (left.length === 0) return 'Reports count all of this net in cash flow.';
  return `Reports count ${formatMoney(totals.counted)} of this net in cash flow. They leave out ${left.join(' and ')}.`;
}

/**
 * In, out and net of the whole filtered set, as numbers and as three bars, with what of it the reports
 * count. The server gives totals for a filter, not by month, so the chart compares the three.
 */
/** Memoized: it draws again for its own query only, not with every answer the ledger receives. */
export const TotalsPanel = memo(function TotalsPanel({
  totals,
  ignoredOnly,
  loading,
  stale,
  error,
  onRetry,
}: TotalsPanelProps) {
  // ColumnLayout measures its width after the first paint; start with the count it will settle on (no shift).
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const inValue = totals?.in ?? 0;
  const net = totals?.net ?? 0;
  return (
    <Container
      data-testid="transactions-totals"
      data-loading={loading || stale ? 'true' : 'false'}
      header={
        <Header
          variant="h2"
          description={ignoredOnly ? IGNORED_TOTALS_DESCRIPTION : TOTALS_DESCRIPTION}
          info={
            stale ? (
              <StatusIndicator type="loading" data-testid="totals-updating">
                Updating
              </StatusIndicator>
            ) : undefined
          }
        >
          Totals
        </Header>
      }
    >
      {error && !totals ? (
        <StatusIndicator type="error">
          Failed to load the totals.{' '}
          <Button variant="inline-link" onClick={onRetry}>
            Retry
          </Button>
        </StatusIndicator>
      ) : (
        <ColumnLayout columns={desktop ? 2 : 1} variant="text-grid" minColumnWidth={260}>
          <div aria-busy={loading || stale} className={stale ? 'rt-totals-metrics rt-stale' : 'rt-totals-metrics'}>
            <ColumnLayout columns={2} minColumnWidth={120}>
              <Metric label="Money in" value={totals ? formatMoney(inValue) : '…'} tone="in" testId="totals-in" />
              <Metric label="Money out" value={totals ? formatMoney(totals.out) : '…'} tone="out" testId="totals-out" />
              <Metric
                label="Net"
                value={totals ? formatMoney(net) : '…'}
                tone={net < 0 ? 'out' : net > 0 ? 'in' : 'neutral'}
                testId="totals-net"
              />
              <Metric
                label="Transactions"
                value={totals ? formatCount(totals.count) : '…'}
                tone="neutral"
                testId="totals-count"
              />
            </ColumnLayout>
            {/* Reserved for two lines before the totals arrive: no shift when they do. */}
            <Box variant="small" color="text-body-secondary" padding={{ top: 's' }} data-testid="totals-reports-note">
              <span className="rt-totals-note">{ignoredOnly || !totals ? '\u00a0' : reportsNote(totals)}</span>
            </Box>
          </div>
          <TotalsChart totals={totals} stale={stale} />
        </ColumnLayout>
      )}
    </Container>
  );
});
