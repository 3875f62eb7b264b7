import { isTenant, type Property, type PropertyInput, type PropertyView } from '@rent/shared';
import {
  createProperty,
  deleteProperty,
  getPropertiesByIds,
  getProperty,
  listProperties,
  propertyToApi,
  propertyToTenantApi,
  updateProperty,
} from '../../data/tenancy/properties.js';
import { tenantPropertyIds } from '../../data/tenancy/tenancies.js';
import { NotFound } from '../../domain-errors.js';

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

/** A new property of the caller's organization. */
export async function create(caller: { orgId: string }, input: PropertyInput): Promise<Property> {
  return propertyToApi(await createProperty(caller.orgId, input));
}

/** Replaces a property's fields if `version` is still current (else 409). */
export async function update(
  caller: { orgId: string },
  propertyId: string,
  input: Parameters<typeof updateProperty>[2],
): Promise<Property> {
  return propertyToApi(await updateProperty(caller.orgId, propertyId, input));
}

/** Deletes a property nothing points at any more (transactions, leases, rules: else 409). */
export async function remove(caller: { orgId: string }, propertyId: string): Promise<{ id: string }> {
  await deleteProperty(caller.orgId, propertyId);
  return { id: propertyId };
}
