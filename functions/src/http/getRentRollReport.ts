import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { rentRollReport } from '../services/reports/rentRoll.js';

export const handler = http(routes.getRentRollReport, ({ caller, query }) => rentRollReport(caller.orgId, query));
