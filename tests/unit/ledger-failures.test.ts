import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, bodyOf, lambdaContext } from './support.js';

/** Failures the emulators cannot produce on cue: a batch losing a race mid-way, S3 having a bad moment. */
process.env.TABLE_NAME = 'test';
process.env.RECEIPTS_BUCKET = 'unit-receipts';
process.env.LOG_LEVEL = 'silent';
const { newTransaction, transactionItem } = await import('../../functions/src/data/ledger/items.js');
const bulk = (await import('../../functions/src/http/bulkUpdateTransactions.js')).handler;
const confirm = (await import('../../functions/src/http/confirmReceiptUpload.js')).handler;
const { forgetResolvedCallers } = await import('../../functions/src/runtime/identity.js');

// The repositories' client (data/client.ts): its reads do not go through the SDK document client's send.
const { DocumentClient } = await import('../../functions/src/data/client.js');
const ddb = mockClient(DocumentClient);
const s3 = mockClient(S3Client);
const ORG = 'org-1';

const call = async (handler: typeof bulk, options: Parameters<typeof apiEvent>[0]) =>
  (await handler(apiEvent(options), lambdaContext())) as APIGatewayProxyStructuredResultV2;

/** Identity without a header: the profile (no remembered choice), the index, then the membership item. */
function memberIsAdmin() {
  ddb.on(QueryCommand).resolves({ Items: [] }); // no leases (the lease links' one Query), no other rows
  ddb.on(GetCommand, { Key: { PK: 'USER#user-1', SK: 'PROFILE' } }).resolves({ Item: { id: 'user-1' } });
  ddb.on(QueryCommand, { IndexName: 'GSI1' }).resolves({ Items: [{ orgId: ORG, userId: 'user-1', role: 'ADMIN' }] });
  ddb
    .on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: 'MEMBER#user-1' } })
    .resolves({ Item: { orgId: ORG, userId: 'user-1', role: 'ADMIN' } });
  // The organization, with no closed period (the ledger writes' closed-period check reads it).
  ddb.on(GetCommand, { Key: { PK: `ORG#${ORG}`, SK: 'ORG' } }).resolves({ Item: { PK: `ORG#${ORG}`, SK: 'ORG' } });
}

const txn = (n: number) =>
  transactionItem(
    newTransaction({
      id: `t${n}`,
      userId: 'user-1',
      organizationId: ORG,
      amount: -1000 - n,
      date: '2026-02-10',
      name: `Supplies ${n}`,
      category: 'supplies',
      categorizationSource: 'manual',
      categorizedAt: '2026-02-10T00:00:00.000Z',
      source: 'user_created',
      createdAt: '2026-02-10T00:00:00.000Z',
    }),
  );

beforeEach(() => {
  ddb.reset();
  s3.reset();
  // Each test's first request is a new container's: identity has seen no caller yet (memberIsAdmin's reads).
  forgetResolvedCallers();
});
afterAll(() => {
  ddb.restore();
  s3.restore();
});

