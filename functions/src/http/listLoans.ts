import * as loanRoutes from '@rent/shared/api/routes/loans';
import { http } from '../runtime/http.js';
import { listLoans } from '../services/loans/loans.js';

export const handler = http(loanRoutes.listLoans, ({ caller, params }) => listLoans(caller, params.id));
