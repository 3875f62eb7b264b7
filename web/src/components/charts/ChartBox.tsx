import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type ReactNode, Suspense, useState } from 'react';
import { useNearViewport } from '../../lib/useNearViewport';

/**
 * A chart's place on the page: a box of fixed height (`height`: plot, axes and legend together) that the chart fits
 * inside, so nothing moves while its chunk and data load or when the legend and axis labels appear. The chart is
 * mounted once the box comes within half a screen of the viewport: a chart is the costliest thing on a page to lay
 * out, and below the fold on a phone (the dashboard's cash flow) it would hold up the first screen for nothing.
 */
export function ChartBox({ testId, height, children }: { testId: string; height: number; children: ReactNode }) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(box);
  return (
    <div ref={setBox} data-testid={testId} style={{ blockSize: height }}>
      {/* Out of sight the box stays empty: a spinner there would animate (and keep the page busy) for nobody. */}
      {near ? (
        <Suspense fallback={<StatusIndicator type="loading">Loading chart</StatusIndicator>}>{children}</Suspense>
      ) : null}
    </div>
  );
}
