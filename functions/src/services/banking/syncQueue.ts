import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { getInstitution } from '../../data/banking/banks.js';
import { config } from '../../lib/config.js';

/**
 * The bank-sync queue (docs/banking.md "The queue and the per-link lease"). Every way a sync is asked for (Plaid's
 * webhook, the six-hourly schedule, "Sync now", a fresh link) enqueues one small message; the one consumer
 * (jobs/syncBank.ts) syncs under the link's lease. A standard queue, no FIFO group: bursts collapse at the lease (a
 * request made before the running sync began is covered by it; one made after sets its follow-up flag), so one link's
 * messages never wait behind another link's, and there is no five-minute dedup window to lose an update in.
 */

export type SyncReason = 'webhook' | 'schedule' | 'manual' | 'link';

export const SyncMessage = z.strictObject({
  v: z.literal(1),
  organizationId: z.string().min(1).max(64),
  institutionId: z.string().min(1).max(64),
  reason: z.enum(['webhook', 'schedule', 'manual', 'link']),
  /** When the sync was asked for (ms since epoch): a running sync that began later covers it. */
  requestedAt: z.number().int().nonnegative(),
});
export type SyncMessage = z.infer<typeof SyncMessage>;

let client: SQSClient | undefined;

/**
 * THE switch, and only configuration: SYNC_QUEUE_URL names the queue (SQS in AWS; offline the local sync runner,
 * infra/local/sync-runner.ts, whose loopback endpoint SQS_ENDPOINT speaks SQS's SendMessage). Same client, same
 * call, either way.
 */
function syncQueue(): { sqs: SQSClient; queueUrl: string } {
  const { SYNC_QUEUE_URL, SQS_ENDPOINT, AWS_REGION } = config();
  if (!SYNC_QUEUE_URL) throw new Error('SYNC_QUEUE_URL is not set for this function');
  client ??= new SQSClient({ region: AWS_REGION, ...(SQS_ENDPOINT && { endpoint: SQS_ENDPOINT }) });
  return { sqs: client, queueUrl: SYNC_QUEUE_URL };
}

/** Enqueues one sync of one bank link. Resolves once the queue has accepted the message. */
export async function requestSync(
  organizationId: string,
  institutionId: string,
  reason: SyncReason,
): Promise<{ requestedAt: number }> {
  const { sqs, queueUrl } = syncQueue();
  const message: SyncMessage = { v: 1, organizationId, institutionId, reason, requestedAt: Date.now() };
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
  return { requestedAt: message.requestedAt };
}

/** A message body as the consumer receives it, or null when it is not one of ours. */
export function parseSyncMessage(body: string): SyncMessage | null {
  try {
    const parsed = SyncMessage.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * "Sync now": the link must be the caller's organization's (getInstitution throws NotFound otherwise). The answer's
 * `requestedAt` lets the browser wait for the connection's `lastSync` that ends after it (docs/banking.md "Sync now").
 */
export async function syncNow(orgId: string, institutionId: string): Promise<{ queued: true; requestedAt: string }> {
  await getInstitution(orgId, institutionId);
  const { requestedAt } = await requestSync(orgId, institutionId, 'manual');
  return { queued: true, requestedAt: new Date(requestedAt).toISOString() };
}
