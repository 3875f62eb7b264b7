import { useSyncExternalStore } from 'react';
import { type AppConfig, loadConfig } from '../config';
import { safeReturnPath } from '../lib/returnPath';

/**
 * The session store (SPEC §3 "Session data"). Amplify itself lives in ./amplify and is loaded
 * with a dynamic import in parallel with /config.json, so the first paint does not wait for it.
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

function auth(): Promise<AmplifyModule> {
  if (!amplifyReady) throw new Error('Authentication has not started');
  return amplifyReady;
}

/**
 * Loads /config.json and the auth library together, configures Amplify (which completes a pending
 * OAuth redirect) and reads the session. Call once at startup; rendering does not wait for it.
 */
export function startAuth(configLoader: () => Promise<AppConfig> = loadConfig): Promise<void> {
  const amplify = import('./amplify');
  amplifyReady = Promise.all([configLoader(), amplify]).then(([config, mod]) => {
    // RUM only when configured (AWS), in its own chunk, started after the page is idle (app/rum.ts).
    if (config.rum) void import('../app/rum').then((rum) => rum.startRumWhenIdle(config.rum));
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
  return amplifyReady.then(
    () => refreshSession().then(() => undefined),
    (error: unknown) => {
      console.error('Rent.Today could not start', error);
      const message = error instanceof Error ? error.message : String(error);
      setState({ status: 'unauthenticated', data: null, bootError: message });
    },
  );
}

/** Re-reads the Amplify session; the ID token carries sub, email, name and picture. */
export async function refreshSession(forceRefresh = false): Promise<SessionState> {
  try {
    const mod = await auth();
    const id = await mod.readIdToken(forceRefresh);
    if (!id?.claims.sub) {
      setState({ status: 'unauthenticated', data: null, signingOut: state.signingOut });
    } else {
      const { sub, email, name, picture } = id.claims;
      setState({ status: 'authenticated', data: { userId: sub, email, name, image: picture } });
    }
  } catch (error) {
    // SPEC §8: a session fetch failure is logged as CLIENT_SESSION_ERROR.
    console.error('CLIENT_SESSION_ERROR', error);
    const message = error instanceof Error ? error.message : 'Session fetch failed';
    void import('../app/clientLog').then((log) => log.sendClientLog('error', 'CLIENT_SESSION_ERROR', message));
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

/** The API bearer: the Cognito ID token (refreshed by Amplify when needed), or null when signed out. */
export async function getIdToken(): Promise<string | null> {
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
  /** SPEC §3: the session exposes an update function (re-reads tokens, e.g. after a profile change). */
  update: () => Promise<SessionState>;
}

const update = () => refreshSession(true);

export function useSession(): Session {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  return { ...snapshot, update };
}

/**
 * Whether Amplify has tokens stored from an earlier visit (its LastAuthUser key), read synchronously before the
 * session is known, so the shell can lay out the signed-in frame (the navigation) at once instead of moving the
 * page when the session arrives. A hint only: the session itself decides what is shown.
 */
export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // Storage blocked: no hint.
  }
  return false;
}

export function getSessionState(): SessionState {
  return state;
}
