import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense } from 'react';
import type { IncomeExpenseChartProps } from './IncomeExpenseChart';

const Chart = lazy(() => import('./IncomeExpenseChart'));

/**
 * The chart in its own chunk. Its box has a fixed height (`height`: plot, axes and legend together) and the chart
 * fits inside it, so nothing moves while the chunk and the data load, or when the legend and axis labels appear.
 */
export function IncomeExpenseChartLazy(props: IncomeExpenseChartProps & { testId: string }) {
  const { testId, ...chart } = props;
  return (
    <div data-testid={testId} style={{ blockSize: props.height }}>
      <Suspense fallback={<StatusIndicator type="loading">Loading chart</StatusIndicator>}>
        <Chart {...chart} />
      </Suspense>
    </div>
  );
}
