import { routes } from '@rent/shared';
import { listRules, ruleToApi } from '../data/repositories/rules.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.listRules, async ({ caller }) => ({
  rules: (await listRules(caller.orgId)).map(ruleToApi),
}));
