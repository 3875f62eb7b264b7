import { routes } from '@rent/shared';
import { ruleToApi, updateRule } from '../data/repositories/rules.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.updateRule, async ({ caller, params, body }) => ({
  rule: ruleToApi(await updateRule(caller.orgId, params.id, body)),
}));
