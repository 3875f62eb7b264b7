import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { dashboardSummary } from '../services/reports/dashboard.js';

export const handler = http(routes.getDashboardSummary, ({ caller, query }) => dashboardSummary(caller, query));
