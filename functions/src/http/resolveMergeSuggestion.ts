import { routes } from '@rent/shared';
import { transactionToApi } from '../data/ledger/items.js';
import { http } from '../runtime/http.js';
import { resolveMergeSuggestion } from '../services/bankMatches.js';

export const handler = http(routes.resolveMergeSuggestion, async ({ caller, params, body }) => ({
  transaction: transactionToApi(await resolveMergeSuggestion(caller.orgId, params.id, body.accept)),
}));
