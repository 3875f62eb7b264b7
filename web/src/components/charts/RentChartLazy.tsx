import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense } from 'react';
import type { RentChartProps } from './RentChart';

const Chart = lazy(() => import('./RentChart'));

/** The rent chart in its own chunk, in a box of fixed height so nothing moves while it loads. */
export function RentChartLazy(props: RentChartProps & { testId: string }) {
  const { testId, ...chart } = props;
  return (
    <div data-testid={testId} style={{ blockSize: props.height }}>
      <Suspense fallback={<StatusIndicator type="loading">Loading chart</StatusIndicator>}>
        <Chart {...chart} />
      </Suspense>
    </div>
  );
}
