import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { depreciationChoices } from '../services/reports/depreciationChoices.js';

export const handler = http(reportsRoutes.getDepreciationChoices, ({ caller, params }) =>
  depreciationChoices(caller, params.propertyId),
);
