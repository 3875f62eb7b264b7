import * as bankingRoutes from '@rent/shared/api/routes/banking';
import { http } from '../runtime/http.js';
import { resolveMergeSuggestion } from '../services/banking/matches.js';
import { transactionToApi } from '../services/ledger/transactions.js';

export const handler = http(bankingRoutes.resolveMergeSuggestion, async ({ caller, params, body }) => ({
  transaction: transactionToApi(await resolveMergeSuggestion(caller, params.id, body.accept)),
}));
