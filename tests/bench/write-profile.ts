import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { LOCAL, type LocalStack } from '../../infra/local/stack.js';
import { client, RULE_SET } from './rules-bench.js';
import { importedRows, seedBenchTransactions } from './seed-transactions.js';
import { table } from './stats.js';

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

  const { dynamo } = await import('@rent/functions/data/client');
  const calls: { name: string; ms: number; items: number }[] = [];
  let firstChunk: unknown[] | null = null;
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const started = performance.now();
      const result = await next(args);
      const items = (args.input as { TransactItems?: unknown[] }).TransactItems;
      if (items && !firstChunk) firstChunk = items;
      calls.push({ name: context.commandName ?? '?', ms: performance.now() - started, items: items?.length ?? 0 });
      return result;
    },
    { step: 'initialize', name: 'benchCallTrace' },
  );
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
