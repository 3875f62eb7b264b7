import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { startSignIn } from '../../auth/session';
import { RouterLink } from '../../lib/navigation';
import { safeReturnPath } from '../../lib/returnPath';
import { GoogleIcon } from '../GoogleIcon';

export const SIGN_IN_TITLE = 'Sign in to Rent.Today';

export interface SignInContentProps {
  /** Where to land after signing in (sanitised: only same-origin relative paths). */
  returnPath: string;
  /** Called when no redirect is needed (already signed in) or a link inside is followed. */
  onDone?: () => void;
}

/**
 * The body of the sign-in modal, sheet and page (docs/product.md "Sign-in modal"). The button shows
 * a loading indicator and disables itself once clicked; its state resets when the content
 * unmounts (the modal closes).
 */
export function SignInContent({ returnPath, onDone }: SignInContentProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const target = safeReturnPath(returnPath);

  const onSignIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await startSignIn(target);
      if (outcome === 'already-signed-in') {
        onDone?.();
        navigate(target);
      }
      // Otherwise the browser is on its way to Google; keep the button busy.
    } catch (err) {
      setBusy(false);
      setError(errorMessage(err, 'Sign-in could not start. Please try again.'));
    }
  };

  return (
    <SpaceBetween size="l">
      <Box variant="p" margin="n">
        Keep rent collection, cash flow and maintenance in one calm place. Sign in to see what came in, what went out
        and what needs fixing across your properties.
      </Box>
      <ul className="rt-reassurance">
        <li>
          <Icon name="calendar" variant="success" />
          <span>Fresh dashboards every morning</span>
        </li>
        <li>
          <Icon name="lock-private" variant="success" />
          <span>Secure access powered by Google</span>
        </li>
      </ul>
      {error && (
        <Alert type="error" header="Sign-in did not start">
          {error}
        </Alert>
      )}
      <Button
        variant="primary"
        fullWidth
        iconSvg={busy ? undefined : <GoogleIcon />}
        loading={busy}
        loadingText="Redirecting to Google"
        disabled={busy}
        onClick={onSignIn}
        data-testid="signin-google"
      >
        Sign in with Google
      </Button>
      <Box variant="small" color="text-body-secondary" textAlign="center" display="block">
        By signing in you agree to our{' '}
        <RouterLink href="/terms-of-service" variant="primary" fontSize="body-s" onFollow={onDone}>
          Terms of Service
        </RouterLink>{' '}
        and{' '}
        <RouterLink href="/privacy-policy" variant="primary" fontSize="body-s" onFollow={onDone}>
          Privacy Policy
        </RouterLink>
        .
      </Box>
    </SpaceBetween>
  );
}
