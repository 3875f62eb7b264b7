import * as loanRoutes from '@rent/shared/api/routes/loans';
import { http } from '../runtime/http.js';
import { transactionToApi } from '../services/ledger/transactions.js';
import { applyLoanPayment } from '../services/loans/loans.js';

export const handler = http(loanRoutes.applyLoanPayment, async ({ caller, params, body }) => ({
  transaction: transactionToApi(await applyLoanPayment(caller, params.id, body)),
}));
