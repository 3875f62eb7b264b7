import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { scheduleEChoices } from '../services/reports/scheduleEChoices.js';

// The property's read, beside the leases' Query and the choices', carries identity's.
export const handler = http(
  reportsRoutes.getScheduleEChoices,
  ({ caller, params }) => scheduleEChoices(caller, params.year, params.propertyId),
  { identityRidesAlong: true },
);
