import * as z from 'zod';
import { institutionByItemId, setInstitutionStatus } from '../../data/banking/banks.js';
import { Unverified } from '../../domain-errors.js';
import { logger } from '../../lib/logger.js';
import { plaidClient } from '../../lib/plaid.js';
import { createWebhookVerifier, type PlaidVerificationKey } from '../../lib/plaidWebhook.js';
import { tellStaff } from './bankNotices.js';
import { plaidStatusOf } from './plaidErrors.js';
import { requestSync } from './syncQueue.js';

/**
 * Plaid's webhooks (docs/banking.md "Webhook verification") and "Sync now" (docs/banking.md "Sync plumbing"). A webhook
 * is verified first (lib/plaidWebhook.ts: anything that fails is a 401, logged with the reason only, and nothing else
 * happens); then transaction updates enqueue a sync and item events change the link's status. An item we do not know
 * (removed since) is acknowledged and ignored: Plaid retries anything but a 2xx.
 */

/** /webhook_verification_key/get; Plaid answers 400 INVALID_INPUT for a kid it never issued. */
async function fetchPlaidKey(kid: string): Promise<PlaidVerificationKey | null> {
  try {
    const { key } = await plaidClient()('/webhook_verification_key/get', { key_id: kid });
    return key as PlaidVerificationKey;
  } catch (error) {
    const status = plaidStatusOf(error);
    if (status === 400 || status === 404) return null;
    throw error;
  }
}

/** One per Lambda container: keys stay cached across invocations. */
const verify = createWebhookVerifier(fetchPlaidKey);

const TRANSACTION_UPDATES = new Set([
  'SYNC_UPDATES_AVAILABLE',
  'DEFAULT_UPDATE',
  'INITIAL_UPDATE',
  'HISTORICAL_UPDATE',
]);

const Webhook = z.object({
  webhook_type: z.string().max(64),
  webhook_code: z.string().max(64),
  item_id: z.string().min(1).max(200).optional(),
  error: z.object({ error_code: z.string().max(100).optional() }).nullish(),
  consent_expiration_time: z.string().max(64).nullish(),
  disconnect_time: z.string().max(64).nullish(),
});
type Webhook = z.infer<typeof Webhook>;

export async function receivePlaidWebhook(header: string | undefined, body: Buffer): Promise<{ received: true }> {
  const verdict = await verify(header, body);
  if (!verdict.ok) {
    logger.warn('plaid webhook refused', { reason: verdict.reason, bytes: body.length });
    throw new Unverified();
  }
  let hook: Webhook;
  try {
    hook = Webhook.parse(JSON.parse(body.toString('utf8')));
  } catch {
    logger.warn('plaid webhook ignored: not a webhook we understand');
    return { received: true };
  }
  const kind = { type: hook.webhook_type, code: hook.webhook_code };
  const link = hook.item_id ? await institutionByItemId(hook.item_id) : null;
  if (!link) {
    logger.info('plaid webhook ignored: unknown item', kind);
    return { received: true };
  }
  const { organizationId: orgId, id: institutionId } = link;
  logger.info('plaid webhook', { ...kind, institutionId });

  if (hook.webhook_type === 'TRANSACTIONS' && TRANSACTION_UPDATES.has(hook.webhook_code)) {
    await requestSync(orgId, institutionId, 'webhook');
  } else if (hook.webhook_type === 'ITEM' && hook.webhook_code === 'ERROR') {
    if (hook.error?.error_code === 'ITEM_LOGIN_REQUIRED') await markNeedsReconnect(orgId, institutionId);
  } else if (hook.webhook_type === 'ITEM' && hook.webhook_code === 'LOGIN_REPAIRED') {
    await setInstitutionStatus(orgId, institutionId, 'connected', {});
  } else if (hook.webhook_type === 'ITEM' && ['PENDING_DISCONNECT', 'PENDING_EXPIRATION'].includes(hook.webhook_code)) {
    const at = hook.disconnect_time ?? hook.consent_expiration_time;
    const disconnectAt = at && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : null;
    // Plaid delivers again when it is unsure a delivery arrived: staff hear once per change of state.
    const { changed } = await setInstitutionStatus(orgId, institutionId, 'pending_disconnect', {
      consentExpiresAt: disconnectAt,
    });
    if (changed) await tellStaff(orgId, institutionId, 'pending_disconnect', disconnectAt);
  }
  return { received: true };
}

/**
 * ITEM_LOGIN_REQUIRED, by webhook or met inline by a sync: the link needs the person to sign in to the bank again
 * (update mode). Staff who keep "Bank connections" on get one email when the link first turns so.
 */
export async function markNeedsReconnect(orgId: string, institutionId: string): Promise<void> {
  const { changed } = await setInstitutionStatus(orgId, institutionId, 'needs_reconnect', {
    errorCode: 'ITEM_LOGIN_REQUIRED',
  });
  if (changed) await tellStaff(orgId, institutionId, 'needs_reconnect', null);
}
