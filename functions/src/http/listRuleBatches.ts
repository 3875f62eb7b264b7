import { RULE_BATCH_PAGE_DEFAULT, routes } from '@rent/shared';
import { listRuleBatches } from '../data/repositories/ruleBatches.js';
import { http } from '../lib/http.js';
import { assertOwnOrganization } from '../lib/identity.js';

export const handler = http(routes.listRuleBatches, async ({ caller, query }) => {
  assertOwnOrganization(caller, query.organizationId);
  return listRuleBatches(caller.orgId, { limit: query.limit ?? RULE_BATCH_PAGE_DEFAULT, cursor: query.cursor });
});
