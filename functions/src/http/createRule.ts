import { routes } from '@rent/shared';
import { createRule, toRuleWire } from '../data/repositories/rules.js';
import { http } from '../lib/http.js';
import { assertOwnOrganization } from '../lib/identity.js';

export const handler = http(routes.createRule, async ({ caller, query, body }) => {
  assertOwnOrganization(caller, query.organizationId);
  return { rule: toRuleWire(await createRule(caller, body)) };
});
