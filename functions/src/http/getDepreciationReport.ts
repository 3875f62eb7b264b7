import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { depreciationReport } from '../services/reports/depreciation.js';

export const handler = http(routes.getDepreciationReport, ({ caller, query }) =>
  depreciationReport(caller.orgId, query),
);
