import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { logout } from '../../app/logout';
import { useSession } from '../../auth/session';
import { RouterLink } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export default function SecurityPage() {
  useDocumentTitle('Security & Privacy');
  const session = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="How you sign in, and what we keep about you.">
          Security &amp; Privacy
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container
          header={<Header variant="h2">Sign-in</Header>}
          footer={
            <Button
              onClick={() => {
                setBusy(true);
                void logout();
              }}
              loading={busy}
              loadingText="Signing out"
              data-testid="security-signout"
            >
              Sign out
            </Button>
          }
        >
          <KeyValuePairs
            columns={2}
            items={[
              {
                label: 'Method',
                value: (
                  <StatusIndicator type="success" data-testid="security-method">
                    Signed in with Google
                  </StatusIndicator>
                ),
              },
              { label: 'Account', value: session.data?.email ?? '—' },
            ]}
          />
        </Container>
        <Container header={<Header variant="h2">Your data</Header>}>
          <Box variant="p" margin="n">
            Rent.Today has no password of yours: Google confirms who you are, and your session ends when you sign out.
            Each sign-out is recorded in your account&apos;s security log. Read the{' '}
            <RouterLink href="/privacy-policy">Privacy Policy</RouterLink> for what we keep and why.
          </Box>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
