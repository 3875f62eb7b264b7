import * as loanRoutes from '@rent/shared/api/routes/loans';
import { http } from '../runtime/http.js';
import { loanDetail } from '../services/loans/loans.js';

export const handler = http(loanRoutes.getLoan, ({ caller, params, query }) =>
  loanDetail(caller, params.id, query.year),
);
