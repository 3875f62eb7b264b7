import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { profitAndLossReport } from '../services/reports/statements.js';

export const handler = http(reportsRoutes.getProfitAndLossReport, ({ caller, query }) =>
  profitAndLossReport(caller.orgId, query),
);
