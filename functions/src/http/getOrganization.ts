import { routes } from '@rent/shared';
import { getOrganization } from '../data/repositories/organizations.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.getOrganization, async ({ caller }) => {
  const { version, ...org } = await getOrganization(caller.orgId);
  return { ...org, userOrgRole: caller.role };
});
