import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { scheduleEReport } from '../services/reports/statements.js';

export const handler = http(routes.getScheduleEReport, ({ caller, query }) => scheduleEReport(caller.orgId, query));
