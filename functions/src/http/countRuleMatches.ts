import { routes } from '@rent/shared';
import { countRuleMatches } from '../data/ledger/matchIndex.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.countRuleMatches, async ({ caller }) => ({
  counts: await countRuleMatches(caller.orgId),
}));
