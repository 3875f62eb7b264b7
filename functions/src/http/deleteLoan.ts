import * as loanRoutes from '@rent/shared/api/routes/loans';
import { http } from '../runtime/http.js';
import { removeLoan } from '../services/loans/loans.js';

export const handler = http(loanRoutes.deleteLoan, ({ caller, params }) => removeLoan(caller, params.id));
