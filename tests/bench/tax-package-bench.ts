import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite, putRequests } from '@rent/functions/data/batchWrite';
import { keys } from '@rent/functions/data/keys';
import { newTransaction, type TransactionRecord, transactionItem } from '@rent/functions/data/ledger/items';
import { computeRollups, rollupUpdate } from '@rent/functions/data/ledger/rollupDeltas';
import { Agent, fetch } from 'undici';
import { localClient } from '../../infra/local/dynamodb.js';
import { LOCAL, type LocalStack } from '../../infra/local/stack.js';
import { table } from './stats.js';

const run = promisify(execFile);
const RECEIPTS = 1_000;
const RECEIPT_BYTES = 100 * 1024;

/**
 * "Tax package of 1,000 receipts: time and peak memory": an organization with 1,000 transactions of
 * last year, each with a 100 KB receipt in the S3 emulator (about 100 MB of receipts), built by the job in a
 * process of its own; prints its time, the zip's size and the process's peak memory. Printed, never asserted.
 */
export async function benchTaxPackage(stack: LocalStack) {
  console.log(`\n== Tax package of ${RECEIPTS.toLocaleString('en-US')} receipts (${RECEIPT_BYTES / 1024} KB each) ==`);
  const token = (await stack.tokensFor(`bench-taxpkg-${randomBytes(4).toString('hex')}@example.com`)).id_token;
  const dispatcher = new Agent({ connect: { ca: readFileSync(stack.certPath) } });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.url}${path}`, {
      dispatcher,
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json() as Promise<any>;
  };
  const orgId = (await api('GET', '/api/organization')).id as string;
  const year = String(new Date().getUTCFullYear() - 1);
  const doc = DynamoDBDocumentClient.from(localClient(stack.dynamoEndpoint));
  const s3 = new S3Client({
    endpoint: stack.s3Endpoint,
    forcePathStyle: true,
    region: LOCAL.region,
    credentials: LOCAL.credentials,
  });

  const seeded = performance.now();
  const at = new Date().toISOString();
  const transactions: TransactionRecord[] = [];
  const receiptItems: Record<string, unknown>[] = [];
  for (let n = 0; n < RECEIPTS; n++) {
    const id = `taxbench-${n}`;
    const date = `${year}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
    transactions.push(
      newTransaction({
        id,
        organizationId: orgId,
        amount: -(1000 + n),
        date,
        name: `Supplier ${n % 37}`,
        category: 'repairs',
        categorizationSource: 'manual',
        categorizedAt: at,
        source: 'user_created',
        createdAt: at,
        hasReceipt: true,
        receiptCount: 1,
      }),
    );
    const receiptId = `rcpt-${n}-${randomBytes(4).toString('hex')}`;
    const key = `receipts/${orgId}/${id}/${receiptId}-receipt.jpg`;
    receiptItems.push({
      ...keys.receipt(orgId, receiptId),
      ...keys.receiptOfTransaction(orgId, id, at, receiptId),
      type: 'Receipt',
      id: receiptId,
      organizationId: orgId,
      userId: 'bench',
      fileName: 'receipt.jpg',
      contentType: 'image/jpeg',
      size: RECEIPT_BYTES,
      key,
      status: 'READY',
      transactionId: id,
      createdAt: at,
      uploadedAt: at,
      version: 1,
    });
  }
  await batchWrite(
    { client: doc, table: LOCAL.tableName },
    putRequests([...transactions.map(transactionItem), ...receiptItems]),
    16,
  );
  for (const cell of computeRollups(transactions)) {
    await doc.send(new UpdateCommand(rollupUpdate(LOCAL.tableName, orgId, cell)));
  }
  const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(RECEIPT_BYTES - 4)]);
  for (let i = 0; i < receiptItems.length; i += 16) {
    await Promise.all(
      receiptItems
        .slice(i, i + 16)
        .map((r) => s3.send(new PutObjectCommand({ Bucket: LOCAL.receiptsBucket, Key: r.key as string, Body: bytes }))),
    );
  }
  console.log(`seeded ${RECEIPTS} transactions and receipts in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  // The package record as POST /api/tax-packages makes it, without starting the in-process runner.
  const { startTaxPackageRecord, getTaxPackage } = await import('@rent/functions/data/reports/taxPackages');
  const { record } = await startTaxPackageRecord(orgId, year, new Date());
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'tests/bench/tax-package-job.ts', orgId, record.id],
    {
      env: { ...process.env, LOG_LEVEL: 'warn' },
      maxBuffer: 1024 * 1024,
    },
  );
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { ms: number; maxRssKb: number };
  const built = await getTaxPackage(orgId, record.id);
  table([
    ['receipts', 'status', 'files', 'zip', 'time', 'peak memory (job process)'],
    [
      RECEIPTS,
      built.status,
      built.progress.total,
      `${((built.size ?? 0) / 1024 / 1024).toFixed(1)} MB`,
      `${(result.ms / 1000).toFixed(1)} s`,
      `${(result.maxRssKb / 1024).toFixed(0)} MB RSS`,
    ],
  ]);
}
