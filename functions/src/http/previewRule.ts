import { PREVIEW_PAGE_DEFAULT, routes, ruleCriteriaOf } from '@rent/shared';
import { transactionToApi } from '../data/ledger/items.js';
import { previewRule } from '../data/ledger/matchIndex.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.previewRule, async ({ caller, body }) => {
  const page = await previewRule(caller.orgId, ruleCriteriaOf(body.rule), {
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
