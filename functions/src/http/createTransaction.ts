import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { createTransaction, transactionToApi } from '../services/ledger/transactions.js';

export const handler = http(ledgerRoutes.createTransaction, async ({ caller, body }) => ({
  transaction: transactionToApi(await createTransaction(caller, body)),
}));
