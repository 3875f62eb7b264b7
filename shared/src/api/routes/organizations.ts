import { MyOrganization, SwitchOrganizationInput } from '../../domain/organization.js';
import { ANY_ROLE, OWNERS } from '../../domain/roles.js';
import { MembershipEventPage, SecurityLogQuery } from '../../domain/security.js';
import { defineRoute } from '../route.js';

/**
 * Several organizations and their membership activity (docs/people.md "Several organizations").
 * The caller's organizations come with GET /api/organization (`userOrganizations`): no route of their own.
 */
export const organizationRoutes = {
  // Remembers the choice server-side (requests without the header act there); checks the membership itself.
  switchOrganization: defineRoute({
    id: 'switchOrganization',
    method: 'PUT',
    path: '/api/organizations/current',
    body: SwitchOrganizationInput,
    response: MyOrganization,
    roles: ANY_ROLE,
    membership: 'optional',
  }),
  // Org Settings "Membership activity": ADMIN and LANDLORD, as the members policy (they manage members).
  listMembershipEvents: defineRoute({
    id: 'listMembershipEvents',
    method: 'GET',
    path: '/api/members/activity',
    query: SecurityLogQuery,
    response: MembershipEventPage,
    roles: OWNERS,
  }),
} as const;
