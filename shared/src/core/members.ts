/**
 * Who may change whom in an organization (docs/people.md "Who may change whom"). Zod-free: the
 * members service enforces it and the Org Settings page uses it to show only the actions that will work.
 * The last-admin rules need the organization's counts, so they live with the data (the server's answer).
 */
import { OWNERS, ROLES, type Role } from './roles.js';

/** ADMIN and LANDLORD manage members. */
export const canManageMembers = (role: Role | null | undefined): boolean => !!role && OWNERS.includes(role);

/** The roles an actor may give: an ADMIN any, a LANDLORD any but ADMIN, anyone else none. */
export function assignableRoles(actorRole: Role | null | undefined): Role[] {
  if (actorRole === 'ADMIN') return [...ROLES];
  if (actorRole === 'LANDLORD') return ROLES.filter((role) => role !== 'ADMIN');
  return [];
}

/**
 * May the actor change the target's role or remove them? Never themselves (that is leaving, and a member
 * cannot change their own role). The organization's owners (an ADMIN or a LANDLORD) are changed or removed only by
 * an ADMIN: a LANDLORD manages managers and tenants, so no landlord can push a co-owner out of the books.
 */
export function mayManageMember(
  actor: { userId: string; role: Role | null | undefined },
  target: { userId: string; role: Role },
): boolean {
  if (!canManageMembers(actor.role) || actor.userId === target.userId) return false;
  return actor.role === 'ADMIN' || !OWNERS.includes(target.role);
}

/**
 * May the actor move a member from their role to `role`? An ADMIN may make any move; a LANDLORD may move a manager
 * or a tenant to any role but ADMIN (giving or taking ADMIN, and changing a LANDLORD, are for an ADMIN).
 */
export function mayAssignRole(actorRole: Role | null | undefined, from: Role, to: Role): boolean {
  if (!canManageMembers(actorRole)) return false;
  return actorRole === 'ADMIN' || (!OWNERS.includes(from) && to !== 'ADMIN');
}
