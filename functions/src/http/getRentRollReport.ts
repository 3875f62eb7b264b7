import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { rentRollReport } from '../services/reports/rentRoll.js';

export const handler = http(reportsRoutes.getRentRollReport, ({ caller, query }) =>
  rentRollReport(caller.orgId, query),
);
