/**
 * Maintenance requests: reporting, listing, changing, their activity and comments, photos and repair costs. Part
 * of THE route table (../routes.ts).
 */

import { DeletedId } from '../../domain/common.js';
import {
  MaintenanceActivity,
  MaintenanceCommentInput,
  MaintenanceCommentResult,
  MaintenanceCosts,
  MaintenanceCreate,
  MaintenanceIdQuery,
  MaintenanceListQuery,
  MaintenancePage,
  MaintenanceReopen,
  MaintenanceResult,
  MaintenanceUpdate,
} from '../../domain/maintenance.js';
import {
  MaintenancePhotoList,
  MaintenancePhotoParams,
  MaintenancePhotoResult,
  MaintenancePhotoUpload,
  MaintenancePhotoUploadRequest,
} from '../../domain/maintenancePhoto.js';
import { ANY_ROLE, STAFF } from '../../domain/roles.js';
import type { RouteDef } from '../route.js';
import { byId } from './params.js';

// Maintenance requests (rules in docs/tenants-and-maintenance.md "Maintenance requests"):
// everyone reaches these; the maintenance service decides what a tenant may see and change.
export const listMaintenance = {
  id: 'listMaintenance',
  method: 'GET',
  path: '/api/maintenance',
  query: MaintenanceListQuery,
  response: MaintenancePage,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

export const createMaintenance = {
  id: 'createMaintenance',
  method: 'POST',
  path: '/api/maintenance',
  body: MaintenanceCreate,
  response: MaintenanceResult,
  roles: ANY_ROLE,
  status: 201,
  sendsEmail: true,
} as const satisfies RouteDef;

/** PUT /api/maintenance?id={id}, as the product names the call (docs/product.md "API calls the product names"). */
export const updateMaintenance = {
  id: 'updateMaintenance',
  method: 'PUT',
  path: '/api/maintenance',
  query: MaintenanceIdQuery,
  body: MaintenanceUpdate,
  response: MaintenanceResult,
  roles: ANY_ROLE,
  sendsEmail: true,
} as const satisfies RouteDef;

// A resolved request back to New: the reporting tenant within 30 days, staff always (the service decides).
export const reopenMaintenance = {
  id: 'reopenMaintenance',
  method: 'POST',
  path: '/api/maintenance/{id}/reopen',
  params: byId,
  body: MaintenanceReopen,
  response: MaintenanceResult,
  roles: ANY_ROLE,
  sendsEmail: true,
} as const satisfies RouteDef;

export const getMaintenance = {
  id: 'getMaintenance',
  method: 'GET',
  path: '/api/maintenance/{id}',
  params: byId,
  response: MaintenanceResult,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

export const listMaintenanceActivity = {
  id: 'listMaintenanceActivity',
  method: 'GET',
  path: '/api/maintenance/{id}/activity',
  params: byId,
  response: MaintenanceActivity,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

export const addMaintenanceComment = {
  id: 'addMaintenanceComment',
  method: 'POST',
  path: '/api/maintenance/{id}/comments',
  params: byId,
  body: MaintenanceCommentInput,
  response: MaintenanceCommentResult,
  roles: ANY_ROLE,
  status: 201,
  sendsEmail: true,
} as const satisfies RouteDef;

// Photos of a request (docs/tenants-and-maintenance.md "Photos"): uploaded like receipts (presigned PUT, then a
// confirm that checks the bytes); the reporter while the request is NEW or PENDING, staff always; up to 10.
export const createMaintenancePhotoUpload = {
  id: 'createMaintenancePhotoUpload',
  method: 'POST',
  path: '/api/maintenance/{id}/photos',
  params: byId,
  body: MaintenancePhotoUploadRequest,
  response: MaintenancePhotoUpload,
  roles: ANY_ROLE,
  status: 201,
  bucketAccess: ['s3:PutObject'],
} as const satisfies RouteDef;

export const confirmMaintenancePhoto = {
  id: 'confirmMaintenancePhoto',
  method: 'POST',
  path: '/api/maintenance/{id}/photos/{photoId}/confirm',
  params: MaintenancePhotoParams,
  response: MaintenancePhotoResult,
  roles: ANY_ROLE,
  bucketAccess: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
} as const satisfies RouteDef;

export const listMaintenancePhotos = {
  id: 'listMaintenancePhotos',
  method: 'GET',
  path: '/api/maintenance/{id}/photos',
  params: byId,
  response: MaintenancePhotoList,
  roles: ANY_ROLE,
  bucketAccess: ['s3:GetObject'],
} as const satisfies RouteDef;

// A request's repair costs: the transactions that name it (maintenanceRequestId). Tenants never see costs.
export const listMaintenanceCosts = {
  id: 'listMaintenanceCosts',
  method: 'GET',
  path: '/api/maintenance/{id}/costs',
  params: byId,
  response: MaintenanceCosts,
  roles: STAFF,
} as const satisfies RouteDef;

export const deleteMaintenance = {
  id: 'deleteMaintenance',
  method: 'DELETE',
  path: '/api/maintenance/{id}',
  params: byId,
  response: DeletedId,
  roles: STAFF,
} as const satisfies RouteDef;
