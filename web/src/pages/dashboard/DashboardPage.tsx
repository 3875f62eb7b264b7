import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatCurrency } from '@rent/shared/core/money';
import { ORG_FETCH_ERROR } from '../../api/organization';
import { BelowTheFold } from '../../components/BelowTheFold';
import { EmptyState } from '../../components/EmptyState';
import { RouterButton } from '../../components/RouterButton';
import { BankAttentionBanner } from '../../features/bank-link/BankAttentionBanner';
import { openMaintenanceFlyout } from '../../features/maintenance-flyout/store';
import { RouterLink } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { DashboardCashFlow } from './DashboardCashFlow';
import { DashboardKeyFigures } from './DashboardKeyFigures';
import { RecentTransactions } from './RecentTransactions';
import { TenantSummary } from './TenantSummary';
import { useDashboard } from './use-dashboard';

function Metric({
  label,
  value,
  testId,
  note,
}: {
  label: string;
  value: string | number;
  testId: string;
  note?: string;
}) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box fontSize="heading-l" fontWeight="bold" data-testid={testId}>
        {value}
      </Box>
      {note ? (
        <Box variant="small" color="text-body-secondary" data-testid={`${testId}-note`}>
          {note}
        </Box>
      ) : null}
    </div>
  );
}

/**
 * What the sections below the fold measure on a phone (five transactions; twelve months of bars), held until each
 * renders: someone who jumps down the page while it loads sees them fill their place rather than push what follows.
 */
const RECENT_ON_A_PHONE = '489px';
const CASH_FLOW_ON_A_PHONE = '484px';

/** The landing page after sign-in: the organization and a summary of its properties, from real data. */
export default function DashboardPage({ title = 'Dashboard' }: { title?: string }) {
  useDocumentTitle(title === 'Dashboard' ? 'Dashboard' : null);
  const { org, tenant, tenantSummary, properties, list, units, rent, value, hello, bank } = useDashboard();
  // ColumnLayout measures its width after the first paint; start with the count it will settle on (no shift).
  const desktop = useMediaQuery(DESKTOP_QUERY);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            <>
              <span className="rt-one-line">{hello ? `Welcome back, ${hello}.` : 'Welcome back.'}</span>
              {/* A line of its own, held while the organization loads: a long name never reflows the page. */}
              <span className="rt-one-line">
                {org.organization ? (
                  <>
                    This is <span data-testid="dashboard-org-name">{org.organization.name}</span>.
                  </>
                ) : (
                  '\u00a0'
                )}
              </span>
            </>
          }
          actions={
            tenant ? (
              <Button variant="primary" onClick={() => openMaintenanceFlyout()} data-testid="dashboard-report-issue">
                Report an issue
              </Button>
            ) : (
              <RouterButton href="/properties">View properties</RouterButton>
            )
          }
        >
          {title}
        </Header>
      }
    >
      {/* Hidden (not removed) until the bank status is known: the banner then appears with the body, never above it. */}
      <div className={bank.ready ? undefined : 'rt-placeholder'}>
        <SpaceBetween size="l">
          <BankAttentionBanner attention={bank.attention} />
          {org.error ? (
            <Alert type="error" header={ORG_FETCH_ERROR}>
              {org.errorText}
            </Alert>
          ) : null}
          <Container
            header={
              <Header
                variant="h2"
                description={
                  tenant ? 'The home you rent through this organization.' : 'Across every property you manage.'
                }
              >
                {tenant ? 'Your home' : 'Properties summary'}
              </Header>
            }
            data-testid="dashboard-properties"
          >
            {properties.isPending ? (
              <div className="rt-reserve-summary">
                <StatusIndicator type="loading">Loading properties</StatusIndicator>
              </div>
            ) : properties.isError ? (
              <StatusIndicator type="error">Failed to load properties. Please try again.</StatusIndicator>
            ) : list.length === 0 ? (
              <EmptyState
                title="No properties yet"
                action={
                  tenant ? undefined : <RouterButton href="/properties?new=1">Add your first property</RouterButton>
                }
              >
                {tenant
                  ? 'Your landlord has not linked a property to your account yet.'
                  : 'Add a property to start tracking its rent, value and costs.'}
              </EmptyState>
            ) : tenant ? (
              <SpaceBetween size="s">
                <TenantSummary {...tenantSummary} />
                {list.map((p) => (
                  <Box key={p.id} variant="p" margin="n">
                    {p.address}
                  </Box>
                ))}
                <RouterLink href="/maintenance">Report a maintenance issue</RouterLink>
              </SpaceBetween>
            ) : (
              <SpaceBetween size="l">
                <ColumnLayout columns={desktop ? 4 : 2} variant="text-grid" minColumnWidth={140}>
                  <Metric label="Properties" value={list.length} testId="dashboard-property-count" />
                  <Metric label="Units" value={units} testId="dashboard-unit-count" />
                  <Metric label="Monthly rent" value={formatCurrency(rent)} testId="dashboard-monthly-rent" />
                  <Metric
                    label="Market value"
                    value={value.cents === null ? '—' : formatCurrency(value.cents)}
                    note={
                      value.cents !== null && value.known < list.length
                        ? `Of ${value.known} of ${list.length} properties`
                        : undefined
                    }
                    testId="dashboard-market-value"
                  />
                </ColumnLayout>
                <RouterLink href="/properties">See all properties</RouterLink>
              </SpaceBetween>
            )}
          </Container>
          {tenant ? null : <DashboardKeyFigures />}
          {tenant ? null : (
            <BelowTheFold reserve={RECENT_ON_A_PHONE}>
              <RecentTransactions ready={!!org.role} />
            </BelowTheFold>
          )}
          {tenant ? null : (
            <BelowTheFold reserve={CASH_FLOW_ON_A_PHONE}>
              <DashboardCashFlow />
            </BelowTheFold>
          )}
        </SpaceBetween>
      </div>
    </ContentLayout>
  );
}
