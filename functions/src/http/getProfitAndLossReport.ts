import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { profitAndLossReport } from '../services/reports/statements.js';

export const handler = http(routes.getProfitAndLossReport, ({ caller, query }) =>
  profitAndLossReport(caller.orgId, query),
);
