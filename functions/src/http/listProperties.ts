import { isTenant, routes } from '@rent/shared';
import { listProperties, listTenantProperties, toWire } from '../data/repositories/properties.js';
import { http } from '../lib/http.js';

export const handler = http(routes.listProperties, async ({ caller }) => {
  const records = isTenant(caller.role)
    ? await listTenantProperties(caller.orgId, caller.userId)
    : await listProperties(caller.orgId);
  return records.map(toWire);
});
