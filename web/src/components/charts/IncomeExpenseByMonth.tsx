import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { IncomeExpenseBars } from './IncomeExpenseBars';
import type { IncomeExpenseChartProps } from './IncomeExpenseChart';
import { IncomeExpenseChartLazy } from './IncomeExpenseChartLazy';

/** Income and expenses by month: Cloudscape's chart on a desktop (net as a line, popovers), a row a month on a phone. */
export function IncomeExpenseByMonth(props: IncomeExpenseChartProps & { testId: string }) {
  const { height, ...bars } = props;
  return useMediaQuery(DESKTOP_QUERY) ? <IncomeExpenseChartLazy {...props} /> : <IncomeExpenseBars {...bars} />;
}
