/** Where a chart's figures are: on their way, failed to come, or drawn. Cloudscape's charts name it `statusType`. */
export type ChartStatus = 'loading' | 'error' | 'finished';

/** What a chart says when its report failed: the page names the failure and offers the retry above it. */
export const CHART_ERROR_TEXT = 'The chart could not be loaded.';

/** A chart's status from its report's query: figures shown once there, the error only when none came. */
export function chartStatus(query: { data?: unknown; isError: boolean }): ChartStatus {
  if (query.data) return 'finished';
  return query.isError ? 'error' : 'loading';
}
