import * as propertiesRoutes from '@rent/shared/api/routes/properties';
import { http } from '../runtime/http.js';
import { getVisibleProperty } from '../services/tenancy/properties.js';

export const handler = http(propertiesRoutes.getProperty, ({ caller, params }) =>
  getVisibleProperty(caller, params.id),
);
