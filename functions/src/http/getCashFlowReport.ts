import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { cashFlowReport } from '../services/reports/statements.js';

export const handler = http(reportsRoutes.getCashFlowReport, ({ caller, query }) =>
  cashFlowReport(caller.orgId, query),
);
