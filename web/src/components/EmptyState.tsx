import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

/** Cloudscape's empty-state pattern: a bold title, a line of explanation, an optional action. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
      <SpaceBetween size="xs">
        <Box variant="strong" color="inherit" fontSize="heading-s">
          {title}
        </Box>
        {children ? (
          <Box variant="p" color="text-body-secondary" margin={{ bottom: 'xs' }}>
            {children}
          </Box>
        ) : null}
      </SpaceBetween>
      {action ? <Box margin={{ top: 's' }}>{action}</Box> : null}
    </Box>
  );
}
