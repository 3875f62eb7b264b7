import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { scheduleEReport } from '../services/reports/statements.js';

export const handler = http(reportsRoutes.getScheduleEReport, ({ caller, query }) =>
  scheduleEReport(caller.orgId, query),
);
