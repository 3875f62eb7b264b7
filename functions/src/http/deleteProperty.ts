import * as propertiesRoutes from '@rent/shared/api/routes/properties';
import { http } from '../runtime/http.js';
import * as properties from '../services/tenancy/properties.js';

export const handler = http(propertiesRoutes.deleteProperty, ({ caller, params }) =>
  properties.remove(caller, params.id),
);
