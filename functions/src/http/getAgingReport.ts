import * as leasesRoutes from '@rent/shared/api/routes/leases';
import { http } from '../runtime/http.js';
import { agingReport } from '../services/tenancy/tenantLedger.js';

export const handler = http(leasesRoutes.getAgingReport, ({ caller }) => agingReport(caller));
