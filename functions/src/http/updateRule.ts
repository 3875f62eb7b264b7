import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as rules from '../services/rules/rules.js';

export const handler = http(routes.updateRule, async ({ caller, params, body }) => ({
  rule: await rules.update(caller, params.id, body),
}));
