import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { presetMonths } from '@rent/shared/core/books';
import { isTenant } from '@rent/shared/core/roles';
import { bookRows } from '@rent/shared/reports/bookRows';
import { memo, useMemo } from 'react';
import { useOrganization } from '../../api/organization';
import { useCashFlowReport } from '../../api/reports';
import { IncomeExpenseByMonth } from '../../components/charts/IncomeExpenseByMonth';
import { chartStatus } from '../../components/charts/status';
import { incomeExpenseSeries } from '../../features/books/incomeExpense';
import { todayLocal } from '../../features/report-period/period';
import { RouterLink } from '../../lib/navigation';

const CHART_HEIGHT = 300;

/** The trailing 12 months from the cash flow report: income and expenses per month (net as a line), NOI, cash flow. */
function useDashboardCashFlow() {
  const period = presetMonths('trailing12', todayLocal());
  const query = useMemo(() => ({ from: period.from, to: period.to }), [period.from, period.to]);
  const org = useOrganization();
  // Asked only once the role is known to keep the books (a tenant's dashboard has no cash flow).
  const report = useCashFlowReport(org.role && !isTenant(org.role) ? query : null);
  const data = report.data;
  const series = useMemo(
    () =>
      incomeExpenseSeries(
        bookRows((data?.cells ?? []).map((c) => ({ column: c.month, category: c.category, net: c.net }))),
        query,
      ),
    [data, query],
  );
  return { report, series };
}

/** The dashboard's cash flow box; its height is held while the report and the chart chunk load. */
/** Memoized: the dashboard re-renders as each of its own queries lands; this section redraws only for its own data. */
export const DashboardCashFlow = memo(function DashboardCashFlow() {
  const { report, series } = useDashboardCashFlow();
  return (
    <Container
      data-testid="dashboard-cash-flow"
      header={
        <Header variant="h2" description="The last 12 months. Transfers and ignored transactions are not counted.">
          Cash flow
        </Header>
      }
    >
      <SpaceBetween size="m">
        <IncomeExpenseByMonth
          testId="dashboard-cash-flow-chart"
          {...series}
          height={CHART_HEIGHT}
          status={chartStatus(report)}
          ariaLabel="Income and expenses over the last 12 months, net as a line"
        />
        <RouterLink href="/cash-flow">See cash flow</RouterLink>
      </SpaceBetween>
    </Container>
  );
});
