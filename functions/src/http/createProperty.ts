import { routes } from '@rent/shared';
import { createProperty, propertyToApi } from '../data/repositories/properties.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.createProperty, async ({ caller, body }) =>
  propertyToApi(await createProperty(caller.orgId, body)),
);
