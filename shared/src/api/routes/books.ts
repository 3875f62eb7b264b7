import { z } from 'zod';
import { LeaseInput, LeaseList, LeaseParams, LeaseResult, LeaseUpdate, RentalHistory } from '../../domain/lease.js';
import {
  MaintenanceActivity,
  MaintenanceCommentInput,
  MaintenanceCosts,
  MaintenanceCreate,
  MaintenanceEvent,
  MaintenanceIdQuery,
  MaintenanceListQuery,
  MaintenancePage,
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
import {
  CashFlowReport,
  DashboardSummary,
  DepreciationQuery,
  DepreciationReport,
  ProfitAndLossReport,
  RentRollReport,
  ReportPeriodQuery,
  ScheduleEQuery,
  ScheduleEReport,
  TransactionsByCategoryReport,
} from '../../domain/reports.js';
import { ANY_ROLE, OWNERS, STAFF } from '../../domain/roles.js';
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/** Reports, maintenance, leases and rental history. Part of THE route table (../routes.ts). */
export const bookRoutes = {
  // Reports (docs/reports-and-tax.md "Report routes"): read from the monthly rollups, O(months) reads, never a
  // transaction scan.
  getDashboardSummary: defineRoute({
    id: 'getDashboardSummary',
    method: 'GET',
    path: '/api/dashboard',
    query: ReportPeriodQuery,
    response: DashboardSummary,
    roles: STAFF,
  }),
  getCashFlowReport: defineRoute({
    id: 'getCashFlowReport',
    method: 'GET',
    path: '/api/reports/cash-flow',
    query: ReportPeriodQuery,
    response: CashFlowReport,
    roles: STAFF,
  }),
  getProfitAndLossReport: defineRoute({
    id: 'getProfitAndLossReport',
    method: 'GET',
    path: '/api/reports/profit-and-loss',
    query: ReportPeriodQuery,
    response: ProfitAndLossReport,
    roles: STAFF,
  }),
  getScheduleEReport: defineRoute({
    id: 'getScheduleEReport',
    method: 'GET',
    path: '/api/reports/schedule-e',
    query: ScheduleEQuery,
    response: ScheduleEReport,
    roles: STAFF,
  }),
  getDepreciationReport: defineRoute({
    id: 'getDepreciationReport',
    method: 'GET',
    path: '/api/reports/depreciation',
    query: DepreciationQuery,
    response: DepreciationReport,
    roles: STAFF,
  }),
  // Rent roll (docs/tenants-and-maintenance.md "Rent roll"): leases x months; rent received from the monthly rollups,
  // O(months) reads.
  getRentRollReport: defineRoute({
    id: 'getRentRollReport',
    method: 'GET',
    path: '/api/reports/rent-roll',
    query: ReportPeriodQuery,
    response: RentRollReport,
    roles: STAFF,
  }),
  // Transactions by category: the ledger's date-range query, bounded (TRANSACTIONS_BY_CATEGORY_LIMIT).
  getTransactionsByCategoryReport: defineRoute({
    id: 'getTransactionsByCategoryReport',
    method: 'GET',
    path: '/api/reports/transactions-by-category',
    query: ReportPeriodQuery,
    response: TransactionsByCategoryReport,
    roles: STAFF,
  }),

  // Maintenance requests (rules in docs/tenants-and-maintenance.md "Maintenance requests"):
  // everyone reaches these; the maintenance service decides what a tenant may see and change.
  listMaintenance: defineRoute({
    id: 'listMaintenance',
    method: 'GET',
    path: '/api/maintenance',
    query: MaintenanceListQuery,
    response: MaintenancePage,
    roles: ANY_ROLE,
  }),
  createMaintenance: defineRoute({
    id: 'createMaintenance',
    method: 'POST',
    path: '/api/maintenance',
    body: MaintenanceCreate,
    response: MaintenanceResult,
    roles: ANY_ROLE,
    status: 201,
    sendsEmail: true,
  }),
  /** PUT /api/maintenance?id={id}, as the product names the call (docs/product.md "API calls the product names"). */
  updateMaintenance: defineRoute({
    id: 'updateMaintenance',
    method: 'PUT',
    path: '/api/maintenance',
    query: MaintenanceIdQuery,
    body: MaintenanceUpdate,
    response: MaintenanceResult,
    roles: ANY_ROLE,
    sendsEmail: true,
  }),
  getMaintenance: defineRoute({
    id: 'getMaintenance',
    method: 'GET',
    path: '/api/maintenance/{id}',
    params: byId,
    response: MaintenanceResult,
    roles: ANY_ROLE,
  }),
  listMaintenanceActivity: defineRoute({
    id: 'listMaintenanceActivity',
    method: 'GET',
    path: '/api/maintenance/{id}/activity',
    params: byId,
    response: MaintenanceActivity,
    roles: ANY_ROLE,
  }),
  addMaintenanceComment: defineRoute({
    id: 'addMaintenanceComment',
    method: 'POST',
    path: '/api/maintenance/{id}/comments',
    params: byId,
    body: MaintenanceCommentInput,
    response: z.object({ event: MaintenanceEvent }),
    roles: ANY_ROLE,
    status: 201,
    sendsEmail: true,
  }),
  // Photos of a request (docs/tenants-and-maintenance.md "Photos"): uploaded like receipts (presigned PUT, then a
  // confirm that checks the bytes); the reporter while the request is NEW or PENDING, staff always; up to 10.
  createMaintenancePhotoUpload: defineRoute({
    id: 'createMaintenancePhotoUpload',
    method: 'POST',
    path: '/api/maintenance/{id}/photos',
    params: byId,
    body: MaintenancePhotoUploadRequest,
    response: MaintenancePhotoUpload,
    roles: ANY_ROLE,
    status: 201,
    bucketAccess: ['s3:PutObject'],
  }),
  confirmMaintenancePhoto: defineRoute({
    id: 'confirmMaintenancePhoto',
    method: 'POST',
    path: '/api/maintenance/{id}/photos/{photoId}/confirm',
    params: MaintenancePhotoParams,
    response: MaintenancePhotoResult,
    roles: ANY_ROLE,
    bucketAccess: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
  }),
  listMaintenancePhotos: defineRoute({
    id: 'listMaintenancePhotos',
    method: 'GET',
    path: '/api/maintenance/{id}/photos',
    params: byId,
    response: MaintenancePhotoList,
    roles: ANY_ROLE,
    bucketAccess: ['s3:GetObject'],
  }),
  // A request's repair costs: the transactions that name it (maintenanceRequestId). Tenants never see costs.
  listMaintenanceCosts: defineRoute({
    id: 'listMaintenanceCosts',
    method: 'GET',
    path: '/api/maintenance/{id}/costs',
    params: byId,
    response: MaintenanceCosts,
    roles: STAFF,
  }),
  deleteMaintenance: defineRoute({
    id: 'deleteMaintenance',
    method: 'DELETE',
    path: '/api/maintenance/{id}',
    params: byId,
    response: z.object({ id: z.string() }),
    roles: STAFF,
  }),

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
