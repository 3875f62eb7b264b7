import { routes } from '@rent/shared';
import { audited } from '../data/repositories/audit.js';
import { bulkUpdateTransactions } from '../data/transactions/bulk.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.bulkUpdateTransactions, ({ caller, body }) =>
  audited({ via: 'bulk' }, () => bulkUpdateTransactions(caller.orgId, body.ids, body.set)),
);
