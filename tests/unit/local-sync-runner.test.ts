import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCAL } from '../../infra/local/config.js';
import { type Consumer, SYNC_CONTROL_HEADER, type SyncRunner, startSyncRunner } from '../../infra/local/sync-runner.js';

/**
 * The offline Sync stack's queue: the real @aws-sdk/client-sqs sends to it (SendMessage, JSON protocol, MD5 of the
 * body checked by the SDK), it delivers SQS-shaped batches, retries the batch item failures and dead-letters a
 * message after maxReceiveCount receives, and its timer runs the fan-out.
 */

let runner: SyncRunner | undefined;
afterEach(async () => {
  await runner?.close();
  runner = undefined;
});

/** Signed by the stack's key pair, the only one the runner accepts (tests/integration/sync-runner-stand-in.test.ts). */
const client = (endpoint: string) => new SQSClient({ region: LOCAL.region, endpoint, credentials: LOCAL.credentials });

describe('local sync runner', () => {
  it('accepts SendMessage from the real SQS client and delivers each message once, in SQS event batches', async () => {
    const batches: SQSEvent[] = [];
    const consumer: Consumer = async (event) => {
      batches.push(event);
      return { batchItemFailures: [] };
    };
    runner = await startSyncRunner({ handlers: { consumer }, batchWindowMs: 50 });
    const sqs = client(runner.endpoint);
    const sent = await Promise.all(
      ['a', 'b', 'c'].map((body) =>
        sqs.send(new SendMessageCommand({ QueueUrl: runner!.queueUrl, MessageBody: body })),
      ),
    );
    expect(sent.every((answer) => typeof answer.MessageId === 'string')).toBe(true);
    await runner.idle();
    // However the sends fell into batching windows, each message arrived exactly once.
    const records = batches.flatMap((batch) => batch.Records);
    expect(records.map((r) => r.body).sort()).toEqual(['a', 'b', 'c']);
    expect(records.map((r) => r.messageId).sort()).toEqual(sent.map((s) => s.MessageId).sort());
    expect(records[0]).toMatchObject({ eventSource: 'aws:sqs', attributes: { ApproximateReceiveCount: '1' } });
    expect(runner.state()).toMatchObject({ sent: 3, deliveries: 3, succeeded: 3, retried: 0, deadLetters: [] });
  });

  it('retries batch item failures and moves a message to the dead-letter list after maxReceiveCount', async () => {
    const receives = new Map<string, number>();
    const consumer: Consumer = async (event) => {
      const failures = event.Records.filter((record) => {
        const n = (receives.get(record.body) ?? 0) + 1;
        receives.set(record.body, n);
        // "flaky" fails on its first two receives; "poison" always.
        return record.body === 'poison' || (record.body === 'flaky' && n <= 2);
      });
      return { batchItemFailures: failures.map((r) => ({ itemIdentifier: r.messageId })) };
    };
    runner = await startSyncRunner({ handlers: { consumer }, maxReceiveCount: 3, retryDelayMs: 10, batchWindowMs: 5 });
    const sqs = client(runner.endpoint);
    for (const body of ['ok', 'flaky', 'poison']) {
      await sqs.send(new SendMessageCommand({ QueueUrl: runner.queueUrl, MessageBody: body }));
    }
    await runner.idle();
    expect(Object.fromEntries(receives)).toEqual({ ok: 1, flaky: 3, poison: 3 });
    const state = runner.state();
    expect(state.succeeded).toBe(2);
    expect(state.deadLetters.map((d) => [d.body, d.receiveCount])).toEqual([['poison', 3]]);
  });

  it('fails the whole batch when the consumer throws, as Lambda does', async () => {
    let calls = 0;
    const consumer: Consumer = async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
      return { batchItemFailures: [] };
    };
    runner = await startSyncRunner({ handlers: { consumer }, retryDelayMs: 10, batchWindowMs: 5 });
    await client(runner.endpoint).send(new SendMessageCommand({ QueueUrl: runner.queueUrl, MessageBody: 'x' }));
    await runner.idle();
    expect(calls).toBe(2);
    expect(runner.state()).toMatchObject({ retried: 1, succeeded: 1, deadLetters: [] });
  });

  it('idle waits for held messages: while deliveries are paused it answers only after the resume delivered them', async () => {
    const delivered: string[] = [];
    const consumer: Consumer = async (event) => {
      delivered.push(...event.Records.map((r) => r.body));
      return { batchItemFailures: [] };
    };
    runner = await startSyncRunner({ handlers: { consumer }, batchWindowMs: 5 });
    const control = (action: string) =>
      fetch(`${runner!.endpoint}/_control/${action}`, {
        method: 'POST',
        headers: { [SYNC_CONTROL_HEADER]: runner!.controlKey },
      });
    expect((await control('pause')).status).toBe(200);
    await client(runner.endpoint).send(new SendMessageCommand({ QueueUrl: runner.queueUrl, MessageBody: 'held' }));
    let idle = false;
    const waiting = runner.idle().then(() => {
      idle = true;
    });
    // Past several batching windows: still held, so not idle.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect({ idle, delivered }).toEqual({ idle: false, delivered: [] });
    expect((await control('resume')).status).toBe(200);
    await waiting;
    expect(delivered).toEqual(['held']);
  });

  it('answers an unknown queue as SQS does', async () => {
    runner = await startSyncRunner({ handlers: { consumer: async () => ({ batchItemFailures: [] }) } });
    const wrong = runner.queueUrl.replace('rent-bank-sync', 'someone-else');
    await expect(
      client(runner.endpoint).send(new SendMessageCommand({ QueueUrl: wrong, MessageBody: 'x' })),
    ).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
    expect(runner.state().sent).toBe(0);
  });

  it('runs the fan-out on its timer only when an interval is configured', async () => {
    const fanOut = vi.fn(async () => ({ enqueued: 0 }));
    const consumer: Consumer = async () => ({ batchItemFailures: [] });
    runner = await startSyncRunner({ handlers: { consumer, fanOut } });
    expect(await runner.schedule()).toBe(0);
    expect(fanOut).toHaveBeenCalledTimes(1);
    await runner.close();

    runner = await startSyncRunner({ handlers: { consumer, fanOut }, scheduleEveryMs: 20 });
    await vi.waitFor(() => expect(fanOut.mock.calls.length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
  });
});
