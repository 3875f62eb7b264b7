import * as rulesRoutes from '@rent/shared/api/routes/rules';
import { http } from '../runtime/http.js';
import { applyRule } from '../services/rules/apply.js';

export const handler = http(rulesRoutes.applyRuleSingle, ({ caller, body }) => applyRule(caller, body));
