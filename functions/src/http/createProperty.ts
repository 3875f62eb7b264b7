import { routes } from '@rent/shared';
import { createProperty, toWire } from '../data/repositories/properties.js';
import { http } from '../lib/http.js';

export const handler = http(routes.createProperty, async ({ caller, body }) =>
  toWire(await createProperty(caller.orgId, body)),
);
