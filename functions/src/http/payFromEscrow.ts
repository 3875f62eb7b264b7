import * as loanRoutes from '@rent/shared/api/routes/loans';
import { http } from '../runtime/http.js';
import { transactionToApi } from '../services/ledger/transactions.js';
import { payFromEscrow } from '../services/loans/loans.js';

export const handler = http(loanRoutes.payFromEscrow, async ({ caller, params, body }) => ({
  transaction: transactionToApi(await payFromEscrow(caller, params.id, body)),
}));
