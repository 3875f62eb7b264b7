import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { transactionActivity } from '../services/ledger/activity.js';

export const handler = http(ledgerRoutes.getTransactionActivity, ({ caller, params }) =>
  transactionActivity(caller, params.id),
);
