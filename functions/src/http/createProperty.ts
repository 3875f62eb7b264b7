import * as propertiesRoutes from '@rent/shared/api/routes/properties';
import { http } from '../runtime/http.js';
import * as properties from '../services/tenancy/properties.js';

export const handler = http(propertiesRoutes.createProperty, ({ caller, body }) => properties.create(caller, body));
