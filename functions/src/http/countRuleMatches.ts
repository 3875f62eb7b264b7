import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { countRuleMatches } from '../services/rules/matches.js';

export const handler = http(routes.countRuleMatches, async ({ caller }) => ({
  counts: await countRuleMatches(caller.orgId),
}));
