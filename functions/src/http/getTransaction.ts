import { routes } from '@rent/shared';
import { transactionToApi } from '../data/transactionItems.js';
import { getTransaction } from '../data/transactions/read.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.getTransaction, async ({ caller, params }) => ({
  transaction: transactionToApi(await getTransaction(caller.orgId, params.id)),
}));
