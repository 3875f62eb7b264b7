import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { transactionToApi } from '../services/ledger/transactions.js';
import { unpairByHand } from '../services/ledger/transfers.js';

export const handler = http(ledgerRoutes.unpairTransactionTransfer, async ({ caller, params }) => {
  const { transaction, other } = await unpairByHand(caller, params.id);
  return { transaction: transactionToApi(transaction), other: other ? transactionToApi(other) : null };
});
