import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { transferInfo } from '../services/ledger/transfers.js';

// The transaction's read, beside the accounts' names, carries identity's.
export const handler = http(
  ledgerRoutes.getTransactionTransfer,
  ({ caller, params }) => transferInfo(caller, params.id),
  { identityRidesAlong: true },
);
