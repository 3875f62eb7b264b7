/**
 * Everything that touches Amplify. Loaded with a dynamic import when the session needs it (see session.ts): at
 * startup without a valid stored token or on the return from sign-in, later to refresh a token, sign in or out.
 */
import 'aws-amplify/auth/enable-oauth-listener';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signInWithRedirect, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { AppConfig } from '../config';
import { claimsOf, type IdClaims } from './storedToken';

export type AuthEvent =
  | { type: 'returnPath'; path: string | null }
  | { type: 'signedIn' }
  | { type: 'signInFailed'; message: string }
  | { type: 'signedOut' };

/**
 * Starts listening for sign-in events, then configures Amplify (which completes a pending OAuth redirect).
 * @public auth/session.ts loads this module on demand (import('./amplify')) and calls it from there.
 */
export function configureAmplify(config: AppConfig, onEvent: (event: AuthEvent) => void) {
  Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'customOAuthState':
        onEvent({ type: 'returnPath', path: typeof payload.data === 'string' ? payload.data : null });
        break;
      case 'signInWithRedirect':
      case 'signedIn':
      case 'tokenRefresh':
        onEvent({ type: 'signedIn' });
        break;
      case 'signInWithRedirect_failure': {
        const error = (payload.data as { error?: { message?: string } } | undefined)?.error;
        onEvent({ type: 'signInFailed', message: error?.message || 'Sign-in did not complete. Please try again.' });
        break;
      }
      case 'signedOut':
      case 'tokenRefresh_failure':
        onEvent({ type: 'signedOut' });
        break;
    }
  });

  const origin = window.location.origin;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          oauth: {
            domain: config.oauthDomain,
            scopes: ['openid', 'email', 'profile'],
            redirectSignIn: [`${origin}/`],
            redirectSignOut: [`${origin}/`],
            responseType: 'code',
            providers: ['Google'],
          },
        },
      },
    },
  });
}

/**
 * The ID token's claims and its compact form, or null when signed out. Waits for a pending OAuth exchange.
 * @public auth/session.ts loads this module on demand (import('./amplify')) and calls it from there.
 */
export async function readIdToken(forceRefresh = false): Promise<{ token: string; claims: IdClaims } | null> {
  const session = await fetchAuthSession({ forceRefresh });
  const idToken = session.tokens?.idToken;
  if (!idToken) return null;
  return { token: idToken.toString(), claims: claimsOf(idToken.payload) };
}

/**
 * Google through the Cognito Hosted UI; resolves as the browser leaves.
 * @public auth/session.ts loads this module on demand (import('./amplify')) and calls it from there.
 */
export async function redirectToGoogle(customState: string): Promise<'redirecting' | 'already-signed-in'> {
  try {
    await signInWithRedirect({ provider: 'Google', customState });
    return 'redirecting';
  } catch (error) {
    if ((error as { name?: string }).name === 'UserAlreadyAuthenticatedException') return 'already-signed-in';
    throw error;
  }
}

/**
 * Signs out of Amplify (and the Hosted UI).
 * @public auth/session.ts loads this module on demand (import('./amplify')) and calls it from there.
 */
export function amplifySignOut(): Promise<void> {
  return signOut();
}
