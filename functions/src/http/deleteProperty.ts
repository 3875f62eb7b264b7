import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import * as properties from '../services/tenancy/properties.js';

export const handler = http(routes.deleteProperty, ({ caller, params }) => properties.remove(caller, params.id));
