import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { getTransaction, transactionToApi } from '../services/ledger/transactions.js';

// The transaction's one consistent read carries identity's.
export const handler = http(
  ledgerRoutes.getTransaction,
  async ({ caller, params }) => ({
    transaction: transactionToApi(await getTransaction(caller, params.id)),
  }),
  { identityRidesAlong: true },
);
