/**
 * The organization this browser acts in, per signed-in person (docs/people.md "Several organizations"):
 * remembered in localStorage and sent by the client as `X-Organization-Id` with each API request. The server
 * checks it against the person's memberships; without it the server picks the person's default.
 */
const KEY_PREFIX = 'rent.organization.';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked: the server's remembered choice applies
  }
}

export function chosenOrganization(userId: string | null | undefined): string | null {
  if (!userId) return null;
  return storage()?.getItem(KEY_PREFIX + userId) ?? null;
}

export function chooseOrganization(userId: string, organizationId: string): void {
  storage()?.setItem(KEY_PREFIX + userId, organizationId);
}

export function forgetOrganization(userId: string | null | undefined): void {
  if (userId) storage()?.removeItem(KEY_PREFIX + userId);
}

const LAST_PREFIX = 'rent.organization.last.';

/**
 * The chosen organization as this browser last fetched it (name and the person's role), so a returning visitor's
 * first render already knows the role: the page does not draw once without it and again when it arrives. A hint
 * for the first render only; the fetch that follows replaces it, and the server enforces roles either way.
 */
export function lastOrganization<T extends { id: string }>(userId: string | null | undefined): T | undefined {
  const chosen = chosenOrganization(userId);
  if (!userId || !chosen) return undefined;
  try {
    const last = JSON.parse(storage()?.getItem(LAST_PREFIX + userId) ?? 'null') as T | null;
    return last?.id === chosen ? last : undefined; // another organization was chosen since (a switch, a removal)
  } catch {
    return undefined;
  }
}

export function rememberOrganization(userId: string, organization: { id: string }): void {
  storage()?.setItem(LAST_PREFIX + userId, JSON.stringify(organization));
}

/** At sign-out: the next person on this browser finds no organization names or roles of the last one. */
export function forgetLastOrganization(userId: string | null | undefined): void {
  if (userId) storage()?.removeItem(LAST_PREFIX + userId);
}
