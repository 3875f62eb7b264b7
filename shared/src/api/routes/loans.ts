/**
 * Loans: a property's mortgage loans, their amortization, and payments split by them. Part of THE route table
 * (../routes.ts).
 */

import { DeletedId } from '../../domain/common.js';
import {
  EscrowPaymentInput,
  LoanDetail,
  LoanDetailQuery,
  LoanInput,
  LoanList,
  LoanParams,
  LoanPaymentInput,
  LoanPaymentPreview,
  LoanPaymentPreviewQuery,
  LoanResult,
  LoanUpdate,
} from '../../domain/loan.js';
import { OWNERS, STAFF } from '../../domain/roles.js';
import { TransactionResult } from '../../domain/transaction.js';
import type { RouteDef } from '../route.js';
import { byId } from './params.js';

// Loans (docs/reports-and-tax.md "Loans"), as leases: staff list, read and add them on a property and split payments
// by them; ADMIN and LANDLORD change or delete them. Tenants reach none.
export const listLoans = {
  id: 'listLoans',
  method: 'GET',
  path: '/api/properties/{id}/loans',
  params: byId,
  response: LoanList,
  roles: STAFF,
} as const satisfies RouteDef;

export const createLoan = {
  id: 'createLoan',
  method: 'POST',
  path: '/api/properties/{id}/loans',
  params: byId,
  body: LoanInput,
  response: LoanResult,
  roles: STAFF,
  status: 201,
} as const satisfies RouteDef;

export const getLoan = {
  id: 'getLoan',
  method: 'GET',
  path: '/api/loans/{id}',
  params: LoanParams,
  query: LoanDetailQuery,
  response: LoanDetail,
  roles: STAFF,
} as const satisfies RouteDef;

export const updateLoan = {
  id: 'updateLoan',
  method: 'PATCH',
  path: '/api/loans/{id}',
  params: LoanParams,
  body: LoanUpdate,
  response: LoanResult,
  roles: OWNERS,
} as const satisfies RouteDef;

export const deleteLoan = {
  id: 'deleteLoan',
  method: 'DELETE',
  path: '/api/loans/{id}',
  params: LoanParams,
  response: DeletedId,
  roles: OWNERS,
} as const satisfies RouteDef;

export const previewLoanPayment = {
  id: 'previewLoanPayment',
  method: 'GET',
  path: '/api/loans/{id}/payments/preview',
  params: LoanParams,
  query: LoanPaymentPreviewQuery,
  response: LoanPaymentPreview,
  roles: STAFF,
} as const satisfies RouteDef;

export const applyLoanPayment = {
  id: 'applyLoanPayment',
  method: 'POST',
  path: '/api/loans/{id}/payments',
  params: LoanParams,
  body: LoanPaymentInput,
  response: TransactionResult,
  roles: STAFF,
} as const satisfies RouteDef;

/** A bill the lender paid from the loan's escrow: a $0 transaction of the expense and the escrow it came from. */
export const payFromEscrow = {
  id: 'payFromEscrow',
  method: 'POST',
  path: '/api/loans/{id}/escrow-payments',
  params: LoanParams,
  body: EscrowPaymentInput,
  response: TransactionResult,
  roles: STAFF,
  status: 201,
} as const satisfies RouteDef;
