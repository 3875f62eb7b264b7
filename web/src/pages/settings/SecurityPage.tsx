import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ReactNode } from 'react';
import type { SecurityEvent } from '../../api/security';
import { desktopPartOr } from '../../app/pageLoader';
import { EmptyState } from '../../components/EmptyState';
import { PhoneList } from '../../components/PhoneList';
import { formatDateTime } from '../../lib/dates';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { RouterLink } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { securityLogTable } from './parts';
import { securityActionText, useSecurityPage } from './use-security-page';

/* Loads when first asked for: hidden, it was mounted with the page. */
const SignOutEverywhereModal = lazyWhenShown(() =>
  import('./SignOutEverywhereModal').then((m) => m.SignOutEverywhereModal),
);

/** What the security log is shown with: the list on a phone, the table (SecurityLogTable) on a desktop. */
export interface SecurityLogProps {
  log: Pick<ReturnType<typeof useSecurityPage>, 'events' | 'loading'>;
  header: ReactNode;
  empty: ReactNode;
  footer: ReactNode;
}

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
        <SecurityLog
          log={page}
          header={
            <Header variant="h2" description="Sign-ins and sign-outs of your account, newest first. Kept for a year.">
              Security log
            </Header>
          }
          empty={<EmptyState title="No events yet">Your sign-ins and sign-outs will be listed here.</EmptyState>}
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
      <SignOutEverywhereModal shown={page.confirming} page={page} />
    </ContentLayout>
  );
}

/** Whether a sign-in or sign-out went through, as the log's last column (and a phone row's end) shows it. */
export function SecurityResult({ event }: { event: SecurityEvent }) {
  return (
    <StatusIndicator type={event.success ? 'success' : 'error'}>
      {event.success ? 'Succeeded' : 'Failed'}
    </StatusIndicator>
  );
}

/**
 * The security log on a phone: a row per event, what happened over when and its details, the result at the end. The
 * table's four columns do not fit 390 px, and its code and stylesheet cost a phone several times this list.
 */
function SecurityLogList({ log, header, empty, footer }: SecurityLogProps) {
  return (
    <PhoneList
      testId="security-log-table"
      label="Security log"
      header={header}
      loading={log.loading}
      loadingText="Loading the security log"
      empty={empty}
      footer={footer}
      rows={log.events.map((event) => (
        <li key={event.id} className="rt-list-item rt-list-item-plain">
          <div className="rt-list-item-main">
            <span className="rt-list-title">{securityActionText(event)}</span>
            <div className="rt-list-meta">
              {formatDateTime(event.createdAt)}
              {event.details ? ` · ${event.details}` : ''}
            </div>
          </div>
          <div className="rt-list-end">
            <SecurityResult event={event} />
          </div>
        </li>
      ))}
    />
  );
}

const SecurityLog = desktopPartOr(securityLogTable, SecurityLogList);
