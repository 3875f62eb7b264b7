import { routes } from '@rent/shared';
import { bulkUpdateTransactions } from '../data/transactions/bulk.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.bulkUpdateTransactions, ({ caller, body }) =>
  bulkUpdateTransactions(caller.orgId, body.ids, body.set),
);
