import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../lib/logger.js';
import { syncBatch } from '../services/banking/syncJobs.js';

/**
 * The bank-sync consumer: SQS event source with ReportBatchItemFailures (infra/lib/sync-stack.ts); offline the
 * local sync runner (infra/local/sync-runner.ts) delivers the same event shape to this same handler.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  logger.setContext({ job: 'syncBank' });
  const failed = await syncBatch(event.Records);
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
