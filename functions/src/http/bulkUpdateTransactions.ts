import { routes } from '@rent/shared';
import { bulkUpdateTransactions } from '../data/repositories/transactions.js';
import { http } from '../lib/http.js';

export const handler = http(routes.bulkUpdateTransactions, ({ caller, body }) =>
  bulkUpdateTransactions(caller.orgId, body.ids, body.set),
);
