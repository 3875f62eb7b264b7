import { routes } from '@rent/shared';
import { deleteProperty } from '../data/repositories/properties.js';
import { http } from '../runtime/http.js';

export const handler = http(routes.deleteProperty, async ({ caller, params }) => {
  await deleteProperty(caller.orgId, params.id);
  return { id: params.id };
});
