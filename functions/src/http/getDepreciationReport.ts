import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { depreciationReport } from '../services/reports/depreciation.js';

export const handler = http(reportsRoutes.getDepreciationReport, ({ caller, query }) =>
  depreciationReport(caller.orgId, query),
);
