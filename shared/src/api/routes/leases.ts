/**
 * Leases: a property's leases and the tenant's rental history. Part of THE route table (../routes.ts).
 */

import { DeletedId } from '../../domain/common.js';
import {
  AgingReport,
  ChargeParams,
  LeaseInput,
  LeaseList,
  LeaseParams,
  LeaseResult,
  LeaseUpdate,
  MoveOutResult,
  RentalHistory,
  RentLinkApply,
  RentLinkResult,
  RentLinkReview,
  SecurityDepositsQuery,
  SecurityDepositsReport,
  TenantLedger,
} from '../../domain/lease.js';
import { MoveOutInput } from '../../domain/moveOut.js';
import { OWNERS, STAFF } from '../../domain/roles.js';
import type { RouteDef } from '../route.js';
import { byId } from './params.js';

// Leases (docs/tenants-and-maintenance.md "Leases"): staff manage
// them on a property; ADMIN and LANDLORD change or delete; a tenant reads only their own rental history.
export const listLeases = {
  id: 'listLeases',
  method: 'GET',
  path: '/api/properties/{id}/leases',
  params: byId,
  response: LeaseList,
  roles: STAFF,
} as const satisfies RouteDef;

export const createLease = {
  id: 'createLease',
  method: 'POST',
  path: '/api/properties/{id}/leases',
  params: byId,
  body: LeaseInput,
  response: LeaseResult,
  roles: STAFF,
  status: 201,
} as const satisfies RouteDef;

export const updateLease = {
  id: 'updateLease',
  method: 'PATCH',
  path: '/api/leases/{id}',
  params: LeaseParams,
  body: LeaseUpdate,
  response: LeaseResult,
  roles: OWNERS,
} as const satisfies RouteDef;

export const deleteLease = {
  id: 'deleteLease',
  method: 'DELETE',
  path: '/api/leases/{id}',
  params: LeaseParams,
  response: DeletedId,
  roles: OWNERS,
} as const satisfies RouteDef;

export const getRentalHistory = {
  id: 'getRentalHistory',
  method: 'GET',
  path: '/api/rental-history',
  response: RentalHistory,
  roles: ['TENANT'],
} as const satisfies RouteDef;

// Charges and the tenant ledger (docs/tenants-and-maintenance.md "Charges and the tenant ledger"): staff read any
// lease's ledger and the aging report; waiving a late fee gives up income, so only ADMIN and LANDLORD may.
export const getTenantLedger = {
  id: 'getTenantLedger',
  method: 'GET',
  path: '/api/leases/{id}/ledger',
  params: LeaseParams,
  response: TenantLedger,
  roles: STAFF,
} as const satisfies RouteDef;

export const waiveCharge = {
  id: 'waiveCharge',
  method: 'POST',
  path: '/api/leases/{id}/charges/{code}/waive',
  params: ChargeParams,
  response: TenantLedger,
  roles: OWNERS,
} as const satisfies RouteDef;

// Moving a tenant out applies their deposit, which makes income of it: only ADMIN and LANDLORD
// (docs/tenants-and-maintenance.md "Move-out").
export const moveOutLease = {
  id: 'moveOutLease',
  method: 'POST',
  path: '/api/leases/{id}/move-out',
  params: LeaseParams,
  body: MoveOutInput,
  response: MoveOutResult,
  roles: OWNERS,
} as const satisfies RouteDef;

export const getAgingReport = {
  id: 'getAgingReport',
  method: 'GET',
  path: '/api/reports/aging',
  response: AgingReport,
  roles: STAFF,
} as const satisfies RouteDef;

// Security deposits held per property: a liability the ledger carries, never income.
export const getSecurityDepositsReport = {
  id: 'getSecurityDepositsReport',
  method: 'GET',
  path: '/api/reports/security-deposits',
  query: SecurityDepositsQuery,
  response: SecurityDepositsReport,
  roles: STAFF,
} as const satisfies RouteDef;

// Linking past rent to leases: a preview of the suggested links (with why), then linking the ones a person keeps.
export const getRentLinkReview = {
  id: 'getRentLinkReview',
  method: 'GET',
  path: '/api/rent-links',
  response: RentLinkReview,
  roles: STAFF,
} as const satisfies RouteDef;

export const applyRentLinks = {
  id: 'applyRentLinks',
  method: 'POST',
  path: '/api/rent-links',
  body: RentLinkApply,
  response: RentLinkResult,
  roles: STAFF,
} as const satisfies RouteDef;
