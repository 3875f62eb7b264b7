import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense } from 'react';
import type { IncomeExpenseChartProps } from './IncomeExpenseChart';

const Chart = lazy(() => import('./IncomeExpenseChart'));

/** The chart in its own chunk; its box holds the chart's height while the chunk and the data load (no shift). */
export function IncomeExpenseChartLazy(props: IncomeExpenseChartProps & { testId: string }) {
  const { testId, ...chart } = props;
  // Cloudscape's chart adds its legend and axis below the plot: reserve the whole block.
  return (
    <div data-testid={testId} style={{ minBlockSize: props.height + 110 }}>
      <Suspense fallback={<StatusIndicator type="loading">Loading chart</StatusIndicator>}>
        <Chart {...chart} />
      </Suspense>
    </div>
  );
}
