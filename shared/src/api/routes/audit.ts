import { TransactionActivity } from '../../domain/audit.js';
import { STAFF } from '../../domain/roles.js';
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/**
 * The audit trail and closed periods (issue 11; docs/decisions.md "Audit trail and closed periods").
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
} as const;
