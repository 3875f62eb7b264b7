import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { requestPhotos } from '../services/maintenance/photos.js';

export const handler = http(routes.listMaintenancePhotos, ({ caller, params }) => requestPhotos(caller, params.id));
