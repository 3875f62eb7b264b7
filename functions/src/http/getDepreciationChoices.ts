import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { depreciationChoices } from '../services/reports/depreciationChoices.js';

// The property's read, beside the choices', carries identity's.
export const handler = http(
  reportsRoutes.getDepreciationChoices,
  ({ caller, params }) => depreciationChoices(caller, params.propertyId),
  { identityRidesAlong: true },
);
