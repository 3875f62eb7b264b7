import { randomUUID } from 'node:crypto';
import { BANK_MESSAGES, SYNC_FAILED_TEXT } from '@rent/shared';
import { getInstitution, listAllBankLinks } from '../../data/banking/banks.js';
import { finishSyncLease, releaseSyncLease, requestSyncLease } from '../../data/banking/syncLeases.js';
import { recordSyncResult } from '../../data/banking/syncRounds.js';
import { DomainError, NotFound } from '../../domain-errors.js';
import { config } from '../../lib/config.js';
import { logger } from '../../lib/logger.js';
import { tellStaff } from './bankNotices.js';
import { plaidErrorCode } from './plaidErrors.js';
import { type SyncOutcome, syncInstitution } from './sync.js';
import { parseSyncMessage, requestSync, type SyncMessage } from './syncQueue.js';

/**
 * What the bank-sync consumer and the schedule do (docs/banking.md "Sync plumbing"); their Lambda handlers
 * (jobs/syncBank.ts, jobs/scheduleBankSyncs.ts) only adapt the events.
 */

/** Follow-up rounds one holder runs before it hands the rest back to the queue (a retry of its message). */
const MAX_ROUNDS = 4;

export type LinkOutcome = 'synced' | 'covered' | 'flagged' | 'gone';

/**
 * One link, under its lease: take it (or leave the work to its holder), sync, and sync again while requests keep
 * arriving during the sync. Throws when the sync failed: the message is then retried by the queue (and after
 * maxReceiveCount lands in the dead-letter queue).
 */
export async function syncUnderLease(message: SyncMessage): Promise<LinkOutcome> {
  const { organizationId: org, institutionId: inst } = message;
  const holder = randomUUID();
  const ms = config().SYNC_LEASE_SECONDS * 1000;
  const lease = await requestSyncLease(org, inst, holder, message.requestedAt, ms);
  if (lease.outcome !== 'acquired') {
    logger.info('bank sync left to the running one', { institutionId: inst, outcome: lease.outcome });
    return lease.outcome;
  }
  // When the running round began: its recorded end answers every request made up to then (covered or flagged).
  let startedAt = new Date().toISOString();
  try {
    for (let round = 1; ; round++) {
      startedAt = new Date().toISOString();
      const link = await getInstitution(org, inst);
      const before = link.status;
      const outcome = await syncInstitution(org, inst);
      await recordOutcome(org, inst, startedAt, outcome, link.institutionName);
      logger.info('bank sync done', { institutionId: inst, reason: message.reason, round, ...counts(outcome) });
      // ITEM_LOGIN_REQUIRED met inline: the sync marked the link; staff hear of it once, as from the webhook.
      if (outcome.status === 'needs_reconnect' && before !== 'needs_reconnect') {
        await tellStaff(org, inst, 'needs_reconnect', null);
      }
      if ((await finishSyncLease(org, inst, holder, ms)) !== 'again') return 'synced';
      if (round >= MAX_ROUNDS) throw new Error('Sync requests kept arriving; the rest is retried by the queue');
    }
  } catch (error) {
    await releaseSyncLease(org, inst, holder);
    // A link removed since the message was sent: nothing to sync, nothing to retry.
    if (error instanceof NotFound) return 'gone';
    await recordFailure(org, inst, startedAt, error);
    throw error;
  }
}

/** The end of a sync as the person who pressed "Sync now" reads it (docs/banking.md "Sync now"). */
async function recordOutcome(
  org: string,
  inst: string,
  startedAt: string,
  outcome: SyncOutcome,
  institutionName: string,
) {
  await recordSyncResult(org, inst, {
    startedAt,
    at: new Date().toISOString(),
    status: outcome.status,
    added: outcome.added,
    modified: outcome.modified + outcome.merged,
    removed: outcome.removed,
    message: outcome.status === 'needs_reconnect' ? BANK_MESSAGES.needsReconnect(institutionName) : null,
  });
}

/** A failed sync (the queue retries it): its words only when they were written for people, never Plaid's details. */
async function recordFailure(org: string, inst: string, startedAt: string, error: unknown) {
  const message = error instanceof DomainError ? error.message : SYNC_FAILED_TEXT;
  try {
    await recordSyncResult(org, inst, {
      startedAt,
      at: new Date().toISOString(),
      status: 'failed',
      added: 0,
      modified: 0,
      removed: 0,
      message,
    });
  } catch (recordError) {
    logger.warn('bank sync failure not recorded', { institutionId: inst, error: errorName(recordError) });
  }
}

const counts = (o: SyncOutcome) => ({
  status: o.status,
  added: o.added,
  modified: o.modified,
  removed: o.removed,
  pages: o.pages,
});

/**
 * One SQS batch: messages of the same link collapse into one sync (with the latest request time); every link in
 * parallel. Returns the ids of the messages to retry (partial batch failure). A body that is not a sync message
 * is logged and acknowledged: retrying it could never succeed.
 */
export async function syncBatch(records: readonly { messageId: string; body: string }[]): Promise<string[]> {
  const links = new Map<string, { message: SyncMessage; ids: string[] }>();
  for (const record of records) {
    const message = parseSyncMessage(record.body);
    if (!message) {
      logger.warn('bank sync message dropped: not a sync message', { messageId: record.messageId });
      continue;
    }
    const key = `${message.organizationId}/${message.institutionId}`;
    const link = links.get(key);
    if (!link) links.set(key, { message, ids: [record.messageId] });
    else {
      link.ids.push(record.messageId);
      if (message.requestedAt > link.message.requestedAt) link.message = message;
    }
  }
  const failed: string[] = [];
  await Promise.all(
    [...links.values()].map(async ({ message, ids }) => {
      try {
        await syncUnderLease(message);
      } catch (error) {
        logger.error('bank sync failed', { institutionId: message.institutionId, error: errorName(error) });
        failed.push(...ids);
      }
    }),
  );
  return failed;
}

/** What failed, by name only (Plaid's error code, else the error's name): never a message that could quote a request. */
const errorName = (error: unknown) => plaidErrorCode(error) ?? (error as Error | null)?.name ?? 'Error';

/** The schedule's fan-out: one message per bank link of every organization. Returns how many were enqueued. */
export async function scheduleAllSyncs(): Promise<number> {
  let enqueued = 0;
  for await (const page of listAllBankLinks()) {
    // A page at a time, ten messages in flight: thousands of links stay well inside the Lambda's timeout.
    for (let i = 0; i < page.length; i += 10) {
      await Promise.all(
        page.slice(i, i + 10).map((link) => requestSync(link.organizationId, link.institutionId, 'schedule')),
      );
      enqueued += Math.min(10, page.length - i);
    }
  }
  logger.info('bank syncs scheduled', { enqueued });
  return enqueued;
}
