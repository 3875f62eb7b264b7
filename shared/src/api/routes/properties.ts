/**
 * Properties: what a caller sees of them, creating, changing and deleting one. Part of THE route table
 * (../routes.ts).
 */

import { DeletedId } from '../../domain/common.js';
import { Property, PropertyInput, PropertyUpdate, PropertyView, PropertyViewList } from '../../domain/property.js';
import { ANY_ROLE, STAFF } from '../../domain/roles.js';
import type { RouteDef } from '../route.js';
import { byId } from './params.js';

export const listProperties = {
  id: 'listProperties',
  method: 'GET',
  path: '/api/properties',
  response: PropertyViewList,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

export const getProperty = {
  id: 'getProperty',
  method: 'GET',
  path: '/api/properties/{id}',
  params: byId,
  response: PropertyView,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

export const createProperty = {
  id: 'createProperty',
  method: 'POST',
  path: '/api/properties',
  body: PropertyInput,
  response: Property,
  roles: STAFF,
  status: 201,
} as const satisfies RouteDef;

export const updateProperty = {
  id: 'updateProperty',
  method: 'PUT',
  path: '/api/properties/{id}',
  params: byId,
  body: PropertyUpdate,
  response: Property,
  roles: STAFF,
} as const satisfies RouteDef;

export const deleteProperty = {
  id: 'deleteProperty',
  method: 'DELETE',
  path: '/api/properties/{id}',
  params: byId,
  response: DeletedId,
  roles: STAFF,
} as const satisfies RouteDef;
