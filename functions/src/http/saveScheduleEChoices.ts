import * as reportsRoutes from '@rent/shared/api/routes/reports';
import { http } from '../runtime/http.js';
import { updateScheduleEChoices } from '../services/reports/scheduleEChoices.js';

export const handler = http(reportsRoutes.saveScheduleEChoices, ({ caller, params, body }) =>
  updateScheduleEChoices(caller, params.year, params.propertyId, body),
);
