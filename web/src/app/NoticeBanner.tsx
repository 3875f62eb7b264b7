import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { openCreateOrganization } from '../features/organizations/store';
import { type Notice, noticeText, takeNotice } from '../lib/notices';

// Read once per page load, before any render: the full navigation that left it has just happened.
let pending: Notice | null = takeNotice();

/** The notice the last page left for this one (lib/notices.ts): shown once at the top, until dismissed. */
export function NoticeBanner({ hidden }: { hidden?: boolean }) {
  const [notice, setNotice] = useState(pending);
  if (!notice || hidden) return null;
  const text = noticeText(notice);
  const dismiss = () => {
    pending = null;
    setNotice(null);
  };
  return (
    <Box padding={{ top: 'l' }}>
      <Alert
        type={notice.kind === 'removed' ? 'warning' : 'success'}
        header={text.header}
        dismissible
        onDismiss={dismiss}
        action={
          notice.kind === 'removed' ? (
            <Button onClick={openCreateOrganization} data-testid="notice-create-org">
              Create organization
            </Button>
          ) : undefined
        }
        data-testid={`notice-${notice.kind}`}
      >
        {text.body}
      </Alert>
    </Box>
  );
}

/** Read without taking: the no-organization page words its heading after a removal. */
export const pendingNotice = () => pending;
