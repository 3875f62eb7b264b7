import * as rulesRoutes from '@rent/shared/api/routes/rules';
import { http } from '../runtime/http.js';
import { countRuleMatches } from '../services/rules/matches.js';

export const handler = http(rulesRoutes.countRuleMatches, async ({ caller }) => ({
  counts: await countRuleMatches(caller.orgId),
}));
