import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { requestPhotos } from '../services/maintenance/photos.js';

export const handler = http(maintenanceRoutes.listMaintenancePhotos, ({ caller, params }) =>
  requestPhotos(caller, params.id),
);
