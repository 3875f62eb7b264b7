import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { dashboardSummary } from '../services/reports/dashboard.js';

export const handler = http(reportsRoutes.getDashboardSummary, ({ caller, query }) => dashboardSummary(caller, query));
