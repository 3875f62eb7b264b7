import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { getVisibleProperty } from '../services/tenancy/properties.js';

export const handler = http(routes.getProperty, ({ caller, params }) => getVisibleProperty(caller, params.id));
