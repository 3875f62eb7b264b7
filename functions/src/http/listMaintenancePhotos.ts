import * as maintenanceRoutes from '@rent/shared/api/routes/maintenance';
import { http } from '../runtime/http.js';
import { requestPhotos } from '../services/maintenance/photos.js';

// The request's read, beside its photos' Query, carries identity's.
export const handler = http(
  maintenanceRoutes.listMaintenancePhotos,
  ({ caller, params }) => requestPhotos(caller, params.id),
  { identityRidesAlong: true },
);
