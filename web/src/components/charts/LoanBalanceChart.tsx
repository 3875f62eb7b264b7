import Box from '@cloudscape-design/components/box';
import LineChart from '@cloudscape-design/components/line-chart';
import { formatCurrency } from '@rent/shared/core/money';

/** A loan's balance over time, at the end of each year of its schedule. Loaded lazily (LoanBalanceChartLazy). */
export interface LoanBalanceChartProps {
  /** Wire money (dollars) owed after the year's last payment. */
  points: readonly { year: number; balance: number }[];
  /** The whole chart's height (plot, axes and legend): the chart fits it. */
  height: number;
  ariaLabel: string;
}

const money = (dollars: number) => formatCurrency(Math.round(dollars * 100), 0);
const compact = (dollars: number) =>
  Math.abs(dollars) >= 1000 ? `$${(dollars / 1000).toFixed(0)}K` : `$${dollars.toFixed(0)}`;

export default function LoanBalanceChart({ points, height, ariaLabel }: LoanBalanceChartProps) {
  const years = points.map((p) => p.year);
  return (
    <LineChart
      series={[
        {
          title: 'Balance',
          type: 'line',
          data: points.map((p) => ({ x: p.year, y: p.balance })),
          valueFormatter: money,
        },
      ]}
      xDomain={years.length > 0 ? [Math.min(...years), Math.max(...years)] : undefined}
      yDomain={[0, Math.max(1, ...points.map((p) => p.balance))]}
      xScaleType="linear"
      xTitle="Year"
      yTitle="Balance at year end"
      fitHeight
      height={Math.max(80, height - 150)}
      ariaLabel={ariaLabel}
      hideFilter
      hideLegend
      i18nStrings={{ yTickFormatter: compact, xTickFormatter: (value) => String(value) }}
      empty={
        <Box textAlign="center" color="inherit">
          No payments on the schedule
        </Box>
      }
    />
  );
}
