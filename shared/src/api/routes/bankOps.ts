import { z } from 'zod';
import { ANY_ROLE, STAFF } from '../../domain/roles.js';
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/**
 * Sync plumbing of bank links (docs/banking.md "Sync plumbing"). Part of THE route table (../routes.ts).
 */
export const bankOpsRoutes = {
  // Plaid calls this (public: no authorizer, no caller). The handler verifies the Plaid-Verification JWT over the
  // raw body itself (401 otherwise) before anything else; an item we do not know is acknowledged and ignored.
  plaidWebhook: defineRoute({
    id: 'plaidWebhook',
    method: 'POST',
    path: '/api/plaid/webhook',
    response: z.object({ received: z.literal(true) }),
    roles: ANY_ROLE,
    public: true,
    maxBodyBytes: 64 * 1024,
    enqueuesSync: true,
    sendsEmail: true,
    // /webhook_verification_key/get needs the client id and secret (no access token: no KMS).
    callsPlaid: true,
  }),
  // "Sync now": enqueues a sync of one of the organization's bank links (another organization's: 404).
  syncBankConnection: defineRoute({
    id: 'syncBankConnection',
    method: 'POST',
    path: '/api/bank-connections/{id}/sync',
    params: byId,
    response: z.object({ queued: z.literal(true) }),
    roles: STAFF,
    status: 202,
    enqueuesSync: true,
  }),
} as const;
