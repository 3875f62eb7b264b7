import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Agent, request } from 'undici';
import { LOCAL, type LocalStack, startLocalStack } from '../../infra/local/stack.js';
import { type Calibration, calibrated, calibrationLabel, rateBudgetHere, timeBudgetHere } from './rules-engine.js';
import { importedRows, seedBenchTransactions } from './seed-transactions.js';
import { ms, percentile, table } from './stats.js';

/**
 * Categorization rules at scale, on an organization with 50,000 transactions and 25 active rules
 * (docs/ledger.md "Match index" and "Batched writes", docs/rules.md "Apply and undo"). The budgets are set at the
 * calibration of tests/bench/rules-engine.ts (CALIBRATION_CHECKS_PER_SECOND) and scaled by the engine's speed
 * measured in this process just before each figure (both figures are CPU-bound on one machine: DynamoDB Local and
 * the handlers). Printed, never asserted.
 *
 * `benchRules(stack)` seeds a fresh organization; `benchRules(stack, token, orgId)` uses one that
 * already holds the 50,000 transactions (tests/bench/run.ts seeds one for the ledger figures).
 */
export const PREVIEW_BUDGET_MS = 100;
export const APPLY_BUDGET_PER_SECOND = 1_500;
export const UNDO_BUDGET_PER_SECOND = 1_500;
export const IMPORT_BUDGET_PER_SECOND = 3_000;

const RULES = '/api/categorization-rules';

/** 25 rules over the seeder's vendors (tests/bench/seed-transactions.ts), the way a landlord writes them. */
export const RULE_SET: {
  namePattern?: string;
  amountMin?: number;
  amountMax?: number;
  amountExact?: number;
  category: string;
}[] = [
  { namePattern: '^rent payment', category: 'rental_income' },
  { namePattern: 'mortgage', amountMin: 1000, category: 'mortgage' },
  { namePattern: 'mortgage', amountMax: 999.99, category: 'mortgage_interest' },
  { namePattern: 'water utility', category: 'utilities' },
  { namePattern: 'electric', category: 'utilities' },
  { namePattern: 'rossi\\s+plumbing', amountMin: 1500, category: 'hvac_plumbing_electrical' },
  { namePattern: 'rossi\\s+plumbing', category: 'repairs' },
  { namePattern: 'home depot', amountMax: 250, category: 'supplies' },
  { namePattern: 'home depot', amountMin: 2500, category: 'appliances' },
  { namePattern: 'state farm', category: 'insurance' },
  { namePattern: 'county treasurer', category: 'taxes' },
  { namePattern: 'lawn care', category: 'cleaning_maintenance' },
  { namePattern: 'owner distribution', category: 'owner_distributions' },
  { namePattern: 'laundry', category: 'laundry' },
  { namePattern: 'pest control', category: 'repairs' },
  { namePattern: 'treasurer|irs|franchise tax', category: 'taxes' },
  { namePattern: 'zillow|apartments\\.com', category: 'advertising' },
  { namePattern: 'airbnb|vrbo', category: 'short_term_rents' },
  { namePattern: 'late fee', category: 'late_fees' },
  { namePattern: '\\b(adt|simplisafe)\\b', category: 'security_systems' },
  { namePattern: 'ikea|wayfair', category: 'furniture' },
  { namePattern: 'uber|lyft', amountMax: 150, category: 'auto_travel' },
  { amountExact: 25, category: 'application_fees' },
  { amountMin: 10000, category: 'renovations' },
  { namePattern: 'state farm|allstate', amountMin: 2000, category: 'insurance_proceeds' },
];

interface Client {
  post<T = any>(path: string, body: unknown): Promise<{ status: number; body: T; ms: number }>;
  put<T = any>(path: string, body: unknown): Promise<{ status: number; body: T; ms: number }>;
  patch<T = any>(path: string, body: unknown): Promise<{ status: number; body: T; ms: number }>;
  get<T = any>(path: string): Promise<{ status: number; body: T; ms: number }>;
  close(): Promise<void>;
}

export function client(stack: LocalStack, token: string): Client {
  const dispatcher = new Agent({ connect: { ca: readFileSync(stack.certPath) }, connections: 32 });
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown) => {
    const started = performance.now();
    const res = await request(`${stack.url}${path}`, {
      method,
      dispatcher,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : null, ms: performance.now() - started };
  };
  return {
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    patch: (path, body) => call('PATCH', path, body),
    get: (path) => call('GET', path),
    close: () => dispatcher.close(),
  };
}

