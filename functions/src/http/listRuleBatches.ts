import { RULE_BATCH_PAGE_DEFAULT, routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as rules from '../services/rules/rules.js';

export const handler = http(routes.listRuleBatches, ({ caller, query }) =>
  rules.batches(caller, { limit: query.limit ?? RULE_BATCH_PAGE_DEFAULT, cursor: query.cursor }),
);
