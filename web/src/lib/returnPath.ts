export const DEFAULT_RETURN_PATH = '/dashboard';

/**
 * Only same-origin relative paths are accepted as a place to return to after sign-in
 * ("/properties?x=1"); anything else ("//evil.com", "https://...", "javascript:", "\\evil")
 * falls back to /dashboard. The sign-in page itself is never a destination.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || typeof value !== 'string') return DEFAULT_RETURN_PATH;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_RETURN_PATH;
  // Control characters and backslashes have no place in our paths and are used in bypass tricks.
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === '\\') return DEFAULT_RETURN_PATH;
  }
  try {
    const base = 'https://rent.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return DEFAULT_RETURN_PATH;
    if (url.pathname === '/signin' || url.pathname.startsWith('/signin/')) return DEFAULT_RETURN_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_RETURN_PATH;
  }
}

/** The /signin address for a protected page opened without a session (docs/product.md "Sessions and sign-in"). */
export function signInPathFor(currentPath: string): string {
  const params = new URLSearchParams({ callbackUrl: currentPath, error: 'SessionRequired' });
  return `/signin?${params.toString()}`;
}
