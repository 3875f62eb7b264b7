import { type MyOrganization, ORGANIZATIONS_PER_PERSON_MAX } from '@rent/shared';
import { getMembership, organizationsOf, rememberOrganization } from '../../data/people/memberships.js';
import { getOrganization, renameOrganization } from '../../data/people/organizations.js';
import { createOrganizationFor } from '../../data/people/users.js';
import { Conflict, NotAllowed } from '../../domain-errors.js';
import { type Caller, NOT_A_MEMBER_MESSAGE, type Person } from '../../runtime/identity.js';
import { currentAssignmentId } from '../tenancy/leases.js';

/** Several organizations (docs/people.md "Several organizations"): the caller's list and their choice. */

/** Every organization the caller belongs to, by name; `current` is the one this request acted in. */
export async function mine(caller: Caller): Promise<{ organizations: MyOrganization[] }> {
  const list = await organizationsOf(caller.userId);
  const organizations = list
    .map((o) => ({ id: o.orgId, name: o.name, role: o.role, current: o.orgId === caller.orgId }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  // The index may lag a membership written a moment ago (e.g. the one this request provisioned).
  if (!organizations.some((o) => o.current)) {
    const current = await getOrganization(caller.orgId);
    organizations.unshift({ id: current.id, name: current.name, role: caller.role, current: true });
  }
  return { organizations };
}

/**
 * Remembers the person's choice server-side (requests without the header act there from then on), after
 * checking the membership: a person who is not a member gets 403 NOT_A_MEMBER, as the header would.
 */
export async function switchTo(person: Person, organizationId: string): Promise<MyOrganization> {
  const membership = await getMembership(organizationId, person.userId);
  if (!membership) throw new NotAllowed(NOT_A_MEMBER_MESSAGE, 'NOT_A_MEMBER');
  const organization = await getOrganization(organizationId);
  await rememberOrganization(person.userId, organizationId);
  return { id: organization.id, name: organization.name, role: membership.role, current: true };
}

/**
 * A new organization, asked for by name, with the person as its ADMIN (the only way to an organization after the
 * first sign-in's): it becomes their remembered choice, so requests without a header act there. Refused (409) once
 * they belong to ORGANIZATIONS_PER_PERSON_MAX.
 */
export async function create(person: Person, name: string): Promise<MyOrganization> {
  if ((await organizationsOf(person.userId)).length >= ORGANIZATIONS_PER_PERSON_MAX) {
    throw new Conflict(
      'TOO_MANY_ORGANIZATIONS',
      `You belong to ${ORGANIZATIONS_PER_PERSON_MAX} organizations, the most one person may. Leave one to create another.`,
    );
  }
  const membership = await createOrganizationFor(
    { userId: person.userId, email: person.email, name: person.name, image: person.image },
    name,
  );
  await rememberOrganization(person.userId, membership.orgId);
  return { id: membership.orgId, name, role: membership.role, current: true };
}

/**
 * The caller's organization and role, with every organization they belong to (the profile menu's switcher)
 * and, for a tenant, their current lease.
 */
export async function current(caller: Caller) {
  const [{ version, ...org }, list, assignment] = await Promise.all([
    getOrganization(caller.orgId),
    mine(caller),
    currentAssignmentId(caller),
  ]);
  return { ...org, userOrgRole: caller.role, userOrganizations: list.organizations, currentAssignmentId: assignment };
}

/** Renames the caller's organization. */
export async function rename(caller: Caller, name: string) {
  const { version, ...org } = await renameOrganization(caller.orgId, name);
  return { ...org, userOrgRole: caller.role };
}
