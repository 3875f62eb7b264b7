import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { transactionsByCategoryReport } from '../services/reports/transactionsByCategory.js';

export const handler = http(reportsRoutes.getTransactionsByCategoryReport, ({ caller, query }) =>
  transactionsByCategoryReport(caller.orgId, query),
);
