import { lazy } from 'react';
import { ChartBox } from './ChartBox';
import type { LoanBalanceChartProps } from './LoanBalanceChart';

const Chart = lazy(() => import('./LoanBalanceChart'));

/** The loan balance chart in its own chunk, in its ChartBox. */
export function LoanBalanceChartLazy(props: LoanBalanceChartProps & { testId: string }) {
  const { testId, ...chart } = props;
  return (
    <ChartBox testId={testId} height={props.height}>
      <Chart {...chart} />
    </ChartBox>
  );
}
