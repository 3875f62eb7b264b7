import { routes } from '@rent/shared';
import { countRuleMatches } from '../data/repositories/matchIndex.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.countRuleMatches, async ({ caller }) => ({
  counts: await countRuleMatches(caller.orgId),
}));
