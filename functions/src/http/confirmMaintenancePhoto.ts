import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { confirmPhoto } from '../services/maintenance/photos.js';

export const handler = http(maintenanceRoutes.confirmMaintenancePhoto, ({ caller, params }) =>
  confirmPhoto(caller, params.id, params.photoId),
);
