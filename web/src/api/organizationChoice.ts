/**
 * The organization this browser acts in, per signed-in person (docs/decisions.md "Several organizations"):
 * remembered in localStorage and sent by the client as `X-Organization-Id` with each API request. The server
 * checks it against the person's memberships; without it the server picks the person's default.
 */
export const ORGANIZATION_HEADER = 'x-organization-id';
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
