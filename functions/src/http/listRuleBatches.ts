import { RULE_BATCH_PAGE_DEFAULT } from '@rent/shared';
import * as rulesRoutes from '@rent/shared/api/routes/rules';
import { http } from '../runtime/http.js';
import * as rules from '../services/rules/rules.js';

export const handler = http(rulesRoutes.listRuleBatches, ({ caller, query }) =>
  rules.batches(caller, { limit: query.limit ?? RULE_BATCH_PAGE_DEFAULT, cursor: query.cursor }),
);
