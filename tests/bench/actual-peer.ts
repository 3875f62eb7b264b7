import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlaidTransactionLike } from '@rent/shared';
import { decimalToCents } from '@rent/shared';
import { RULE_SET } from './rules-bench.js';
import { ms } from './stats.js';

const rate = (count: number, millis: number) => `${Math.round(count / (millis / 1000)).toLocaleString('en-US')}/s`;

/**
 * The peer figure beside "bank sync ingest": Actual Budget's `importTransactions` (through @actual-app/api,
 * offline, a fresh local budget) for the same rows, with the same 25 name rules as Actual rules. Only when
 * @actual-app/api is installed (it is not a dependency of this repository); otherwise says so.
 */
export async function benchActualPeer(rows: PlaidTransactionLike[]) {
  let api: any;
  try {
    const name = '@actual-app/api';
    api = await import(/* @vite-ignore */ name);
    api = api.default ?? api;
  } catch {
    console.log(
      'peer (Actual importTransactions): not measured: @actual-app/api is not installed here (its better-sqlite3 has no prebuilt binary reachable offline; building it from source did not finish in 10 minutes on this shared 2-core machine)',
    );
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'actual-bench-'));
  try {
    await api.init({ dataDir });
    let importMs = 0;
    let added = 0;
    let replayAdded = 0;
    await api.runImport('Rent.Today bench', async () => {
      const accountId = await api.createAccount({ name: 'Checking', type: 'checking' }, 0);
      const groupId = await api.createCategoryGroup({ name: 'Rental' });
      const categories = new Map<string, string>();
      for (const rule of RULE_SET) {
        if (!categories.has(rule.category)) {
          categories.set(rule.category, await api.createCategory({ name: rule.category, group_id: groupId }));
        }
        if (!rule.namePattern) continue;
        for (const word of rule.namePattern.split('|')) {
          await api.createRule({
            stage: null,
            conditionsOp: 'and',
            conditions: [{ field: 'imported_payee', op: 'contains', value: word.replace(/\\s\*/g, ' ') }],
            actions: [{ op: 'set', field: 'category', value: categories.get(rule.category) }],
          });
        }
      }
      const transactions = rows.map((t) => ({
        date: t.date,
        amount: -(decimalToCents(t.amount) ?? 0),
        payee_name: t.merchant_name ?? t.name ?? '',
        imported_payee: t.name ?? '',
        imported_id: t.transaction_id,
        cleared: !t.pending,
      }));
      const started = performance.now();
      const result = await api.importTransactions(accountId, transactions);
      importMs = performance.now() - started;
      added = result.added.length;
      replayAdded = (await api.importTransactions(accountId, transactions)).added.length;
    });
    console.log(
      `peer (Actual ${api.version ?? ''} importTransactions, same ${rows.length.toLocaleString('en-US')} rows, local SQLite): ${ms(importMs)}, ${rate(added, importMs)}, ${added.toLocaleString('en-US')} added; replay added ${replayAdded}`,
    );
  } catch (error) {
    console.log(`peer (Actual importTransactions): not measured: ${(error as Error).message}`);
  } finally {
    await api.shutdown?.().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
