import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { BatchWriteItemCommand, type DynamoDBClient, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { LOCAL, type LocalStack } from '../../infra/local/stack.js';
import { client, RULE_SET } from './rules-bench.js';
import { importedRows, seedBenchTransactions } from './seed-transactions.js';
import { percentile, table } from './stats.js';

/**
 * `npm run bench -- profile`: where the ledger's bulk writes spend their time (docs/performance.md "Writes"). On an
 * organization of 50,000 transactions and 25 rules, a rule apply of ~5,000, its undo and an import of 1,000 are each
 * run under the CPU profiler (this process runs the local gateway and the handlers) with every DynamoDB call they
 * make counted and timed. Prints the calls by kind and the profile's top frames by self time; writes each
 * `.cpuprofile` (open it in Chrome's DevTools) and the first TransactWriteItems of the apply, as sent, to
 * BENCH_PROFILE_DIR (default /tmp/rent-write-profile).
 */
export async function profileWrites(stack: LocalStack) {
  const out = process.env.BENCH_PROFILE_DIR ?? '/tmp/rent-write-profile';
  mkdirSync(out, { recursive: true });
  const owner = (await stack.tokensFor(`profile-${randomUUID().slice(0, 8)}@example.com`)).id_token;
  const api = client(stack, owner);
  const org = (await api.get('/api/organization')).body.id as string;
  await seedBenchTransactions(stack.dynamoEndpoint, LOCAL.tableName, org, 50_000);
  for (const [i, rule] of RULE_SET.entries()) await api.post('/api/categorization-rules', { name: `R${i}`, ...rule });
  // The first read builds the match index; DynamoDB Local's JVM warms up on a smaller apply and undo.
  const probe = { rule: { namePattern: 'home depot', category: 'repairs' }, limit: 50 };
  while ((await api.post('/api/categorization-rules/preview', probe)).status !== 200);
  const warm = await api.post('/api/categorization-rules/apply-single', {
    rule: { amountMin: 2000, amountMax: 2100, category: 'other_expenses' },
    allMatching: true,
  });
  await api.post(`/api/categorization-rules/batches/${warm.body.batchId}/undo`, undefined);

  const { db, dynamo } = await import('@rent/functions/data/client');
  const floor = await transactionalItemFloor(dynamo);
  console.log(
    `\nDynamoDB Local's floor here: ${floor.toFixed(2)} ms a transactional item (TransactWriteItems of 100 conditional updates)`,
  );
  const calls: { name: string; ms: number; items: number }[] = [];
  let firstChunk: unknown[] | null = null;
  const trace = async <T>(name: string, input: unknown, send: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await send();
    const items = (input as { TransactItems?: unknown[] }).TransactItems;
    if (items && !firstChunk) firstChunk = items;
    calls.push({ name, ms: performance.now() - started, items: items?.length ?? 0 });
    return result;
  };
  // The repositories' two clients (functions/src/data/client.ts): the document client's writes through its middleware
  // stack; the reads, on the client that keeps its resolved stacks (so a middleware added now would not run), by its send.
  db.middlewareStack.add((next, context) => (args) => trace(context.commandName ?? '?', args.input, () => next(args)), {
    step: 'initialize',
    name: 'benchCallTrace',
  });
  type Command = { constructor: { name: string }; input: unknown };
  const send = dynamo.send.bind(dynamo) as (command: Command) => Promise<unknown>;
  (dynamo as { send: unknown }).send = (command: Command) =>
    trace(command.constructor.name, command.input, () => send(command));
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  const profile = async (label: string, run: () => Promise<number>) => {
    calls.length = 0;
    await session.post('Profiler.start');
    const started = performance.now();
    const count = await run();
    const took = performance.now() - started;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(out, `${label}.cpuprofile`), JSON.stringify(profile));
    console.log(
      `\n${label}: ${count.toLocaleString('en-US')} in ${Math.round(took)} ms (${Math.round(count / (took / 1000))}/s)`,
    );
    const byName = new Map<string, { calls: number; ms: number; items: number }>();
    for (const call of calls) {
      const entry = byName.get(call.name) ?? { calls: 0, ms: 0, items: 0 };
      byName.set(call.name, { calls: entry.calls + 1, ms: entry.ms + call.ms, items: entry.items + call.items });
    }
    const written = calls.reduce((sum, call) => sum + call.items, 0);
    console.log(
      `its ${written.toLocaleString('en-US')} transactional items at the floor: ${Math.round(written * floor)} ms, so at most ${Math.round(count / ((written * floor) / 1000))}/s on this DynamoDB Local`,
    );
    table([
      ['DynamoDB call', 'calls', 'time summed', 'items'],
      ...[...byName].map(([name, e]) => [name, e.calls, `${Math.round(e.ms)} ms`, e.items || '']),
    ]);
    table([['top frames (self time)', 'ms'], ...topFrames(profile, 8).map(([frame, ms]) => [frame, Math.round(ms)])]);
  };

  const wide = { rule: { amountMin: 100, amountMax: 415, category: 'other_expenses' } };
  let batchId = '';
  await profile('apply', async () => {
    let categorized = 0;
    for (;;) {
      const res = await api.post('/api/categorization-rules/apply-single', { ...wide, allMatching: true });
      categorized += res.body.categorizedCount;
      batchId = res.body.batchId;
      if (res.body.complete) return categorized;
    }
  });
  writeFileSync(join(out, 'apply-first-chunk.json'), JSON.stringify(firstChunk, null, 1));
  await profile('undo', async () => {
    for (;;) {
      const res = await api.post(`/api/categorization-rules/batches/${batchId}/undo`, undefined);
      if (res.body.batch.status === 'undone') return res.body.restoredCount;
    }
  });
  const { importTransactions } = await import('@rent/functions/services/ledger/transactions');
  const { importId, rows } = importedRows(org, 1_000);
  await profile('import', async () => {
    const actor = { actorId: null, via: 'import' as const, ref: importId, override: false };
    return (await importTransactions(org, rows, actor)).inserted.length;
  });
  session.disconnect();
  await api.close();
  console.log(`\nprofiles and the apply's first chunk in ${out}`);
}

