import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { applyRule } from '../services/rules/apply.js';

export const handler = http(routes.applyRuleSingle, ({ caller, body }) => applyRule(caller, body));
