import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { visibleProperties } from '../services/tenancy/properties.js';

export const handler = http(routes.listProperties, ({ caller }) => visibleProperties(caller));
