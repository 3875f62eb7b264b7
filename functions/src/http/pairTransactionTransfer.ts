import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { transactionToApi } from '../services/ledger/transactions.js';
import { pairByHand } from '../services/ledger/transfers.js';

export const handler = http(ledgerRoutes.pairTransactionTransfer, async ({ caller, params, body }) => {
  const { transaction, other } = await pairByHand(caller, params.id, body.otherId);
  return { transaction: transactionToApi(transaction), other: transactionToApi(other) };
});
