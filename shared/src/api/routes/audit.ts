import { ClosedPeriod, ClosedPeriodUpdate, TransactionActivity } from '../../domain/audit.js';
import { OWNERS, STAFF } from '../../domain/roles.js';
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/**
 * The audit trail and closed periods (docs/ledger.md "Audit trail", "Closed periods").
 * Staff only; another organization's transaction answers 404.
 */
export const auditRoutes = {
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
