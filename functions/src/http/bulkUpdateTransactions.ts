import { routes } from '@rent/shared';
import { audited } from '../data/ledger/audit.js';
import { http } from '../runtime/http.js';
import { bulkUpdateLinked } from '../services/leaseLinks.js';

export const handler = http(routes.bulkUpdateTransactions, ({ caller, body }) =>
  audited({ via: 'bulk' }, () => bulkUpdateLinked(caller.orgId, body.ids, body.set)),
);
