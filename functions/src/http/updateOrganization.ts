import { routes } from '@rent/shared';
import { renameOrganization } from '../data/repositories/organizations.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.updateOrganization, async ({ caller, body }) => {
  const { version, ...org } = await renameOrganization(caller.orgId, body.name);
  return { ...org, userOrgRole: caller.role };
});
