import { routes } from '@rent/shared';
import { createRule, ruleToApi } from '../data/repositories/rules.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.createRule, async ({ caller, body }) => ({
  rule: ruleToApi(await createRule(caller, body)),
}));
