import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';

/** A page that is not there yet holds a screenful, so the footer is out of view before the page arrives (no shift). */
export function PageLoading({ text = 'Loading' }: { text?: string }) {
  return (
    <div className="rt-page-loading">
      <Box padding={{ vertical: 'xxxl' }} textAlign="center" data-testid="page-loading">
        <StatusIndicator type="loading">{text}</StatusIndicator>
      </Box>
    </div>
  );
}

/** A part of a page whose code is on its way (a table below the fold, a tab's content), in the space kept for it. */
export function PartLoading() {
  return <StatusIndicator type="loading">Loading</StatusIndicator>;
}
