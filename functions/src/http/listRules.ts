import { routes } from '@rent/shared';
import { listRules, toRuleWire } from '../data/repositories/rules.js';
import { http } from '../lib/http.js';
import { assertOwnOrganization } from '../lib/identity.js';

export const handler = http(routes.listRules, async ({ caller, query }) => {
  assertOwnOrganization(caller, query.organizationId);
  return { rules: (await listRules(caller.orgId)).map(toRuleWire) };
});
