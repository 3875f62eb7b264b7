import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { startTaxPackage } from '../services/reports/taxPackage.js';

export const handler = http(routes.startTaxPackage, ({ caller, body }) => startTaxPackage(caller.orgId, body.year));
