import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { todayOf } from '../lib/today.js';
import { http } from '../runtime/http.js';
import { securityDepositsReport } from '../services/tenancy/securityDeposits.js';

export const handler = http(leasesRoutes.getSecurityDepositsReport, ({ caller, query }) =>
  securityDepositsReport(caller.orgId, query.month ?? todayOf(caller).slice(0, 7)),
);
