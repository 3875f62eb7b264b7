import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { bulkUpdateTransactions } from '../services/ledger/transactions.js';

export const handler = http(routes.bulkUpdateTransactions, ({ caller, body }) =>
  bulkUpdateTransactions(caller, body.ids, body.set),
);
