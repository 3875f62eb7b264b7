import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { splitTransaction } from '../services/ledger/splits.js';
import { transactionToApi } from '../services/ledger/transactions.js';

export const handler = http(ledgerRoutes.splitTransaction, async ({ caller, params, body }) => ({
  transaction: transactionToApi(await splitTransaction(caller, params.id, body)),
}));
