import { routes } from '@rent/shared';
import { deleteRule } from '../data/repositories/rules.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.deleteRule, async ({ caller, params }) => {
  await deleteRule(caller.orgId, params.id);
  return { id: params.id };
});
