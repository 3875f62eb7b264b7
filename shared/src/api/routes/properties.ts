import { z } from 'zod';
import { Property, PropertyInput, PropertyUpdate, PropertyView } from '../../domain/property.js';
import { ANY_ROLE, STAFF } from '../../domain/roles.js';
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/**
 * Properties: what a caller sees of them, creating, changing and deleting one. Part of THE route table
 * (../routes.ts).
 */
export const propertiesRoutes = {
  listProperties: defineRoute({
    id: 'listProperties',
    method: 'GET',
    path: '/api/properties',
    response: z.array(PropertyView),
    roles: ANY_ROLE,
  }),
  getProperty: defineRoute({
    id: 'getProperty',
    method: 'GET',
    path: '/api/properties/{id}',
    params: byId,
    response: PropertyView,
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