describe('bulk update stopped part way', () => {
  it('answers 409 naming the ids already updated when a later batch cannot be written', async () => {
    memberIsAdmin();
    const stored = new Map(Array.from({ length: 150 }, (_, n) => [`TXN#t${n}`, txn(n)]));
    ddb.on(BatchGetCommand).callsFake((input) => {
      const [table] = Object.keys(input.RequestItems);
      const keys = input.RequestItems[table!].Keys as { SK: string }[];
      return { Responses: { [table!]: keys.map((k) => stored.get(k.SK)).filter(Boolean) } };
    });
    let writes = 0;
    ddb.on(TransactWriteCommand).callsFake(() => {
      writes++;
      if (writes === 1) {
        // Someone deletes one of the second batch's transactions while the first batch is written.
        stored.delete('TXN#t149');
        return {};
      }
      throw new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
      });
    });

    const ids = Array.from({ length: 150 }, (_, n) => `t${n}`);
    const result = await call(bulk, { method: 'POST', body: { ids, set: { category: 'repairs' } } });

    expect(result.statusCode).toBe(409);
    const body = bodyOf<{ code: string; error: string; details: { updatedIds: string[] } }>(result);
    expect(body.code).toBe('PARTIAL');
    expect(body.error).toMatch(/^Updated 49 of the 150 selected transactions, then stopped/);
    expect(body.error).toMatch(/Send the same change again to finish/);
    // The first batch: 49 transactions + their 49 audit entries + their one rollup cell = 99 items
    // (one more transaction would need 101), all-or-nothing.
    expect(body.details.updatedIds).toEqual(ids.slice(0, 49));
    const first = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(first).toHaveLength(99);
    expect(first.filter((item) => item.Put?.Item?.type === 'AuditEntry')).toHaveLength(49);
    expect(first.filter((item) => item.Update?.Key?.SK?.startsWith('ROLLUP#'))).toHaveLength(1);
  });

  it('writes nothing at all when the first batch fails', async () => {
    memberIsAdmin();
    ddb.on(BatchGetCommand).resolves({ Responses: { test: [txn(1), txn(2)] } });
    ddb.on(TransactWriteCommand).rejects(new Error('network down'));
    const result = await call(bulk, { method: 'POST', body: { ids: ['t1', 't2'], set: { isIgnored: true } } });
    expect(result.statusCode).toBe(500);
    expect(bodyOf(result)).toEqual({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
});

describe('receipt confirm when S3 misbehaves', () => {
  const pending = {
    PK: `ORG#${ORG}`,
    SK: 'RCPT#r1',
    type: 'Receipt',
    id: 'r1',
    organizationId: ORG,
    userId: 'user-1',
    fileName: 'x.png',
    contentType: 'image/png',
    size: 100,
    key: `receipts/${ORG}/t1/r1-x.png`,
    status: 'PENDING',
    transactionId: 't1',
    createdAt: '2026-01-01T00:00:00.000Z',
    uploadedAt: null,
    version: 1,
  };
  // The confirm first claims the pending receipt (a conditional UpdateItem: lib/verifiedUpload.ts); it gets it.
  beforeEach(() => {
    ddb.on(UpdateCommand).resolves({ Attributes: { ...pending, confirmHolder: 'h', confirmUntil: Date.now() + 1000 } });
  });

  it('answers 500 and deletes nothing when S3 cannot be read (the upload may be fine)', async () => {
    ddb.on(GetCommand).resolves({ Item: pending });
    memberIsAdmin();
    s3.on(HeadObjectCommand).rejects(
      Object.assign(new Error('Service unavailable'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } }),
    );
    const result = await call(confirm, { method: 'POST', pathParameters: { id: 'r1' } });
    expect(result.statusCode).toBe(500);
    expect(bodyOf(result).error).toBe('Something went wrong on our side. Please try again.');
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 400 "not arrived yet" when S3 hides a missing key behind 403 (no s3:ListBucket in AWS)', async () => {
    ddb.on(GetCommand).resolves({ Item: pending });
    memberIsAdmin();
    s3.on(HeadObjectCommand).rejects(
      Object.assign(new Error('Forbidden'), { name: 'Forbidden', $metadata: { httpStatusCode: 403 } }),
    );
    const result = await call(confirm, { method: 'POST', pathParameters: { id: 'r1' } });
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result).error).toBe('The file has not arrived yet. Upload it, then confirm again.');
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('deletes the objects and the record when the first bytes are not what was declared', async () => {
    ddb.on(GetCommand).resolves({ Item: pending });
    memberIsAdmin();
    ddb.on(DeleteCommand).resolves({});
    s3.on(HeadObjectCommand).resolves({ ContentLength: 100, ContentType: 'image/png' });
    s3.on(CopyObjectCommand).resolves({});
    s3.on(GetObjectCommand).resolves({
      Body: { transformToByteArray: async () => new Uint8Array(Buffer.from('<html><body>hi')) } as never,
    });
    s3.on(DeleteObjectCommand).resolves({});
    const result = await call(confirm, { method: 'POST', pathParameters: { id: 'r1' } });
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result).error).toBe('That file is not really a PNG image. Upload a JPEG, PNG, WebP or PDF file.');
    // The upload is copied to the receipt's own key and checked THERE (the pending key stays writable).
    const uploaded = `receipts/pending/${ORG}/r1`;
    expect(s3.commandCalls(CopyObjectCommand)[0]!.args[0].input).toMatchObject({
      CopySource: `unit-receipts/${uploaded}`,
      Key: pending.key,
    });
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toMatchObject({
      Key: pending.key,
      Range: 'bytes=0-15',
    });
    const deleted = s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key);
    expect(deleted).toEqual(expect.arrayContaining([uploaded, pending.key]));
    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({ PK: `ORG#${ORG}`, SK: 'RCPT#r1' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('an atomic write over 100 items', () => {
  it('is a 409 that says what to do, and nothing is sent to DynamoDB', async () => {
    const { writeLedger } = await import('../../functions/src/data/ledger/plan.js');
    const { personActor } = await import('../../functions/src/services/ledger/actors.js');
    const { newTransaction: fresh } = await import('../../functions/src/data/ledger/items.js');
    const record = fresh({
      id: 't-big',
      userId: 'user-1',
      organizationId: ORG,
      amount: -5000,
      date: '2026-02-10',
      name: 'Receipts galore',
      category: 'repairs',
      categorizationSource: 'manual',
      categorizedAt: '2026-02-10T00:00:00.000Z',
      source: 'user_created',
      createdAt: '2026-02-10T00:00:00.000Z',
    });
    // 100 receipts deleted with it (as a delete's extra operations) come to over 100 with its own items.
    const receipts = Array.from({ length: 100 }, (_, i) => ({
      item: { Delete: { TableName: 'test', Key: { PK: `ORG#${ORG}`, SK: `RCPT#r${i}` } } },
    }));
    const caller = { orgId: ORG, userId: 'user-1', email: 'a@example.com', role: 'ADMIN' } as never;
    await expect(
      writeLedger(ORG, [[record, null]], {
        actor: personActor(caller),
        atomic: true,
        deletes: 'asRead',
        extraOps: () => receipts as never,
      }),
    ).rejects.toMatchObject({
      name: 'Conflict',
      code: 'CHANGE_TOO_LARGE',
      message: expect.stringContaining('more than 100 records written together'),
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
