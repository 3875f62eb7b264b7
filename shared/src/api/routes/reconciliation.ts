/**
 * Statement reconciliation (docs/reconciliation.md): a bank account's statement of a month compared with its
 * cleared ledger lines, finished at a zero difference, undone by an admin. Part of THE route table (../routes.ts).
 * Who may do what: staff (ADMIN, LANDLORD, PROPERTY_MANAGER) reconcile; only an ADMIN undoes a finished one (and
 * only an ADMIN's override edits a reconciled line); tenants see nothing of it.
 */
import { STATEMENT_MAX_BODY_BYTES, UNDO_RECONCILIATION_ROLES } from '../../core/reconciliation.js';
import {
  AddedToBooks,
  Reconciliation,
  ReconciliationList,
  ReconciliationParams,
  StatementInput,
  StatementLineParams,
  TickInput,
} from '../../domain/reconciliation.js';
import { STAFF } from '../../domain/roles.js';
import type { RouteDef } from '../route.js';
import { byId } from './params.js';

export const listReconciliations = {
  id: 'listReconciliations',
  method: 'GET',
  path: '/api/bank-accounts/{id}/reconciliations',
  params: byId,
  response: ReconciliationList,
  roles: STAFF,
} as const satisfies RouteDef;

/** The month's reconciliation as it stands now (a new one: the suggested balances and the month's lines). */
export const getReconciliation = {
  id: 'getReconciliation',
  method: 'GET',
  path: '/api/bank-accounts/{id}/reconciliations/{month}',
  params: ReconciliationParams,
  response: Reconciliation,
  roles: STAFF,
} as const satisfies RouteDef;

export const putStatement = {
  id: 'putStatement',
  method: 'PUT',
  path: '/api/bank-accounts/{id}/reconciliations/{month}',
  params: ReconciliationParams,
  body: StatementInput,
  response: Reconciliation,
  roles: STAFF,
  maxBodyBytes: STATEMENT_MAX_BODY_BYTES,
} as const satisfies RouteDef;

export const tickReconciliationLine = {
  id: 'tickReconciliationLine',
  method: 'POST',
  path: '/api/bank-accounts/{id}/reconciliations/{month}/ticks',
  params: ReconciliationParams,
  body: TickInput,
  response: Reconciliation,
  roles: STAFF,
} as const satisfies RouteDef;

/** A statement line missing from the books becomes a transaction of the account (typed by the person). */
export const addStatementLineToBooks = {
  id: 'addStatementLineToBooks',
  method: 'POST',
  path: '/api/bank-accounts/{id}/reconciliations/{month}/lines/{lineId}/add',
  params: StatementLineParams,
  response: AddedToBooks,
  roles: STAFF,
  status: 201,
} as const satisfies RouteDef;

/** 409 RECONCILIATION_NOT_ZERO with the difference in words unless it is zero. */
export const finishReconciliation = {
  id: 'finishReconciliation',
  method: 'POST',
  path: '/api/bank-accounts/{id}/reconciliations/{month}/finish',
  params: ReconciliationParams,
  response: Reconciliation,
  roles: STAFF,
} as const satisfies RouteDef;

export const undoReconciliation = {
  id: 'undoReconciliation',
  method: 'POST',
  path: '/api/bank-accounts/{id}/reconciliations/{month}/undo',
  params: ReconciliationParams,
  response: Reconciliation,
  roles: UNDO_RECONCILIATION_ROLES,
} as const satisfies RouteDef;
