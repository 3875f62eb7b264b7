import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { transactionsByCategoryReport } from '../services/reports/transactionsByCategory.js';

export const handler = http(routes.getTransactionsByCategoryReport, ({ caller, query }) =>
  transactionsByCategoryReport(caller.orgId, query),
);
