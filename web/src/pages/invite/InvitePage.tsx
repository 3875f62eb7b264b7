import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { humanizeRole } from '@rent/shared/core/roles';
import { useParams } from 'react-router';
import { GoogleIcon } from '../../components/GoogleIcon';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useInvitePage } from './use-invite-page';

/** /invite/:token, the link in an invitation email: what it is for, sign in with Google, then Accept (a POST). */
export default function InvitePage() {
  useDocumentTitle('Invitation');
  const { token = '' } = useParams();
  const page = useInvitePage(token);
  const { invitation } = page;
  const signedIn = page.session.status === 'authenticated';

  return (
    <ContentLayout header={<Header variant="h1">Invitation</Header>}>
      <div className="rt-invite" data-testid="invite-page">
        {page.loading ? (
          <StatusIndicator type="loading">Checking your invitation</StatusIndicator>
        ) : page.linkError ? (
          <Alert type="error" header="This invitation link cannot be used" data-testid="invite-error">
            {page.linkError}
          </Alert>
        ) : invitation ? (
          <Container
            header={
              <Header variant="h2" description={`${invitation.inviterName} invited you.`}>
                Join {invitation.organizationName} as {humanizeRole(invitation.role)}
              </Header>
            }
            data-testid="invite-details"
          >
            {page.deadMessage ? (
              <Alert type="warning" header={`Invitation ${page.statusLabel?.toLowerCase()}`} data-testid="invite-dead">
                {page.deadMessage}
              </Alert>
            ) : !signedIn ? (
              <SpaceBetween size="m">
                <Box variant="p">
                  Sign in with Google using the email address this invitation was sent to. You will come back here to
                  accept it.
                </Box>
                {page.signInError ? (
                  <Alert type="error" header="Sign-in did not start">
                    {page.signInError}
                  </Alert>
                ) : null}
                <Button
                  variant="primary"
                  iconSvg={page.signingIn ? undefined : <GoogleIcon />}
                  loading={page.signingIn || page.session.status === 'loading'}
                  loadingText="Redirecting to Google"
                  onClick={() => void page.signIn()}
                  data-testid="invite-signin"
                >
                  Sign in with Google
                </Button>
              </SpaceBetween>
            ) : (
              <SpaceBetween size="m">
                <Box variant="p">
                  You are signed in as <strong>{page.session.data?.email}</strong>. Accept to join{' '}
                  {invitation.organizationName} as {humanizeRole(invitation.role)}.
                </Box>
                {page.acceptError ? (
                  <Alert
                    type="error"
                    header="The invitation could not be accepted"
                    data-testid="invite-accept-error"
                    action={
                      page.acceptError.code === 'WRONG_EMAIL' ? (
                        <Button onClick={page.switchAccount}>Sign out</Button>
                      ) : undefined
                    }
                  >
                    {page.acceptError.message}
                  </Alert>
                ) : null}
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="link" onClick={page.notNow} disabled={page.accepting}>
                    Not now
                  </Button>
                  <Button
                    variant="primary"
                    onClick={() => void page.confirm()}
                    loading={page.accepting}
                    data-testid="invite-accept"
                  >
                    Accept invitation
                  </Button>
                </SpaceBetween>
              </SpaceBetween>
            )}
          </Container>
        ) : null}
      </div>
    </ContentLayout>
  );
}
