import * as loanRoutes from '@rent/shared/api/routes/loans';
import { http } from '../runtime/http.js';
import { createLoan } from '../services/loans/loans.js';

export const handler = http(loanRoutes.createLoan, ({ caller, params, body }) => createLoan(caller, params.id, body));
