import { RULE_BATCH_PAGE_DEFAULT, routes } from '@rent/shared';
import { listRuleBatches } from '../data/repositories/ruleBatches.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.listRuleBatches, ({ caller, query }) =>
  listRuleBatches(caller.orgId, { limit: query.limit ?? RULE_BATCH_PAGE_DEFAULT, cursor: query.cursor }),
);
