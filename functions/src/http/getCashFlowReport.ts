import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { cashFlowReport } from '../services/reports/statements.js';

export const handler = http(routes.getCashFlowReport, ({ caller, query }) => cashFlowReport(caller.orgId, query));
