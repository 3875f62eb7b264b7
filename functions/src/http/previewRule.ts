import { PREVIEW_PAGE_DEFAULT, routes, ruleCriteriaOf } from '@rent/shared';
import { previewRule } from '../data/repositories/matchIndex.js';
import { toTransactionWire } from '../data/transactionItems.js';
import { http } from '../lib/http.js';
import { assertOwnOrganization } from '../lib/identity.js';

export const handler = http(routes.previewRule, async ({ caller, query, body }) => {
  assertOwnOrganization(caller, query.organizationId);
  const page = await previewRule(caller.orgId, ruleCriteriaOf(body.rule), {
    limit: body.limit ?? PREVIEW_PAGE_DEFAULT,
    cursor: body.cursor,
  });
  return { count: page.count, transactions: page.records.map(toTransactionWire), nextCursor: page.nextCursor };
});
