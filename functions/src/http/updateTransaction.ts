import { routes } from '@rent/shared';
import { transactionToApi } from '../data/ledger/items.js';
import { http } from '../runtime/http.js';
import { updateTransactionLinked } from '../services/leaseLinks.js';

export const handler = http(routes.updateTransaction, async ({ caller, params, body }) => ({
  transaction: transactionToApi(await updateTransactionLinked(caller.orgId, params.id, body)),
}));
