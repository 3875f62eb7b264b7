import { useSyncExternalStore } from 'react';
import { type AppConfig, loadConfig } from '../config';
import { safeReturnPath } from '../lib/returnPath';
import { type IdClaims, readStoredIdToken } from './storedToken';

export { hasStoredSession } from './storedToken';

/**
 * The session store (docs/product.md "Sessions and sign-in"). Amplify itself lives in ./amplify and is loaded with a
 * dynamic import when needed; a returning visitor's valid stored token stands for the session until then
 * (./storedToken).
 */
export interface SessionUser {
  userId: string;
  email: string | null;
  name: string | null;
  image: string | null;
}
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
export interface SessionState {
  status: SessionStatus;
  data: SessionUser | null;
  /** True from the start of a logout until the page leaves: protected pages wait instead of redirecting. */
  signingOut?: boolean;
  /** Set when the app could not start (no /config.json, or the auth library failed to load). */
  bootError?: string;
}

type AmplifyModule = typeof import('./amplify');
type Listener = () => void;

let state: SessionState = { status: 'loading', data: null };
const listeners = new Set<Listener>();
let amplifyReady: Promise<AmplifyModule> | null = null;
let returnPathListener: ((path: string) => void) | null = null;
let pendingReturnPath: string | null = null;
let signInErrorListener: ((message: string) => void) | null = null;
let pendingSignInError: string | null = null;

function setState(next: SessionState) {
  const same =
    next.status === state.status &&
    !!next.signingOut === !!state.signingOut &&
    next.bootError === state.bootError &&
    next.data?.userId === state.data?.userId &&
    next.data?.email === state.data?.email &&
    next.data?.name === state.data?.name &&
    next.data?.image === state.data?.image;
  if (same) return;
  state = next;
  for (const listener of listeners) listener();
}

let configRead: Promise<AppConfig> | null = null;

/** Amplify with /config.json, configured (which completes a pending OAuth redirect); loaded on first need. */
function auth(): Promise<AmplifyModule> {
  if (!configRead) throw new Error('Authentication has not started');
  amplifyReady ??= Promise.all([configRead, import('./amplify')]).then(([config, mod]) => {
    mod.configureAmplify(config, (event) => {
      switch (event.type) {
        case 'returnPath': {
          const path = safeReturnPath(event.path);
          if (returnPathListener) returnPathListener(path);
          else pendingReturnPath = path;
          break;
        }
        case 'signedIn':
          void refreshSession();
          break;
        case 'signInFailed':
          if (signInErrorListener) signInErrorListener(event.message);
          else pendingSignInError = event.message;
          void refreshSession();
          break;
        case 'signedOut':
          setState({ status: 'unauthenticated', data: null, signingOut: state.signingOut });
          break;
      }
    });
    return mod;
  });
  // A failed download is tried again at the next need (a later token refresh may come when the network is back).
  amplifyReady.catch(() => {
    amplifyReady = null;
  });
  return amplifyReady;
}

/** The page is Cognito's return from sign-in (?code= or ?error=, with the state Amplify sent). */
function returningFromSignIn(): boolean {
  const query = new URLSearchParams(window.location.search);
  return query.has('state') && (query.has('code') || query.has('error'));
}

/** Whether the stored token may stand for the session: not while Amplify completes a return from sign-in. */
let storedTokenTrusted = false;

/**
 * Reads the session at startup; rendering waits for it (main.tsx). A returning visitor with a valid stored token
 * (./storedToken) is signed in at once, without Amplify; otherwise /config.json and Amplify load together and
 * Amplify reads (or refreshes, or completes) the session.
 */
export function startAuth(configLoader: () => Promise<AppConfig> = loadConfig): Promise<void> {
  configRead = configLoader();
  // RUM only when configured (AWS), in its own chunk, started after the page is idle (app/rum.ts).
  configRead.then(
    (config) => {
      if (config.rum) void import('../app/rum').then((rum) => rum.startRumWhenIdle(config.rum));
    },
    () => {},
  );
  storedTokenTrusted = !returningFromSignIn();
  const stored = storedTokenTrusted ? readStoredIdToken() : null;
  if (stored) {
    setState(authenticated(stored.claims));
    return Promise.resolve();
  }
  return auth().then(
    () =>
      refreshSession().then(() => {
        storedTokenTrusted = true;
      }),
    (error: unknown) => {
      console.error('Rent.Today could not start', error);
      const message = error instanceof Error ? error.message : String(error);
      setState({ status: 'unauthenticated', data: null, bootError: message });
    },
  );
}

function authenticated({ sub, email, name, picture }: IdClaims): SessionState {
  return sub
    ? { status: 'authenticated', data: { userId: sub, email, name, image: picture } }
    : { status: 'unauthenticated', data: null, signingOut: state.signingOut };
}

/** Re-reads the Amplify session; the ID token carries sub, email, name and picture. */
export async function refreshSession(forceRefresh = false): Promise<SessionState> {
  try {
    const mod = await auth();
    const id = await mod.readIdToken(forceRefresh);
    setState(id ? authenticated(id.claims) : { status: 'unauthenticated', data: null, signingOut: state.signingOut });
  } catch (error) {
    // A session fetch failure is logged as CLIENT_SESSION_ERROR.
    console.error('CLIENT_SESSION_ERROR', error);
    const message = error instanceof Error ? error.message : 'Session fetch failed';
    void import('../app/clientLog').then((log) => log.reportSessionError(message));
    setState({ status: 'unauthenticated', data: null, bootError: state.bootError });
  }
  return state;
}

/** Where to go after the OAuth redirect comes back (the customState we sent). */
export function onReturnPath(listener: (path: string) => void): () => void {
  returnPathListener = listener;
  if (pendingReturnPath) {
    const path = pendingReturnPath;
    pendingReturnPath = null;
    listener(path);
  }
  return () => {
    if (returnPathListener === listener) returnPathListener = null;
  };
}

export function onSignInError(listener: (message: string) => void): () => void {
  signInErrorListener = listener;
  if (pendingSignInError) {
    const message = pendingSignInError;
    pendingSignInError = null;
    listener(message);
  }
  return () => {
    if (signInErrorListener === listener) signInErrorListener = null;
  };
}

/** Starts Google sign-in through the Cognito Hosted UI; the browser leaves the page. */
export async function startSignIn(returnPath: string): Promise<'redirecting' | 'already-signed-in'> {
  const mod = await auth();
  const outcome = await mod.redirectToGoogle(safeReturnPath(returnPath));
  if (outcome === 'already-signed-in') await refreshSession();
  return outcome;
}

/** The API bearer: the Cognito ID token (the stored one while valid, else Amplify's, refreshed), or null. */
export async function getIdToken(): Promise<string | null> {
  const stored = storedTokenTrusted ? readStoredIdToken() : null;
  if (stored) return stored.token;
  try {
    const mod = await auth();
    return (await mod.readIdToken())?.token ?? null;
  } catch {
    return null;
  }
}

/** Local sign-out (the caller records the logout with the API first). With the Hosted UI it ends at "/". */
export async function endSession(): Promise<void> {
  setState({ ...state, signingOut: true });
  try {
    const mod = await auth();
    await mod.amplifySignOut();
  } finally {
    setState({ status: 'unauthenticated', data: null, signingOut: true });
  }
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface Session extends SessionState {
  /** The session exposes an update function (re-reads tokens, e.g. after a profile change). */
  update: () => Promise<SessionState>;
}

const update = () => refreshSession(true);

export function useSession(): Session {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  return { ...snapshot, update };
}

export function getSessionState(): SessionState {
  return state;
}
