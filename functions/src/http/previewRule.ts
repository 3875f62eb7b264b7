import { PREVIEW_PAGE_DEFAULT, ruleCriteriaOf } from '@rent/shared';
import * as rulesRoutes from '@rent/shared/api/routes/rules';
import { http } from '../runtime/http.js';
import { transactionToApi } from '../services/ledger/transactions.js';
import { previewRule } from '../services/rules/matches.js';

export const handler = http(rulesRoutes.previewRule, async ({ caller, body }) => {
  const page = await previewRule(caller, ruleCriteriaOf(body.rule), {
    limit: body.limit ?? PREVIEW_PAGE_DEFAULT,
    cursor: body.cursor,
  });
  return {
    count: page.count,
    closedCount: page.closedCount,
    transactions: page.records.map(transactionToApi),
    nextCursor: page.nextCursor,
  };
});
