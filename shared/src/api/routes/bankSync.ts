import { MergeSuggestionDecision } from '../../domain/bankSync.js';
import { STAFF } from '../../domain/roles.js';
import { TransactionResult } from '../../domain/transaction.js';
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/** Bank sync's transaction routes (docs/banking.md "Bank sync"). Part of THE route table (../routes.ts). */
export const bankSyncRoutes = {
  /**
   * A posted bank charge that may be a pending one with a tip: accept merges them into the older record
   * (which keeps its category, property, notes, receipts and messages); dismiss keeps both apart.
   */
  resolveMergeSuggestion: defineRoute({
    id: 'resolveMergeSuggestion',
    method: 'POST',
    path: '/api/transactions/{id}/merge-suggestion',
    params: byId,
    body: MergeSuggestionDecision,
    response: TransactionResult,
    roles: STAFF,
  }),
};
