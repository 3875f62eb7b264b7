import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { Component, type ReactNode } from 'react';

interface Props {
  /** Changing it (e.g. the path) clears the error. */
  resetKey: string;
  children: ReactNode;
}

/** Shown when a page fails to render or its code fails to load (e.g. after a deploy). */
export class RouteErrorBoundary extends Component<Props, { error: Error | null; key: string }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error('Page failed', error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const stale = /dynamically imported module|Failed to fetch|Importing a module script failed/i.test(error.message);
    return (
      <Box padding={{ vertical: 'xl' }}>
        <Alert
          type="error"
          header={stale ? 'A new version of Rent.Today is available' : 'This page could not be shown'}
          action={<Button onClick={() => window.location.reload()}>Reload</Button>}
          data-testid="page-error"
        >
          {stale ? 'Reload the page to continue.' : error.message}
        </Alert>
      </Box>
    );
  }
}
