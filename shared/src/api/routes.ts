import { z } from 'zod';
import { Id } from '../domain/common.js';
import { Organization, OrganizationUpdate } from '../domain/organization.js';
import { Property, PropertyInput, PropertyUpdate } from '../domain/property.js';
import { ANY_ROLE, OWNERS, STAFF } from '../domain/roles.js';
import { defineRoute } from './route.js';

const byId = z.strictObject({ id: Id });

/**
 * THE route table. Every endpoint of the API, once. Adding an endpoint = one entry here + one
 * handler file functions/src/http/<id>.ts (a test fails when either is missing).
 */
export const routes = {
  logout: defineRoute({
    id: 'logout',
    method: 'POST',
    path: '/api/logout',
    response: z.object({ ok: z.literal(true) }),
    roles: ANY_ROLE,
  }),

  getOrganization: defineRoute({
    id: 'getOrganization',
    method: 'GET',
    path: '/api/organization',
    response: Organization,
    roles: ANY_ROLE,
  }),
  updateOrganization: defineRoute({
    id: 'updateOrganization',
    method: 'PUT',
    path: '/api/organization',
    body: OrganizationUpdate,
    response: Organization,
    roles: OWNERS,
  }),

  listProperties: defineRoute({
    id: 'listProperties',
    method: 'GET',
    path: '/api/properties',
    response: z.array(Property),
    roles: ANY_ROLE,
  }),
  getProperty: defineRoute({
    id: 'getProperty',
    method: 'GET',
    path: '/api/properties/{id}',
    params: byId,
    response: Property,
    roles: ANY_ROLE,
  }),
  createProperty: defineRoute({
    id: 'createProperty',
    method: 'POST',
    path: '/api/properties',
    body: PropertyInput,
    response: Property,
    roles: STAFF,
    status: 201,
  }),
  updateProperty: defineRoute({
    id: 'updateProperty',
    method: 'PUT',
    path: '/api/properties/{id}',
    params: byId,
    body: PropertyUpdate,
    response: Property,
    roles: STAFF,
  }),
  deleteProperty: defineRoute({
    id: 'deleteProperty',
    method: 'DELETE',
    path: '/api/properties/{id}',
    params: byId,
    response: z.object({ id: z.string() }),
    roles: STAFF,
  }),
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList = Object.values(routes);
