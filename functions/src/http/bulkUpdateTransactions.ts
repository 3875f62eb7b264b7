import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { bulkUpdateTransactions } from '../services/ledger/transactions.js';

export const handler = http(ledgerRoutes.bulkUpdateTransactions, ({ caller, body }) =>
  bulkUpdateTransactions(caller, body.ids, body.set),
);
