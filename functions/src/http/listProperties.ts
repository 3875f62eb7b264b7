import * as propertiesRoutes from '@rent/shared/api/routes/properties';
import { http } from '../runtime/http.js';
import { visibleProperties } from '../services/tenancy/properties.js';

export const handler = http(propertiesRoutes.listProperties, ({ caller }) => visibleProperties(caller));
