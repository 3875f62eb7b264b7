import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { transactionActivity } from '../services/ledger/activity.js';

// The transaction's read, beside its activity's Query, carries identity's.
export const handler = http(
  ledgerRoutes.getTransactionActivity,
  ({ caller, params }) => transactionActivity(caller, params.id),
  { identityRidesAlong: true },
);
