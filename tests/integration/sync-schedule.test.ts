import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startSyncRunner } from '../../infra/local/sync-runner.js';
import { newAdmin } from '../support/api.js';

/**
 * The schedule's fan-out (scheduleAllSyncs in functions/src/services/banking/syncJobs.ts) over the stack's table,
 * into a sync runner of this file's own whose consumer only records what arrives. The fan-out enqueues a sync of
 * every organization's links: sent to the stack's shared runner, those syncs would run on other test files' banks in
 * the middle of their tests (a "Sync now" would then find nothing new).
 */
const received: { organizationId: string; institutionId: string; reason: string }[] = [];
const runner = await startSyncRunner({
  batchWindowMs: 5,
  handlers: {
    consumer: async (event) => {
      received.push(...event.Records.map((record) => JSON.parse(record.body)));
      return { batchItemFailures: [] };
    },
  },
});
afterAll(() => runner.close());

// The modules read their configuration at import: this file's runner as the queue, the stack's KMS for the tokens.
process.env.SQS_ENDPOINT = runner.endpoint;
process.env.SYNC_QUEUE_URL = runner.queueUrl;
process.env.KMS_ENDPOINT = inject('kmsEndpoint');
process.env.PLAID_TOKEN_KEY_ID = inject('plaidTokenKeyId');
const { createBankLink, newBankLinkId, sealAccessToken } = await import('../../functions/src/data/banking/banks.js');
const { scheduleAllSyncs } = await import('../../functions/src/services/banking/syncJobs.js');

/** A bank link as the exchange stores it (no Plaid call: this consumer never syncs). */
async function storedLink(orgId: string) {
  const id = newBankLinkId();
  await createBankLink({
    id,
    organizationId: orgId,
    itemId: `item-${randomUUID()}`,
    accessToken: await sealAccessToken(orgId, id, `access-sandbox-${randomUUID()}`),
    createdById: 'sync-schedule-test',
    plaidInstitutionId: `ins_${randomUUID().slice(0, 8)}`,
    institutionName: `Scheduled Bank ${randomUUID().slice(0, 6)}`,
    accounts: [],
  });
  return id;
}

describe('the six-hourly schedule', () => {
  it('enqueues one sync, reason "schedule", of every link of every organization', async () => {
    const [first, second] = await Promise.all([newAdmin('schedule-a'), newAdmin('schedule-b')]);
    const orgOf = async (admin: typeof first) => String((await admin.api.get('/api/organization')).body.id);
    const [orgA, orgB] = await Promise.all([orgOf(first), orgOf(second)]);
    const mine = [
      { organizationId: orgA, institutionId: await storedLink(orgA) },
      { organizationId: orgA, institutionId: await storedLink(orgA) },
      { organizationId: orgB, institutionId: await storedLink(orgB) },
    ];

    const enqueued = await scheduleAllSyncs();
    await runner.idle();

    expect(received).toHaveLength(enqueued);
    for (const link of mine) {
      expect(
        received.filter((m) => m.organizationId === link.organizationId && m.institutionId === link.institutionId),
      ).toEqual([expect.objectContaining({ ...link, reason: 'schedule' })]);
    }
  });
});
