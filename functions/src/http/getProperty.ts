import { isTenant, routes } from '@rent/shared';
import { getProperty, toWire } from '../data/repositories/properties.js';
import { tenantPropertyIds } from '../data/repositories/tenancies.js';
import { notFound } from '../lib/errors.js';
import { http } from '../lib/http.js';

export const handler = http(routes.getProperty, async ({ caller, params }) => {
  if (isTenant(caller.role) && !(await tenantPropertyIds(caller.orgId, caller.userId)).includes(params.id)) {
    throw notFound('Property');
  }
  return toWire(await getProperty(caller.orgId, params.id));
});
