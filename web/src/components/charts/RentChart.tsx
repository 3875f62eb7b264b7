import Box from '@cloudscape-design/components/box';
import MixedLineBarChart from '@cloudscape-design/components/mixed-line-bar-chart';
import { formatCurrency } from '@rent/shared/core/money';
import { monthLabel } from '../../features/report-period/period';
import { CHART_COLORS } from './colors';

/** Rent due and received per month as bars (the rent roll). Loaded lazily (RentChartLazy). */
export interface RentChartProps {
  /** Wire money (dollars) per month. */
  months: readonly { month: string; due: number; received: number }[];
  /** The whole chart's height (plot, axes and legend): the chart fits it. */
  height: number;
  ariaLabel: string;
}

const money = (dollars: number) => formatCurrency(Math.round(dollars * 100), 0);
const compact = (dollars: number) =>
  Math.abs(dollars) >= 1000 ? `$${(dollars / 1000).toFixed(1)}K` : `$${dollars.toFixed(0)}`;

export default function RentChart({ months, height, ariaLabel }: RentChartProps) {
  const points = (key: 'due' | 'received') => months.map((m) => ({ x: monthLabel(m.month), y: m[key] }));
  return (
    <MixedLineBarChart
      series={[
        { title: 'Due', type: 'bar', data: points('due'), color: CHART_COLORS.neutral, valueFormatter: money },
        {
          title: 'Received',
          type: 'bar',
          data: points('received'),
          color: CHART_COLORS.positive,
          valueFormatter: money,
        },
      ]}
      xDomain={months.map((m) => monthLabel(m.month))}
      xScaleType="categorical"
      fitHeight
      height={Math.max(80, height - 150)}
      ariaLabel={ariaLabel}
      hideFilter
      i18nStrings={{ yTickFormatter: compact, xTickFormatter: (value) => String(value) }}
      empty={
        <Box textAlign="center" color="inherit">
          No rent due in this period
        </Box>
      }
    />
  );
}
