import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { requestPhotoUpload } from '../services/maintenance/photos.js';

export const handler = http(routes.createMaintenancePhotoUpload, ({ caller, params, body }) =>
  requestPhotoUpload(caller, params.id, body),
);
