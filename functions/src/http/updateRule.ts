import * as rulesRoutes from '@rent/shared/api/routes/rules';
import { http } from '../runtime/http.js';
import * as rules from '../services/rules/rules.js';

export const handler = http(rulesRoutes.updateRule, async ({ caller, params, body }) => ({
  rule: await rules.update(caller, params.id, body),
}));
