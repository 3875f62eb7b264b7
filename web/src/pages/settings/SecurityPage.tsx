import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { SecurityEvent } from '../../api/security';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime } from '../../lib/dates';
import { RouterLink } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { securityActionText, useSecurityPage } from './use-security-page';

export default function SecurityPage() {
  useDocumentTitle('Security & Privacy');
  const page = useSecurityPage();
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
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                onClick={page.signOut}
                loading={page.signingOut && !page.confirming}
                loadingText="Signing out"
                data-testid="security-signout"
              >
                Sign out
              </Button>
              <Button onClick={page.askSignOutEverywhere} data-testid="security-signout-everywhere">
                Sign out of all devices
              </Button>
            </SpaceBetween>
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
              { label: 'Account', value: page.email ?? '—' },
            ]}
          />
        </Container>

        <Container header={<Header variant="h2">Your data</Header>}>
          <Box variant="p" margin="n">
            Rent.Today has no password of yours: Google confirms who you are, and your session ends when you sign out.
            Each sign-in and sign-out is recorded in your security log below. Read the{' '}
            <RouterLink href="/privacy-policy">Privacy Policy</RouterLink> for what we keep and why.
          </Box>
        </Container>

        {/* The log grows when it loads and with Load more: it comes last, so nothing below it moves. */}
        <Table<SecurityEvent>
          data-testid="security-log-table"
          header={
            <Header variant="h2" description="Sign-ins and sign-outs of your account, newest first. Kept for a year.">
              Security log
            </Header>
          }
          items={page.events}
          loading={page.loading}
          loadingText="Loading the security log"
          trackBy="id"
          variant="container"
          wrapLines
          empty={<EmptyState title="No events yet">Your sign-ins and sign-outs will be listed here.</EmptyState>}
          columnDefinitions={[
            { id: 'when', header: 'When', minWidth: 160, cell: (e) => formatDateTime(e.createdAt) },
            { id: 'what', header: 'What', minWidth: 140, cell: (e) => securityActionText(e) },
            { id: 'details', header: 'Details', minWidth: 200, cell: (e) => e.details ?? '—' },
            {
              id: 'result',
              header: 'Result',
              minWidth: 110,
              cell: (e) => (
                <StatusIndicator type={e.success ? 'success' : 'error'}>
                  {e.success ? 'Succeeded' : 'Failed'}
                </StatusIndicator>
              ),
            },
          ]}
          footer={
            page.hasMore ? (
              <Box textAlign="center">
                <Button
                  data-testid="security-log-more"
                  variant="link"
                  loading={page.loadingMore}
                  loadingText="Loading more events"
                  onClick={page.loadMore}
                >
                  Load more
                </Button>
              </Box>
            ) : undefined
          }
        />
        {page.logError && <Box color="text-status-error">{page.logError}</Box>}
      </SpaceBetween>

      <Modal
        data-testid="security-signout-everywhere-modal"
        visible={page.confirming}
        onDismiss={page.cancelSignOutEverywhere}
        header="Sign out of all devices"
        footer={
          <ConfirmFooter
            confirmLabel="Sign out of all devices"
            onCancel={page.cancelSignOutEverywhere}
            onConfirm={() => void page.confirmSignOutEverywhere()}
            busy={page.signOutAllBusy}
            busyText="Signing out of all devices"
            confirmTestId="security-signout-everywhere-confirm"
          />
        }
      >
        <SpaceBetween size="s">
          <Box variant="p">
            Every browser and device signed in to your account, including this one, will be signed out at once. You can
            sign in again with Google afterwards.
          </Box>
          {page.signOutAllError && (
            <Alert type="error" header="Could not sign out of all devices">
              {page.signOutAllError}
            </Alert>
          )}
        </SpaceBetween>
      </Modal>
    </ContentLayout>
  );
}
