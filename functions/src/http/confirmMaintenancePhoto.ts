import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { confirmPhoto } from '../services/maintenance/photos.js';

export const handler = http(routes.confirmMaintenancePhoto, ({ caller, params }) =>
  confirmPhoto(caller, params.id, params.photoId),
);
