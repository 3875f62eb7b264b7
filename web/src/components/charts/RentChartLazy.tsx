import { lazy } from 'react';
import { ChartBox } from './ChartBox';
import type { RentChartProps } from './RentChart';

const Chart = lazy(() => import('./RentChart'));

/** The rent chart in its own chunk, in its ChartBox. */
export function RentChartLazy(props: RentChartProps & { testId: string }) {
  const { testId, ...chart } = props;
  return (
    <ChartBox testId={testId} height={props.height}>
      <Chart {...chart} />
    </ChartBox>
  );
}