/**
 * What one item of a TransactWriteItems costs DynamoDB Local on this machine, whatever the code around it: 2,000 small
 * items in a partition of their own, each updated once under a condition, 100 to a call (DynamoDB's limit). The
 * median of the calls' time per item.
 */
async function transactionalItemFloor(dynamo: DynamoDBClient): Promise<number> {
  const pk = { S: `BENCH#floor#${randomUUID()}` };
  const key = (i: number) => ({ PK: pk, SK: { S: `ITEM#${String(i).padStart(5, '0')}` } });
  const ids = Array.from({ length: 2_000 }, (_, i) => i);
  for (let i = 0; i < ids.length; i += 25) {
    const Item = (j: number) => ({ ...key(j), version: { N: '1' }, name: { S: `Floor item ${j}` } });
    await dynamo.send(
      new BatchWriteItemCommand({
        RequestItems: { [LOCAL.tableName]: ids.slice(i, i + 25).map((j) => ({ PutRequest: { Item: Item(j) } })) },
      }),
    );
  }
  const perItem: number[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const started = performance.now();
    await dynamo.send(
      new TransactWriteItemsCommand({
        TransactItems: ids.slice(i, i + 100).map((j) => ({
          Update: {
            TableName: LOCAL.tableName,
            Key: key(j),
            UpdateExpression: 'SET version = :next',
            ConditionExpression: 'version = :was',
            ExpressionAttributeValues: { ':next': { N: '2' }, ':was': { N: '1' } },
          },
        })),
      }),
    );
    perItem.push((performance.now() - started) / 100);
  }
  return percentile(perItem, 50);
}

/** The frames with the most self time (ms), named by function, file and line. */
function topFrames(profile: Profiler.Profile, count: number): [string, number][] {
  const bySample = new Map<number, number>();
  for (const [i, id] of (profile.samples ?? []).entries()) {
    bySample.set(id, (bySample.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  }
  const byFrame = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const frame = url
      ? `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`
      : functionName;
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + (bySample.get(node.id) ?? 0));
  }
  return [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, count);
}
