import { lazy } from 'react';
import type { AgingChartProps } from './AgingChart';
import { ChartBox } from './ChartBox';

const Chart = lazy(() => import('./AgingChart'));

/** The aging chart in its own chunk, in its ChartBox. */
export function AgingChartLazy(props: AgingChartProps & { testId: string }) {
  const { testId, ...chart } = props;
  return (
    <ChartBox testId={testId} height={props.height}>
      <Chart {...chart} />
    </ChartBox>
  );
}