const rate = (count: number, millis: number) => `${Math.round(count / (millis / 1000)).toLocaleString('en-US')}/s`;

/** `>= n/s here` for a rate budget set at the calibration: within it, or UNDER it. */
function rateVerdict(calibration: Calibration, budget: number, count: number, millis: number) {
  const here = rateBudgetHere(calibration, budget);
  const perSecond = count / (millis / 1000);
  return `>= ${Math.round(here).toLocaleString('en-US')}/s here, ${budget.toLocaleString('en-US')}/s calibrated (${perSecond >= here ? 'within' : 'UNDER'})`;
}

export async function benchRules(stack: LocalStack, token?: string, orgId?: string) {
  let owner = token;
  let org = orgId;
  if (!owner || !org) {
    owner = (await stack.tokensFor(`rules-bench-${randomUUID().slice(0, 8)}@example.com`)).id_token;
    const api0 = client(stack, owner);
    org = (await api0.get('/api/organization')).body.id as string;
    await api0.close();
    const seeded = await seedBenchTransactions(stack.dynamoEndpoint, LOCAL.tableName, org, 50_000);
    console.log(`seeded 50,000 transactions in ${ms(seeded.ms)}`);
  }
  const api = client(stack, owner);
  try {
    for (const [i, rule] of RULE_SET.entries()) {
      const res = await api.post(`${RULES}?organizationId=${org}`, { name: `Rule ${i + 1}`, priority: i % 3, ...rule });
      if (res.status !== 201) throw new Error(`rule ${i + 1}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    console.log(`${RULE_SET.length} active rules`);

    // The seeder writes past the repositories, so the first read builds the match index (once, resumable).
    const buildStarted = performance.now();
    const probe = { rule: { namePattern: 'home depot', category: 'repairs' }, limit: 50 };
    let calls = 0;
    for (;;) {
      calls++;
      const res = await api.post(`${RULES}/preview`, probe);
      if (res.status === 200) break;
      if (res.status !== 503) throw new Error(`preview: ${res.status} ${JSON.stringify(res.body)}`);
    }
    console.log(
      `match index built from the seeded transactions in ${ms(performance.now() - buildStarted)} (${calls} calls; one-off)`,
    );

    const { result: previewed, calibration: previewCalibration } = await calibrated(async () => {
      const previews: number[] = [];
      let count = 0;
      for (let i = 0; i < 21; i++) {
        const res = await api.post(`${RULES}/preview`, probe);
        if (i > 0) previews.push(res.ms);
        count = res.body.count;
      }
      return { previews, count };
    });
    const { previews, count } = previewed;
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) counts.push((await api.get(`${RULES}/match-counts`)).ms);

    // DynamoDB Local's JVM compiles its transaction path on first use (the first chunks run ~2x slower
    // than later ones; DynamoDB itself has no such warm-up): apply and undo a smaller rule first.
    const warmStarted = performance.now();
    const warm = await api.post(`${RULES}/apply-single`, {
      rule: { amountMin: 2000, amountMax: 2100, category: 'other_expenses' },
      allMatching: true,
    });
    if (warm.body.batchId) await api.post(`${RULES}/batches/${warm.body.batchId}/undo`, undefined);
    console.log(
      `warm-up: applied and undid a rule matching ${warm.body.categorizedCount} in ${ms(performance.now() - warmStarted)}`,
    );

    // A rule matching ~5,000 transactions: amounts between $100 and $415 (the seeder's are uniform $5-$3,005).
    const wide = { rule: { amountMin: 100, amountMax: 415, category: 'other_expenses' } };
    const matching = (await api.post(`${RULES}/preview`, { ...wide, limit: 1 })).body.count as number;
    const { result: applied, calibration: applyCalibration } = await calibrated(async () => {
      const applyStarted = performance.now();
      let categorized = 0;
      let applyCalls = 0;
      for (;;) {
        applyCalls++;
        const res = await api.post(`${RULES}/apply-single`, { ...wide, allMatching: true });
        if (res.status !== 200) throw new Error(`apply: ${res.status} ${JSON.stringify(res.body)}`);
        categorized += res.body.categorizedCount;
        if (res.body.complete) break;
      }
      return { categorized, applyCalls, applyMs: performance.now() - applyStarted };
    });
    const { categorized, applyCalls, applyMs } = applied;
    const batches = (await api.get(`${RULES}/batches?limit=1`)).body.batches;
    const { result: undone, calibration: undoCalibration } = await calibrated(async () => {
      const undoStarted = performance.now();
      let undo: { body: { restoredCount: number; batch: { status: string } } };
      let undoCalls = 0;
      do {
        undoCalls++;
        undo = await api.post(`${RULES}/batches/${batches[0].id}/undo`, undefined);
      } while (undo.body.batch.status !== 'undone');
      return { undo, undoCalls, undoMs: performance.now() - undoStarted };
    });
    const { undo, undoCalls, undoMs } = undone;

    // 1,000 new transactions arriving without a category: the bulk path bank sync and file import use
    // (in-process, as a sync job would run it), and people creating them one by one through the API.
    const { importTransactions } = await import('@rent/functions/services/ledger/transactions');
    const { importId, rows: records } = importedRows(org!, 1_000);
    const vendors = ['Rent payment', 'Water utility', 'The Home Depot', 'Lawn care', 'Unknown vendor'];
    const { result: importRun, calibration: importCalibration } = await calibrated(async () => {
      const importStarted = performance.now();
      const imported = await importTransactions(org!, records, {
        actorId: null,
        via: 'import',
        ref: importId,
        override: false,
      });
      return { imported, importMs: performance.now() - importStarted };
    });
    const { imported, importMs } = importRun;
    const byRule = imported.inserted.filter((t) => t.categorizationSource === 'rule').length;

    const createStarted = performance.now();
    let next = 0;
    let createdByRule = 0;
    const day = (i: number) => new Date(Date.now() - (i % 60) * 86_400_000).toISOString().slice(0, 10);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 1_000) {
          const i = next++;
          const res = await api.post('/api/transactions', {
            name: `${vendors[i % vendors.length]} by hand ${i}`,
            date: day(i),
            amount: -(10 + i),
          });
          if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
          if (res.body.transaction.categorizationSource === 'rule') createdByRule++;
        }
      }),
    );
    const createMs = performance.now() - createStarted;

    const p50 = percentile(previews, 50);
    const previewBudget = timeBudgetHere(previewCalibration, PREVIEW_BUDGET_MS);
    table([
      ['measure', 'result', 'rate', 'calibration', 'budget'],
      [
        `preview of one rule (${count.toLocaleString('en-US')} matches of 50,000), p50`,
        ms(p50),
        '',
        calibrationLabel(previewCalibration),
        `<= ${ms(previewBudget)} here, ${PREVIEW_BUDGET_MS} ms calibrated (${p50 <= previewBudget ? 'within' : 'OVER'})`,
      ],
      ['preview of one rule, p95', ms(percentile(previews, 95)), '', '', ''],
      [`match counts of all ${RULE_SET.length} rules, p50`, ms(percentile(counts, 50)), '', '', ''],
      [
        `apply a rule matching ${matching.toLocaleString('en-US')} (${applyCalls} call${applyCalls > 1 ? 's' : ''})`,
        ms(applyMs),
        rate(categorized, applyMs),
        calibrationLabel(applyCalibration),
        rateVerdict(applyCalibration, APPLY_BUDGET_PER_SECOND, categorized, applyMs),
      ],
      [
        `undo that batch (${undo.body.restoredCount} restored, ${undoCalls} call${undoCalls > 1 ? 's' : ''})`,
        ms(undoMs),
        rate(undo.body.restoredCount, undoMs),
        calibrationLabel(undoCalibration),
        rateVerdict(undoCalibration, UNDO_BUDGET_PER_SECOND, undo.body.restoredCount, undoMs),
      ],
      [
        `import 1,000 new transactions (${byRule} categorized by rules)`,
        ms(importMs),
        rate(imported.inserted.length, importMs),
        calibrationLabel(importCalibration),
        rateVerdict(importCalibration, IMPORT_BUDGET_PER_SECOND, imported.inserted.length, importMs),
      ],
      [
        `create 1,000 by API, 8 at once, 60 days (${createdByRule} by rules)`,
        ms(createMs),
        rate(1_000, createMs),
        '',
        '',
      ],
    ]);
  } finally {
    await api.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const stack = await startLocalStack({ port: 0, persist: false, seed: false });
  try {
    console.log('== Categorization rules on 50,000 transactions ==');
    await benchRules(stack);
  } finally {
    await stack.stop();
  }
}
