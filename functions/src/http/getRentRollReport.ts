import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { todayOf } from '../lib/today.js';
import { http } from '../runtime/http.js';
import { rentRollReport } from '../services/reports/rentRoll.js';

export const handler = http(reportsRoutes.getRentRollReport, ({ caller, query }) =>
  rentRollReport(caller.orgId, query, todayOf(caller)),
);
