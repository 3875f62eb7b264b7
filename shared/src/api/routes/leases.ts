import { z } from 'zod';
import { LeaseInput, LeaseList, LeaseParams, LeaseResult, LeaseUpdate, RentalHistory } from '../../domain/lease.js';
import { OWNERS, STAFF } from '../../domain/roles.js';
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/**
 * Leases: a property's leases and the tenant's rental history. Part of THE route table (../routes.ts).
 */
export const leasesRoutes = {
  // Leases (docs/tenants-and-maintenance.md "Leases"): staff manage
  // them on a property; ADMIN and LANDLORD change or delete; a tenant reads only their own rental history.
  listLeases: defineRoute({
    id: 'listLeases',
    method: 'GET',
    path: '/api/properties/{id}/leases',
    params: byId,
    response: LeaseList,
    roles: STAFF,
  }),
  createLease: defineRoute({
    id: 'createLease',
    method: 'POST',
    path: '/api/properties/{id}/leases',
    params: byId,
    body: LeaseInput,
    response: LeaseResult,
    roles: STAFF,
    status: 201,
  }),
  updateLease: defineRoute({
    id: 'updateLease',
    method: 'PATCH',
    path: '/api/leases/{id}',
    params: LeaseParams,
    body: LeaseUpdate,
    response: LeaseResult,
    roles: OWNERS,
  }),
  deleteLease: defineRoute({
    id: 'deleteLease',
    method: 'DELETE',
    path: '/api/leases/{id}',
    params: LeaseParams,
    response: z.object({ id: z.string() }),
    roles: OWNERS,
  }),
  getRentalHistory: defineRoute({
    id: 'getRentalHistory',
    method: 'GET',
    path: '/api/rental-history',
    response: RentalHistory,
    roles: ['TENANT'],
  }),
} as const;
