import * as loanRoutes from '@rent/shared/api/routes/loans';
import { http } from '../runtime/http.js';
import { updateLoan } from '../services/loans/loans.js';

export const handler = http(loanRoutes.updateLoan, ({ caller, params, body }) => updateLoan(caller, params.id, body));
