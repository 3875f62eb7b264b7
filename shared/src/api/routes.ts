import { z } from 'zod';
import { Id } from '../domain/common.js';
import {
  MaintenanceActivity,
  MaintenanceCommentInput,
  MaintenanceCreate,
  MaintenanceEvent,
  MaintenanceIdQuery,
  MaintenanceListQuery,
  MaintenancePage,
  MaintenanceResult,
  MaintenanceUpdate,
} from '../domain/maintenance.js';
import { Member, MemberList, MemberParams, MemberRoleUpdate } from '../domain/member.js';
import { Organization, OrganizationUpdate } from '../domain/organization.js';
import { Property, PropertyInput, PropertyUpdate, PropertyView } from '../domain/property.js';
import {
  MyReceiptsQuery,
  ReceiptList,
  ReceiptReferenceQuery,
  ReceiptResult,
  ReceiptUpload,
  ReceiptUploadRequest,
  ReceiptUrl,
} from '../domain/receipt.js';
import {
  CashFlowReport,
  DepreciationQuery,
  DepreciationReport,
  ProfitAndLossReport,
  ReportPeriodQuery,
  ScheduleEQuery,
  ScheduleEReport,
} from '../domain/reports.js';
import {
  MessageInput,
  MessageList,
  MessageResult,
  ReviewListQuery,
  ReviewRequestCreated,
  ReviewRequestInput,
  ReviewRequestList,
  ReviewRequestResult,
  ReviewStatusUpdate,
} from '../domain/review.js';
import { ANY_ROLE, OWNERS, STAFF } from '../domain/roles.js';
import {
  APPLY_MAX_BODY_BYTES,
  ApplyRuleInput,
  ApplyRuleResult,
  PreviewRuleInput,
  PreviewRuleResult,
  RuleBatchListQuery,
  RuleBatchPage,
  RuleList,
  RuleMatchCounts,
  RuleOrganizationQuery,
  RuleResult,
  RuleUpdate,
  UndoRuleBatchResult,
} from '../domain/rule.js';
import { SecurityLogPage, SecurityLogQuery, SignOutEverywhereResult } from '../domain/security.js';
import {
  BulkTransactionUpdate,
  BulkUpdateResult,
  ListTransactionsQuery,
  TransactionIgnoreUpdate,
  TransactionInput,
  TransactionPage,
  TransactionResult,
  TransactionTotals,
  TransactionTotalsQuery,
  TransactionUpdate,
} from '../domain/transaction.js';
import { RuleInput } from '../rules/validate.js';
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
  // Account and security: each person reads only their own log and ends only their own sessions.
  listSecurityLog: defineRoute({
    id: 'listSecurityLog',
    method: 'GET',
    path: '/api/security-log',
    query: SecurityLogQuery,
    response: SecurityLogPage,
    roles: ANY_ROLE,
  }),
  signOutEverywhere: defineRoute({
    id: 'signOutEverywhere',
    method: 'POST',
    path: '/api/sign-out-everywhere',
    response: SignOutEverywhereResult,
    roles: ANY_ROLE,
    userPoolAccess: ['cognito-idp:AdminUserGlobalSignOut'],
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

  // Members (docs/decisions.md "People and accounts"): staff see the team; ADMIN and LANDLORD manage it,
  // and the members service enforces the rest (who may grant ADMIN, the last ADMIN, no change of one's own role).
  listMembers: defineRoute({
    id: 'listMembers',
    method: 'GET',
    path: '/api/members',
    response: MemberList,
    roles: STAFF,
  }),
  leaveOrganization: defineRoute({
    id: 'leaveOrganization',
    method: 'POST',
    path: '/api/members/leave',
    response: z.object({ ok: z.literal(true) }),
    roles: ANY_ROLE,
  }),
  updateMemberRole: defineRoute({
    id: 'updateMemberRole',
    method: 'PATCH',
    path: '/api/members/{userId}',
    params: MemberParams,
    body: MemberRoleUpdate,
    response: Member,
    roles: OWNERS,
  }),
  removeMember: defineRoute({
    id: 'removeMember',
    method: 'DELETE',
    path: '/api/members/{userId}',
    params: MemberParams,
    response: z.object({ userId: z.string() }),
    roles: OWNERS,
  }),

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

  // Transactions: bookkeeping is for staff; tenants get 403 on every one of these.
  // Literal paths come before {id} paths with the same prefix: the local gateway takes the first
  // match (API Gateway takes the most specific), and a unit test keeps the table that way.
  listTransactions: defineRoute({
    id: 'listTransactions',
    method: 'GET',
    path: '/api/transactions',
    query: ListTransactionsQuery,
    response: TransactionPage,
    roles: STAFF,
  }),
  getTransactionTotals: defineRoute({
    id: 'getTransactionTotals',
    method: 'GET',
    path: '/api/transactions/totals',
    query: TransactionTotalsQuery,
    response: TransactionTotals,
    roles: STAFF,
  }),
  getTransaction: defineRoute({
    id: 'getTransaction',
    method: 'GET',
    path: '/api/transactions/{id}',
    params: byId,
    response: TransactionResult,
    roles: STAFF,
  }),
  createTransaction: defineRoute({
    id: 'createTransaction',
    method: 'POST',
    path: '/api/transactions',
    body: TransactionInput,
    response: TransactionResult,
    roles: STAFF,
    status: 201,
  }),
  bulkUpdateTransactions: defineRoute({
    id: 'bulkUpdateTransactions',
    method: 'POST',
    path: '/api/transactions/bulk',
    body: BulkTransactionUpdate,
    response: BulkUpdateResult,
    roles: STAFF,
  }),
  updateTransaction: defineRoute({
    id: 'updateTransaction',
    method: 'PUT',
    path: '/api/transactions/{id}',
    params: byId,
    body: TransactionUpdate,
    response: TransactionResult,
    roles: STAFF,
  }),
  setTransactionIgnored: defineRoute({
    id: 'setTransactionIgnored',
    method: 'PATCH',
    path: '/api/transactions/{id}/ignore',
    params: byId,
    body: TransactionIgnoreUpdate,
    response: z.object({ id: z.string(), isIgnored: z.boolean(), version: z.number().int() }),
    roles: STAFF,
  }),
  deleteTransaction: defineRoute({
    id: 'deleteTransaction',
    method: 'DELETE',
    path: '/api/transactions/{id}',
    params: byId,
    response: z.object({ id: z.string() }),
    roles: STAFF,
    bucketAccess: ['s3:DeleteObject'],
  }),

  // Reviews and messages (SPEC §7; docs/decisions.md "Working together on the books"). Staff only; the
  // transaction (or review) must be the caller's organization's (else 404); only the reviewer changes a request.
  listTransactionMessages: defineRoute({
    id: 'listTransactionMessages',
    method: 'GET',
    path: '/api/transactions/{id}/messages',
    params: byId,
    response: MessageList,
    roles: STAFF,
  }),
  postTransactionMessage: defineRoute({
    id: 'postTransactionMessage',
    method: 'POST',
    path: '/api/transactions/{id}/messages',
    params: byId,
    body: MessageInput,
    response: MessageResult,
    roles: STAFF,
    status: 201,
  }),
  requestReview: defineRoute({
    id: 'requestReview',
    method: 'POST',
    path: '/api/transactions/{id}/reviews',
    params: byId,
    body: ReviewRequestInput,
    response: ReviewRequestCreated,
    roles: STAFF,
    status: 201,
  }),
  listReviews: defineRoute({
    id: 'listReviews',
    method: 'GET',
    path: '/api/reviews',
    query: ReviewListQuery,
    response: ReviewRequestList,
    roles: STAFF,
  }),
  updateReview: defineRoute({
    id: 'updateReview',
    method: 'PATCH',
    path: '/api/reviews/{id}',
    params: byId,
    body: ReviewStatusUpdate,
    response: ReviewRequestResult,
    roles: STAFF,
  }),

  // Receipts (SPEC §7 paths). Upload is two JSON steps instead of one multipart POST: the bytes go
  // straight to S3 with a presigned PUT, then the confirm call checks them (docs/data-model.md).
  createReceiptUpload: defineRoute({
    id: 'createReceiptUpload',
    method: 'POST',
    path: '/api/receipts/upload-receipts',
    body: ReceiptUploadRequest,
    response: ReceiptUpload,
    roles: STAFF,
    status: 201,
    bucketAccess: ['s3:PutObject'],
  }),
  confirmReceiptUpload: defineRoute({
    id: 'confirmReceiptUpload',
    method: 'POST',
    path: '/api/receipts/{id}/confirm',
    params: byId,
    response: ReceiptResult,
    roles: STAFF,
    // Copies the pending upload to the receipt's own key (Get on the source, Put on the target),
    // reads its first bytes, deletes the pending object.
    bucketAccess: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
  }),
  listMyReceipts: defineRoute({
    id: 'listMyReceipts',
    method: 'GET',
    path: '/api/receipts/my-receipts',
    query: MyReceiptsQuery,
    response: ReceiptList,
    roles: STAFF,
  }),
  getReceiptUrl: defineRoute({
    id: 'getReceiptUrl',
    method: 'GET',
    path: '/api/receipts/get-receipt-url',
    query: ReceiptReferenceQuery,
    response: ReceiptUrl,
    roles: STAFF,
    bucketAccess: ['s3:GetObject'],
  }),
  /** SPEC §7 also calls the same thing at the API root. */
  getReceiptUrlAtRoot: defineRoute({
    id: 'getReceiptUrlAtRoot',
    method: 'GET',
    path: '/api/get-receipt-url',
    query: ReceiptReferenceQuery,
    response: ReceiptUrl,
    roles: STAFF,
    bucketAccess: ['s3:GetObject'],
  }),
  deleteReceipt: defineRoute({
    id: 'deleteReceipt',
    method: 'DELETE',
    path: '/api/receipts/{id}',
    params: byId,
    response: z.object({ id: z.string() }),
    roles: STAFF,
    bucketAccess: ['s3:DeleteObject'],
  }),

  // Categorization rules (SPEC §7): organizationId is a query parameter on every call; it must be
  // the caller's own organization (else 404: http() enforces `orgScopedQuery` once). Staff only.
  // Literal paths before {id} paths.
  listRules: defineRoute({
    id: 'listRules',
    method: 'GET',
    path: '/api/categorization-rules',
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    response: RuleList,
    roles: STAFF,
  }),
  createRule: defineRoute({
    id: 'createRule',
    method: 'POST',
    path: '/api/categorization-rules',
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    body: RuleInput,
    response: RuleResult,
    roles: STAFF,
    status: 201,
  }),
  /** Counts and pages the transactions a rule would change, over the whole organization. */
  previewRule: defineRoute({
    id: 'previewRule',
    method: 'POST',
    path: '/api/categorization-rules/preview',
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    body: PreviewRuleInput,
    response: PreviewRuleResult,
    roles: STAFF,
  }),
  applyRuleSingle: defineRoute({
    id: 'applyRuleSingle',
    method: 'POST',
    path: '/api/categorization-rules/apply-single',
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    body: ApplyRuleInput,
    response: ApplyRuleResult,
    roles: STAFF,
    maxBodyBytes: APPLY_MAX_BODY_BYTES,
  }),
  /** How many transactions each saved rule would change now (the rules table's column). */
  countRuleMatches: defineRoute({
    id: 'countRuleMatches',
    method: 'GET',
    path: '/api/categorization-rules/match-counts',
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    response: RuleMatchCounts,
    roles: STAFF,
  }),
  listRuleBatches: defineRoute({
    id: 'listRuleBatches',
    method: 'GET',
    path: '/api/categorization-rules/batches',
    query: RuleBatchListQuery,
    orgScopedQuery: true,
    response: RuleBatchPage,
    roles: STAFF,
  }),
  undoRuleBatch: defineRoute({
    id: 'undoRuleBatch',
    method: 'POST',
    path: '/api/categorization-rules/batches/{id}/undo',
    params: byId,
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    response: UndoRuleBatchResult,
    roles: STAFF,
  }),
  updateRule: defineRoute({
    id: 'updateRule',
    method: 'PUT',
    path: '/api/categorization-rules/{id}',
    params: byId,
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    body: RuleUpdate,
    response: RuleResult,
    roles: STAFF,
  }),
  deleteRule: defineRoute({
    id: 'deleteRule',
    method: 'DELETE',
    path: '/api/categorization-rules/{id}',
    params: byId,
    query: RuleOrganizationQuery,
    orgScopedQuery: true,
    response: z.object({ id: z.string() }),
    roles: STAFF,
  }),
  // Reports (issue 13): read from the monthly rollups, O(months) reads, never a transaction scan.
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

  // Maintenance requests (SPEC §7 "Maintenance"; rules in docs/decisions.md "Tenants: maintenance requests"):
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
  }),
  /** SPEC §7: PUT /api/maintenance?id={id}. */
  updateMaintenance: defineRoute({
    id: 'updateMaintenance',
    method: 'PUT',
    path: '/api/maintenance',
    query: MaintenanceIdQuery,
    body: MaintenanceUpdate,
    response: MaintenanceResult,
    roles: ANY_ROLE,
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
  }),
  deleteMaintenance: defineRoute({
    id: 'deleteMaintenance',
    method: 'DELETE',
    path: '/api/maintenance/{id}',
    params: byId,
    response: z.object({ id: z.string() }),
    roles: STAFF,
  }),
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList = Object.values(routes);
