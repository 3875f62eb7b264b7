import { routes } from '@rent/shared';
import { transactionToApi } from '../data/transactionItems.js';
import { updateTransaction } from '../data/transactions/writes.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.updateTransaction, async ({ caller, params, body }) => ({
  transaction: transactionToApi(await updateTransaction(caller.orgId, params.id, body)),
}));
