import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../app/PageLoading';
import { useSession } from '../../auth/session';
import { SIGN_IN_TITLE, SignInContent } from '../../components/signin/SignInContent';
import { forgetSessionEnded, sessionEnded } from '../../lib/notices';
import { safeReturnPath } from '../../lib/returnPath';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * /signin?callbackUrl=...&error=SessionRequired: the sign-in content as a page. The button returns
 * to callbackUrl (same-origin relative paths only, otherwise /dashboard).
 */
export default function SignInPage() {
  useDocumentTitle('Sign in');
  const [params] = useSearchParams();
  const session = useSession();
  const target = safeReturnPath(params.get('callbackUrl'));
  const error = params.get('error');
  // Why the last session ended, when the server said (lib/notices.ts): read as this page opens, forgotten once it shows.
  const [ended] = useState(sessionEnded);
  useEffect(forgetSessionEnded, []);

  if (session.status === 'loading') return <PageLoading text="Checking your session" />;
  // Already signed in and not sent here by a rejected session: go straight on.
  if (session.status === 'authenticated' && !error) return <Navigate to={target} replace />;

  return (
    <div className="rt-signin-page">
      <Container header={<Header variant="h1">{SIGN_IN_TITLE}</Header>} data-testid="signin-page">
        <SpaceBetween size="l">
          {error === 'SessionRequired' ? (
            <Alert type="info" data-testid="signin-session-required">
              {ended ?? 'Please sign in to continue.'}
            </Alert>
          ) : error ? (
            <Alert type="error" header="Sign-in failed">
              Something went wrong while signing you in. Please try again.
            </Alert>
          ) : null}
          <SignInContent returnPath={target} />
        </SpaceBetween>
      </Container>
      <Box variant="small" color="text-body-secondary" textAlign="center" display="block" margin={{ top: 'm' }}>
        New to Rent.Today? Signing in with Google creates your account and your organization.
      </Box>
    </div>
  );
}
