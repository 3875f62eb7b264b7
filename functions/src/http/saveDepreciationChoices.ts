import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { updateDepreciationChoices } from '../services/reports/depreciationChoices.js';

export const handler = http(reportsRoutes.saveDepreciationChoices, ({ caller, params, body }) =>
  updateDepreciationChoices(caller, params.propertyId, body),
);
