import { routes } from '@rent/shared';
import { countRuleMatches } from '../data/repositories/matchIndex.js';
import { http } from '../lib/http.js';
import { assertOwnOrganization } from '../lib/identity.js';

export const handler = http(routes.countRuleMatches, async ({ caller, query }) => {
  assertOwnOrganization(caller, query.organizationId);
  return { counts: await countRuleMatches(caller.orgId) };
});
