import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { transactionToApi, updateTransaction } from '../services/ledger/transactions.js';

export const handler = http(ledgerRoutes.updateTransaction, async ({ caller, params, body }) => ({
  transaction: transactionToApi(await updateTransaction(caller, params.id, body)),
}));
