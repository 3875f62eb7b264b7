import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { CHART_ERROR_TEXT, type ChartStatus } from './status';

export interface BarRow {
  label: string;
  /**
   * One bar, or a few stacked in the row's track (a colour each: a series), each drawn as its size against the largest
   * of the whole chart.
   */
  bars: readonly { value: number; color: string }[];
  /** The row's amount(s), written at its end. */
  text: string;
}

/** A bar's share of the largest; one that is not zero stays visible however small. */
function barWidth(value: number, largest: number): string {
  if (value === 0) return '0';
  return `max(2px, ${(Math.abs(value) / largest) * 100}%)`;
}

/**
 * Amounts compared as horizontal bars on one scale, a row each: its label, its bars and its amount. Drawn with CSS
 * rather than Cloudscape's charts: a few categories need no axis, and a chart's axes measure every tick label's
 * text in the browser's layout, the costliest work of a phone's load where a chart is on the first screen
 * (docs/performance.md "Parts"). People hear the rows from `ariaLabel`; the drawing itself is hidden from them.
 */
export function BarRows({
  rows,
  ariaLabel,
  testId,
  legend,
  textHeading,
  status = 'finished',
}: {
  rows: readonly BarRow[];
  ariaLabel: string;
  testId: string;
  /** What each colour stands for, when a row has more than one bar. */
  legend?: readonly { label: string; color: string }[];
  /** What the amounts at the rows' ends are, written above them. */
  textHeading?: string;
  /**
   * Until the figures are there, "Loading chart" (or, when they failed to come, the error) stands in the legend's line,
   * over the rows as given (their labels, no bars yet), so the chart takes its final height from the start.
   */
  status?: ChartStatus;
}) {
  const largest = Math.max(...rows.flatMap((row) => row.bars.map((bar) => Math.abs(bar.value))));
  return (
    <div
      className="rt-bar-chart"
      role="img"
      aria-label={status === 'loading' ? 'Loading chart' : status === 'error' ? CHART_ERROR_TEXT : ariaLabel}
      aria-busy={status === 'loading' || undefined}
      data-testid={testId}
    >
      {status === 'loading' ? (
        <Box variant="small" color="text-status-inactive">
          <Spinner /> Loading chart
        </Box>
      ) : status === 'error' ? (
        <Box variant="small">
          <StatusIndicator type="error">{CHART_ERROR_TEXT}</StatusIndicator>
        </Box>
      ) : (
        legend && (
          <div className="rt-bar-legend" aria-hidden="true">
            {legend.map((key) => (
              <Box key={key.label} variant="small" color="text-body-secondary">
                <span className="rt-bar-key" style={{ background: key.color }} />
                {key.label}
              </Box>
            ))}
          </div>
        )
      )}
      <div className="rt-bar-rows" aria-hidden="true">
        {textHeading && (
          <div className="rt-bar-heading">
            <Box variant="small" color="text-body-secondary" textAlign="right">
              {textHeading}
            </Box>
          </div>
        )}
        {rows.map((row) => (
          <div key={row.label} className="rt-bar-row">
            <Box variant="small" color="text-body-secondary">
              {row.label}
            </Box>
            <div className="rt-bar-track">
              {row.bars.map((bar) => (
                <div
                  key={bar.color}
                  className="rt-bar"
                  style={{ inlineSize: barWidth(bar.value, largest), background: bar.color }}
                />
              ))}
            </div>
            <Box variant="small" textAlign="right">
              {row.text}
            </Box>
          </div>
        ))}
      </div>
    </div>
  );
}
