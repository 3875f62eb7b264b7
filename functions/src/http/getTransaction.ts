import { routes } from '@rent/shared';
import { transactionToApi } from '../data/ledger/items.js';
import { getTransaction } from '../data/ledger/read.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.getTransaction, async ({ caller, params }) => ({
  transaction: transactionToApi(await getTransaction(caller.orgId, params.id)),
}));
