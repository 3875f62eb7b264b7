import { routes } from '@rent/shared';
import { getOrganization } from '../data/repositories/organizations.js';
import { http } from '../runtime/http.js';
import { currentAssignmentId } from '../services/leases.js';
import * as organizations from '../services/organizations.js';

/**
 * The caller's organization and role, with every organization they belong to (the profile menu's switcher)
 * and, for a tenant, their current lease.
 */
export const handler = http(routes.getOrganization, async ({ caller }) => {
  const [{ version, ...org }, mine, assignment] = await Promise.all([
    getOrganization(caller.orgId),
    organizations.mine(caller),
    currentAssignmentId(caller),
  ]);
  return { ...org, userOrgRole: caller.role, userOrganizations: mine.organizations, currentAssignmentId: assignment };
});
