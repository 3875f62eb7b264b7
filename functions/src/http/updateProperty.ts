import * as propertiesRoutes from '@rent/shared/api/routes/properties';
import { http } from '../runtime/http.js';
import * as properties from '../services/tenancy/properties.js';

export const handler = http(propertiesRoutes.updateProperty, ({ caller, params, body }) =>
  properties.update(caller, params.id, body),
);
