import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { taxPackageStatus } from '../services/reports/taxPackage.js';

export const handler = http(routes.getTaxPackage, ({ caller, params }) => taxPackageStatus(caller.orgId, params.id));
