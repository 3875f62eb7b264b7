/**
 * The ID token Amplify stored at the last sign-in, read straight from localStorage under Amplify's own keys
 * (`CognitoIdentityServiceProvider.<client id>.LastAuthUser`, then `.<client id>.<user>.idToken` and `.clockDrift`).
 * While it is valid, a returning visitor's first load needs neither the auth library (some 25 KB gzip and its start)
 * nor /config.json before it knows who is signed in and calls the API; Amplify loads when it is needed: to refresh
 * a token about to expire, to sign in or out.
 */

const PREFIX = 'CognitoIdentityServiceProvider.';
/** A token closer than this to its expiry is left to Amplify, which refreshes it (a request may take a while). */
export const STORED_TOKEN_MARGIN_MS = 5 * 60_000;

export interface IdClaims {
  sub: string | null;
  email: string | null;
  name: string | null;
  picture: string | null;
}

function claim(payload: Record<string, unknown>, key: string): string | null {
  const value = payload[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

export function claimsOf(payload: Record<string, unknown>): IdClaims {
  return {
    sub: claim(payload, 'sub'),
    email: claim(payload, 'email'),
    name: claim(payload, 'name'),
    picture: claim(payload, 'picture'),
  };
}

/** The key of the last signed-in user of the one app client that stored a session here, or null. */
function lastAuthUserKey(): string | null {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX) && key.endsWith('.LastAuthUser')) keys.push(key);
    }
    // Two clients' sessions (a changed deployment): which one is current only the configuration says.
    return keys.length === 1 ? keys[0]! : null;
  } catch {
    // Storage blocked.
    return null;
  }
}

/**
 * Whether Amplify has a session stored from an earlier visit, read synchronously before the session is known, so
 * the shell can lay out the signed-in frame (the navigation) at once. A hint only: the session decides what is shown.
 */
export function hasStoredSession(): boolean {
  return lastAuthUserKey() !== null;
}

/** A JWT's payload (base64url JSON, UTF-8: a name may have accents), or null when it is not one. */
function payloadOf(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The stored ID token and its claims when it stays valid for STORED_TOKEN_MARGIN_MS yet by the server's clock
 * (Amplify's clock drift applied, as Amplify does), else null. The server verifies it on every call as always.
 */
export function readStoredIdToken(now = Date.now()): { token: string; claims: IdClaims } | null {
  const lastUserKey = lastAuthUserKey();
  if (!lastUserKey) return null;
  try {
    const user = localStorage.getItem(lastUserKey);
    const base = `${lastUserKey.slice(0, -'LastAuthUser'.length)}${user}`;
    const token = localStorage.getItem(`${base}.idToken`);
    const payload = token ? payloadOf(token) : null;
    if (!token || !payload || typeof payload.exp !== 'number') return null;
    const drift = Number(localStorage.getItem(`${base}.clockDrift`)) || 0;
    if (payload.exp * 1000 <= now + drift + STORED_TOKEN_MARGIN_MS) return null;
    const claims = claimsOf(payload);
    return claims.sub ? { token, claims } : null;
  } catch {
    return null;
  }
}
