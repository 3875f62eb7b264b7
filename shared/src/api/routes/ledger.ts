import { z } from 'zod';
import { ClosedPeriod, ClosedPeriodUpdate, TransactionActivity } from '../../domain/audit.js';
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
} from '../../domain/review.js';
import { OWNERS, STAFF } from '../../domain/roles.js';
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
} from '../../domain/transaction.js';
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/**
 * The ledger: transactions, their totals, bulk edits, ignore and delete, messages and review requests, their
 * activity, and the closed period. Part of THE route table (../routes.ts).
 */
export const ledgerRoutes = {
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
  // Reviews and messages (docs/ledger.md "Review requests and messages"). Staff only; the
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
    sendsEmail: true,
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
    sendsEmail: true,
  }),
  // The Messages tab's timeline: review requests, messages and audit entries of a transaction in ONE Query.
  getTransactionActivity: defineRoute({
    id: 'getTransactionActivity',
    method: 'GET',
    path: '/api/transactions/{id}/activity',
    params: byId,
    response: TransactionActivity,
    roles: STAFF,
  }),
  // Org Settings "Closed period": staff read it (the flyout says why a save is refused); ADMIN and LANDLORD close
  // the books through a date; moving the date earlier or clearing it reopens a period: ADMIN only (403).
  getClosedPeriod: defineRoute({
    id: 'getClosedPeriod',
    method: 'GET',
    path: '/api/organization/closed-period',
    response: ClosedPeriod,
    roles: STAFF,
  }),
  setClosedPeriod: defineRoute({
    id: 'setClosedPeriod',
    method: 'PUT',
    path: '/api/organization/closed-period',
    body: ClosedPeriodUpdate,
    response: ClosedPeriod,
    roles: OWNERS,
  }),
} as const;
