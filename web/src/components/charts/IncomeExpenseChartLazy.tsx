import { lazy } from 'react';
import { ChartBox } from './ChartBox';
import type { IncomeExpenseChartProps } from './IncomeExpenseChart';

const Chart = lazy(() => import('./IncomeExpenseChart'));

/** The chart in its own chunk, in its ChartBox. */
export function IncomeExpenseChartLazy(props: IncomeExpenseChartProps & { testId: string }) {
  const { testId, ...chart } = props;
  return (
    <ChartBox testId={testId} height={props.height}>
      <Chart {...chart} />
    </ChartBox>
  );
}
