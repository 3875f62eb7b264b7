import { routes } from '@rent/shared';
import { propertyToApi, updateProperty } from '../data/repositories/properties.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.updateProperty, async ({ caller, params, body }) =>
  propertyToApi(await updateProperty(caller.orgId, params.id, body)),
);
