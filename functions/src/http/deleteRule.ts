import { routes } from '@rent/shared';
import { deleteRule } from '../data/repositories/rules.js';
import { http } from '../lib/http.js';
import { assertOwnOrganization } from '../lib/identity.js';

export const handler = http(routes.deleteRule, async ({ caller, params, query }) => {
  assertOwnOrganization(caller, query.organizationId);
  await deleteRule(caller.orgId, params.id);
  return { id: params.id };
});
