import * as loanRoutes from '@rent/shared/api/routes/loans';
import { http } from '../runtime/http.js';
import { listLoans } from '../services/loans/loans.js';

// The property's read, beside the loans' Query, carries identity's.
export const handler = http(loanRoutes.listLoans, ({ caller, params }) => listLoans(caller, params.id), {
  identityRidesAlong: true,
});
