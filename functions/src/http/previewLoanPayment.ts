import * as loanRoutes from '@rent/shared/api/routes/loans';
import { http } from '../runtime/http.js';
import { previewLoanPayment } from '../services/loans/loans.js';

export const handler = http(loanRoutes.previewLoanPayment, ({ caller, params, query }) =>
  previewLoanPayment(caller, params.id, query.transactionId),
);
