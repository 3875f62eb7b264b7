import { routes } from '@rent/shared';
import { toWire, updateProperty } from '../data/repositories/properties.js';
import { http } from '../lib/http.js';

export const handler = http(routes.updateProperty, async ({ caller, params, body }) =>
  toWire(await updateProperty(caller.orgId, params.id, body)),
);
