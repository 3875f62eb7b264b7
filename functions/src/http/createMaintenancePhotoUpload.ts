import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { requestPhotoUpload } from '../services/maintenance/photos.js';

export const handler = http(maintenanceRoutes.createMaintenancePhotoUpload, ({ caller, params, body }) =>
  requestPhotoUpload(caller, params.id, body),
);
