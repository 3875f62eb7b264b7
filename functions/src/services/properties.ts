import { isTenant, type PropertyView } from '@rent/shared';
import {
  getPropertiesByIds,
  getProperty,
  listProperties,
  propertyToApi,
  propertyToTenantApi,
} from '../data/repositories/properties.js';
import { tenantPropertyIds } from '../data/repositories/tenancies.js';
import { NotFound } from '../domain-errors.js';

/**
 * Who sees which property, and how much of it: decided here only. Staff see every property of their
 * organization in full; a tenant sees only the properties they rent (or rented), and of those only
 * the tenant view (id, address, type) — never the owner's financials.
 */
interface Viewer {
  orgId: string;
  userId: string;
  role: Parameters<typeof isTenant>[0];
}

export async function visibleProperties(caller: Viewer): Promise<PropertyView[]> {
  if (!isTenant(caller.role)) return (await listProperties(caller.orgId)).map(propertyToApi);
  const ids = await tenantPropertyIds(caller.orgId, caller.userId);
  return (await getPropertiesByIds(caller.orgId, ids)).map(propertyToTenantApi);
}

export async function getVisibleProperty(caller: Viewer, propertyId: string): Promise<PropertyView> {
  if (!isTenant(caller.role)) return propertyToApi(await getProperty(caller.orgId, propertyId));
  if (!(await tenantPropertyIds(caller.orgId, caller.userId)).includes(propertyId)) throw new NotFound('Property');
  return propertyToTenantApi(await getProperty(caller.orgId, propertyId));
}
