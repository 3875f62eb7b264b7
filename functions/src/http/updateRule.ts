import { routes } from '@rent/shared';
import { toRuleWire, updateRule } from '../data/repositories/rules.js';
import { http } from '../lib/http.js';
import { assertOwnOrganization } from '../lib/identity.js';

export const handler = http(routes.updateRule, async ({ caller, params, query, body }) => {
  assertOwnOrganization(caller, query.organizationId);
  return { rule: toRuleWire(await updateRule(caller.orgId, params.id, body)) };
});
