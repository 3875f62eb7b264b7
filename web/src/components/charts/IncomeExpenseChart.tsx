import Box from '@cloudscape-design/components/box';
import MixedLineBarChart from '@cloudscape-design/components/mixed-line-bar-chart';
import { formatCurrency } from '@rent/shared/core/money';
import { monthLabel } from '../../features/report-period/period';
import { CHART_COLORS } from './colors';
import { CHART_ERROR_TEXT, type ChartStatus } from './status';

/**
 * Income and expenses per month as bars, net as a line. Loaded lazily (IncomeExpenseChartLazy), so
 * the chart library stays out of a page's first chunk. Values are cents; expenses are shown below zero.
 */
export interface IncomeExpenseChartProps {
  months: string[];
  income: Record<string, number>;
  /** Money out per month (cents, as a positive number). */
  expenses: Record<string, number>;
  net: Record<string, number>;
  /** The whole chart's height (plot, axes and legend): the chart fits it. */
  height: number;
  /** The report is on its way, or failed to come (the page says so, with its retry, above the chart). */
  status: ChartStatus;
  ariaLabel: string;
  netTitle?: string;
}

const dollars = (cents: number) => formatCurrency(Math.round(cents), 0);
function compact(dollarsValue: number): string {
  const abs = Math.abs(dollarsValue);
  const sign = dollarsValue < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}$${(abs / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `${sign}$${(abs / 1_000).toFixed(abs >= 10_000 ? 0 : 1)}K`;
  return `${sign}$${abs.toFixed(0)}`;
}

export default function IncomeExpenseChart({
  months,
  income,
  expenses,
  net,
  height,
  status,
  ariaLabel,
  netTitle = 'Net',
}: IncomeExpenseChartProps) {
  const points = (values: Record<string, number>, sign = 1) =>
    months.map((m) => ({ x: monthLabel(m), y: (sign * (values[m] ?? 0)) / 100 }));
  const money = (value: number) => dollars(value * 100);
  return (
    <MixedLineBarChart
      series={[
        { title: 'Income', type: 'bar', data: points(income), color: CHART_COLORS.positive, valueFormatter: money },
        {
          title: 'Expenses',
          type: 'bar',
          data: points(expenses, -1),
          color: CHART_COLORS.negative,
          valueFormatter: money,
        },
        { title: netTitle, type: 'line', data: points(net), color: CHART_COLORS.info, valueFormatter: money },
      ]}
      xDomain={months.map(monthLabel)}
      xScaleType="categorical"
      fitHeight
      height={Math.max(80, height - 150)}
      statusType={status}
      loadingText="Loading chart"
      errorText={CHART_ERROR_TEXT}
      ariaLabel={ariaLabel}
      hideFilter
      i18nStrings={{ yTickFormatter: compact, xTickFormatter: (value) => String(value) }}
      empty={
        <Box textAlign="center" color="inherit">
          No income or expenses in this period
        </Box>
      }
    />
  );
}
