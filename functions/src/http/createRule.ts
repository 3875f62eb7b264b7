import * as rulesRoutes from '@rent/shared/api/routes/rules';
import { http } from '../runtime/http.js';
import * as rules from '../services/rules/rules.js';

export const handler = http(rulesRoutes.createRule, async ({ caller, body }) => ({
  rule: await rules.create(caller, body),
}));
