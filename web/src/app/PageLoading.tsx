import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';

export function PageLoading({ text = 'Loading' }: { text?: string }) {
  return (
    <Box padding={{ vertical: 'xxxl' }} textAlign="center" data-testid="page-loading">
      <StatusIndicator type="loading">{text}</StatusIndicator>
    </Box>
  );
}
