import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { unsplitTransaction } from '../services/ledger/splits.js';
import { transactionToApi } from '../services/ledger/transactions.js';

export const handler = http(ledgerRoutes.unsplitTransaction, async ({ caller, params, body }) => ({
  transaction: transactionToApi(await unsplitTransaction(caller, params.id, body)),
}));
