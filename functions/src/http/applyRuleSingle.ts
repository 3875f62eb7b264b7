import { routes } from '@rent/shared';
import { applyRule } from '../data/repositories/ruleBatches.js';
import { http } from '../lib/http.js';
import { assertOwnOrganization } from '../lib/identity.js';

export const handler = http(routes.applyRuleSingle, async ({ caller, query, body }) => {
  assertOwnOrganization(caller, query.organizationId);
  return applyRule(caller, body);
});
