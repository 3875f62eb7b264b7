import * as ledgerRoutes from '@rent/shared/api/routes/ledger';
import { http } from '../runtime/http.js';
import { listTransactions, transactionToApi } from '../services/ledger/transactions.js';

export const handler = http(ledgerRoutes.listTransactions, async ({ caller, query }) => {
  const page = await listTransactions(caller, query);
  return { transactions: page.records.map(transactionToApi), nextCursor: page.nextCursor };
});
