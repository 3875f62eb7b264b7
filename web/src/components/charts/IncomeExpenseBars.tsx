import { formatCurrency } from '@rent/shared/core/money';
import { monthLabel } from '../../features/report-period/period';
import { BarRows } from './BarRows';
import { CHART_COLORS } from './colors';
import type { IncomeExpenseChartProps } from './IncomeExpenseChart';

const SERIES = [
  { key: 'income', label: 'Income', color: CHART_COLORS.positive },
  { key: 'expenses', label: 'Expenses', color: CHART_COLORS.negative },
] as const;

const dollars = (cents: number | undefined) => formatCurrency(cents ?? 0, 0);

/**
 * Income and expenses per month on a phone: a row a month, its two bars on one scale and the month's net at the end.
 * A phone's screen fits a row a month where a chart's twelve columns and axes are cramped, and it never loads the chart
 * library, whose axes measure each label's text in the layout (docs/performance.md "Parts").
 */
export function IncomeExpenseBars({
  months,
  income,
  expenses,
  net,
  status,
  ariaLabel,
  netTitle = 'Net',
  testId,
}: Omit<IncomeExpenseChartProps, 'height'> & { testId: string }) {
  const values = { income, expenses };
  const drawn = status === 'finished';
  const said = months.map(
    (m) =>
      `${monthLabel(m)} income ${dollars(income[m])}, expenses ${dollars(expenses[m])}, ${netTitle.toLowerCase()} ${dollars(net[m])}`,
  );
  return (
    <BarRows
      testId={testId}
      legend={SERIES}
      textHeading={netTitle}
      status={status}
      rows={months.map((m) => ({
        label: monthLabel(m),
        bars: drawn ? SERIES.map((series) => ({ value: values[series.key][m] ?? 0, color: series.color })) : [],
        text: drawn ? dollars(net[m]) : '',
      }))}
      ariaLabel={`${ariaLabel}: ${said.join('; ')}.`}
    />
  );
}
