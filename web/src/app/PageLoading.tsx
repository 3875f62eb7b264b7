import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';

/** A page that is not there yet (the page area holds a screenful meanwhile: `.rt-main`). */
export function PageLoading({ text = 'Loading' }: { text?: string }) {
  return (
    <Box padding={{ vertical: 'xxxl' }} textAlign="center" data-testid="page-loading">
      <StatusIndicator type="loading">{text}</StatusIndicator>
    </Box>
  );
}

/** A part of a page whose code is on its way (a table below the fold, a tab's content), in the space kept for it. */
export function PartLoading() {
  return <StatusIndicator type="loading">Loading</StatusIndicator>;
}
