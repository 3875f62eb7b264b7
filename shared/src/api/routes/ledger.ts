/**
 * The ledger: transactions, their totals, bulk edits, ignore and delete, messages and review requests, their
 * activity, and the closed period. Part of THE route table (../routes.ts).
 */
import { ClosedPeriod, ClosedPeriodUpdate, TransactionActivity } from '../../domain/audit.js';
import { DeletedId } from '../../domain/common.js';
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
  TransactionIgnoreResult,
  TransactionIgnoreUpdate,
  TransactionInput,
  TransactionPage,
  TransactionResult,
  TransactionSplit,
  TransactionTotals,
  TransactionTotalsQuery,
  TransactionUnsplit,
  TransactionUpdate,
} from '../../domain/transaction.js';
import { TransferInfo, TransferPairInput, TransferPairResult } from '../../domain/transfer.js';
import type { RouteDef } from '../route.js';
import { byId } from './params.js';

// Transactions: bookkeeping is for staff; tenants get 403 on every one of these.
export const listTransactions = {
  id: 'listTransactions',
  method: 'GET',
  path: '/api/transactions',
  query: ListTransactionsQuery,
  response: TransactionPage,
  roles: STAFF,
} as const satisfies RouteDef;

export const getTransactionTotals = {
  id: 'getTransactionTotals',
  method: 'GET',
  path: '/api/transactions/totals',
  query: TransactionTotalsQuery,
  response: TransactionTotals,
  roles: STAFF,
} as const satisfies RouteDef;

export const getTransaction = {
  id: 'getTransaction',
  method: 'GET',
  path: '/api/transactions/{id}',
  params: byId,
  response: TransactionResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const createTransaction = {
  id: 'createTransaction',
  method: 'POST',
  path: '/api/transactions',
  body: TransactionInput,
  response: TransactionResult,
  roles: STAFF,
  status: 201,
} as const satisfies RouteDef;

export const bulkUpdateTransactions = {
  id: 'bulkUpdateTransactions',
  method: 'POST',
  path: '/api/transactions/bulk',
  body: BulkTransactionUpdate,
  response: BulkUpdateResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const updateTransaction = {
  id: 'updateTransaction',
  method: 'PUT',
  path: '/api/transactions/{id}',
  params: byId,
  body: TransactionUpdate,
  response: TransactionResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const setTransactionIgnored = {
  id: 'setTransactionIgnored',
  method: 'PATCH',
  path: '/api/transactions/{id}/ignore',
  params: byId,
  body: TransactionIgnoreUpdate,
  response: TransactionIgnoreResult,
  roles: STAFF,
} as const satisfies RouteDef;

// Split transactions (docs/ledger.md "Split transactions"): parts that add up to the bank line, and back to one.
export const splitTransaction = {
  id: 'splitTransaction',
  method: 'PUT',
  path: '/api/transactions/{id}/split',
  params: byId,
  body: TransactionSplit,
  response: TransactionResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const unsplitTransaction = {
  id: 'unsplitTransaction',
  method: 'POST',
  path: '/api/transactions/{id}/unsplit',
  params: byId,
  body: TransactionUnsplit,
  response: TransactionResult,
  roles: STAFF,
} as const satisfies RouteDef;

// Transfers between own accounts (docs/ledger.md "Transfers"): the pair and its candidates, pair by hand, unpair.
export const getTransactionTransfer = {
  id: 'getTransactionTransfer',
  method: 'GET',
  path: '/api/transactions/{id}/transfer',
  params: byId,
  response: TransferInfo,
  roles: STAFF,
} as const satisfies RouteDef;

export const pairTransactionTransfer = {
  id: 'pairTransactionTransfer',
  method: 'PUT',
  path: '/api/transactions/{id}/transfer',
  params: byId,
  body: TransferPairInput,
  response: TransferPairResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const unpairTransactionTransfer = {
  id: 'unpairTransactionTransfer',
  method: 'DELETE',
  path: '/api/transactions/{id}/transfer',
  params: byId,
  response: TransferPairResult,
  roles: STAFF,
} as const satisfies RouteDef;

export const deleteTransaction = {
  id: 'deleteTransaction',
  method: 'DELETE',
  path: '/api/transactions/{id}',
  params: byId,
  response: DeletedId,
  roles: STAFF,
  bucketAccess: ['s3:DeleteObject'],
} as const satisfies RouteDef;

// Reviews and messages (docs/ledger.md "Review requests and messages"). Staff only; the
// transaction (or review) must be the caller's organization's (else 404); only the reviewer changes a request.
export const listTransactionMessages = {
  id: 'listTransactionMessages',
  method: 'GET',
  path: '/api/transactions/{id}/messages',
  params: byId,
  response: MessageList,
  roles: STAFF,
} as const satisfies RouteDef;

export const postTransactionMessage = {
  id: 'postTransactionMessage',
  method: 'POST',
  path: '/api/transactions/{id}/messages',
  params: byId,
  body: MessageInput,
  response: MessageResult,
  roles: STAFF,
  status: 201,
} as const satisfies RouteDef;

export const requestReview = {
  id: 'requestReview',
  method: 'POST',
  path: '/api/transactions/{id}/reviews',
  params: byId,
  body: ReviewRequestInput,
  response: ReviewRequestCreated,
  roles: STAFF,
  status: 201,
  sendsEmail: true,
} as const satisfies RouteDef;

export const listReviews = {
  id: 'listReviews',
  method: 'GET',
  path: '/api/reviews',
  query: ReviewListQuery,
  response: ReviewRequestList,
  roles: STAFF,
} as const satisfies RouteDef;

export const updateReview = {
  id: 'updateReview',
  method: 'PATCH',
  path: '/api/reviews/{id}',
  params: byId,
  body: ReviewStatusUpdate,
  response: ReviewRequestResult,
  roles: STAFF,
  sendsEmail: true,
} as const satisfies RouteDef;

// The Messages tab's timeline: review requests, messages and audit entries of a transaction in ONE Query.
export const getTransactionActivity = {
  id: 'getTransactionActivity',
  method: 'GET',
  path: '/api/transactions/{id}/activity',
  params: byId,
  response: TransactionActivity,
  roles: STAFF,
} as const satisfies RouteDef;

// Org Settings "Closed period": staff read it (the flyout says why a save is refused); ADMIN and LANDLORD close
// the books through a date; moving the date earlier or clearing it reopens a period: ADMIN only (403).
export const getClosedPeriod = {
  id: 'getClosedPeriod',
  method: 'GET',
  path: '/api/organization/closed-period',
  response: ClosedPeriod,
  roles: STAFF,
} as const satisfies RouteDef;

export const setClosedPeriod = {
  id: 'setClosedPeriod',
  method: 'PUT',
  path: '/api/organization/closed-period',
  body: ClosedPeriodUpdate,
  response: ClosedPeriod,
  roles: OWNERS,
} as const satisfies RouteDef;
