import { logger } from '../lib/logger.js';
import { scheduleAllSyncs } from '../services/banking/syncJobs.js';

/** Every six hours (EventBridge, infra/lib/sync-stack.ts; offline the local runner's timer): enqueue every link. */
export async function handler(): Promise<{ enqueued: number }> {
  logger.setContext({ job: 'scheduleBankSyncs' });
  return { enqueued: await scheduleAllSyncs() };
}
