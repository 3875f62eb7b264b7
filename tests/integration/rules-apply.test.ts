import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../functions/src/data/ledger/items.js';
import { newAdmin } from '../support/api.js';
import { db, partition, TABLE_NAME } from '../support/db.js';
import { orgIdOf, TRANSACTION_FIELDS } from './ledger-helpers.js';
import { uploadReceipt } from './receipt-upload.js';
import {
  createTransactions,
  editable,
  expectConsistent,
  importSyncedRows,
  repositories,
  ruleBody,
  SYSTEM_ACTOR,
} from './rules-helpers.js';

const RULES = '/api/categorization-rules';
const DEPOT = { namePattern: 'home\\s*depot', category: 'repairs' };

type Api = Awaited<ReturnType<typeof newAdmin>>['api'];

const transactionsOf = async (orgId: string) =>
  new Map(
    (await partition(`ORG#${orgId}`))
      .filter((i) => i.type === 'Transaction')
      .map((i) => [i.id as string, i as Record<string, unknown>]),
  );

/** Transactions written straight through the import path (fast), in one month and (by default) no property. */
function importRows(orgId: string, count: number, name: (i: number) => string, over: Partial<TransactionRecord> = {}) {
  const rows = Array.from({ length: count }, (_, i) => ({
    amount: -(1000 + i),
    date: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
    name: name(i),
  }));
  return importSyncedRows(orgId, rows, over);
}

async function setup(api: Api) {
  const [manual, plain, ignored, other, already] = await createTransactions(api, [
    { name: 'The Home Depot #1', amount: -40, category: 'supplies' },
    { name: 'HOME DEPOT 0042', amount: -60, date: '2026-01-20' },
    { name: 'Home Depot ignored', amount: -10, isIgnored: true },
    { name: "Lowe's", amount: -15 },
    { name: 'Home Depot returns', amount: 25, category: 'repairs' },
  ]);
  return { manual, plain, ignored, other, already };
}

describe('apply-single', () => {
  it('categorizes the selected transactions it matches, with provenance, and only those', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const t = await setup(api);
    const rule = (await api.post(RULES, ruleBody())).body.rule;
    const selected = (await api.get('/api/transactions')).body.transactions;
    expect(selected).toHaveLength(5);

    const res = await api.post(`${RULES}/apply-single?organizationId=${orgId}`, {
      rule: DEPOT,
      ruleId: rule.id,
      transactions: selected,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ categorizedCount: 2, skippedCount: 3, remainingCount: 0, complete: true });
    expect(res.body.batchId).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}$/);

    for (const id of [t.manual.id, t.plain.id]) {
      const { transaction } = (await api.get(`/api/transactions/${id}`)).body;
      expect(Object.keys(transaction).sort()).toEqual([...TRANSACTION_FIELDS, 'categorizedByRuleId'].sort());
      expect(transaction).toMatchObject({
        category: 'repairs',
        categorizationSource: 'rule',
        categorizedByRuleId: rule.id,
        categorizationConfidence: 0.9,
        version: 2,
      });
      expect(Date.parse(transaction.categorizedAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    // Ignored, not matching, and already in the category: untouched.
    const items = await transactionsOf(orgId);
    for (const id of [t.ignored.id, t.other.id, t.already.id]) expect(items.get(id)?.version).toBe(1);
    await expectConsistent(orgId);
  });

  it('re-categorizes transactions with receipts (selected or all matching), and undoes it', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const name = `HOME DEPOT receipt ${randomUUID().slice(0, 8)}`;
    const created = await api.post('/api/transactions', {
      name,
      date: '2026-02-10',
      amount: -120,
      category: 'supplies',
      propertyId: null,
      notes: null,
    });
    expect(created.status).toBe(201);
    const id = created.body.transaction.id as string;
    expect((await uploadReceipt(api, { transactionId: id })).status).toBe(200);
    const selected = await api.post(`${RULES}/apply-single`, {
      rule: DEPOT,
      transactions: [(await api.get(`/api/transactions/${id}`)).body.transaction],
    });
    expect(selected.status, JSON.stringify(selected.body)).toBe(200);
    expect(selected.body).toMatchObject({ categorizedCount: 1, complete: true });
    expect((await api.get(`/api/transactions/${id}`)).body.transaction).toMatchObject({
      category: 'repairs',
      hasReceipt: true,
    });
    const undone = await api.post(`${RULES}/batches/${selected.body.batchId}/undo`);
    expect(undone.status).toBe(200);
    expect((await api.get(`/api/transactions/${id}`)).body.transaction.category).toBe('supplies');
    const all = await api.post(`${RULES}/apply-single`, { rule: DEPOT, allMatching: true });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toMatchObject({ categorizedCount: 1, complete: true });
    // Every batch in the history finished: none is left applying or interrupted.
    const { batches } = (await api.get(`${RULES}/batches`)).body;
    expect(batches.map((b: { status: string }) => b.status).sort()).toEqual(['applied', 'undone']);
    await expectConsistent(orgId);
  });

  it('is idempotent: the same apply again changes nothing and records no batch', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    await setup(api);
    const selected = (await api.get('/api/transactions')).body.transactions;
    const first = await api.post(`${RULES}/apply-single`, { rule: DEPOT, transactions: selected });
    expect(first.body.categorizedCount).toBe(2);
    const before = await partition(`ORG#${orgId}`);
    const again = await api.post(`${RULES}/apply-single`, { rule: DEPOT, transactions: selected });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      categorizedCount: 0,
      skippedCount: 5,
      closedCount: 0,
      remainingCount: 0,
      complete: true,
      batchId: null,
    });
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
    // Without a saved rule, no rule id is recorded.
    const plain = (await api.get('/api/transactions')).body.transactions.find(
      (x: { name: string }) => x.name === 'HOME DEPOT 0042',
    );
    expect(plain.categorizationSource).toBe('rule');
    expect(plain).not.toHaveProperty('categorizedByRuleId');
  });

  it("uses only the ids of the client's objects: the server re-reads and re-checks each", async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const t = await setup(api);
    const forged = { ...t.other, name: 'HOME DEPOT (forged)', category: null, isIgnored: false };
    const forgedIgnored = { ...t.ignored, isIgnored: false };
    const res = await api.post(`${RULES}/apply-single`, { rule: DEPOT, transactions: [forged, forgedIgnored] });
    expect(res.body).toMatchObject({ categorizedCount: 0, skippedCount: 2, batchId: null });
    expect((await transactionsOf(orgId)).get(t.other.id)?.category).toBeNull();
  });

  it("answers 404 and changes nothing when a selected id, or the rule id, is not the caller's", async () => {
    const owner = await newAdmin();
    const other = await newAdmin();
    const orgId = await orgIdOf(owner.api);
    const mine = await setup(owner.api);
    const [theirs] = await createTransactions(other.api, [{ name: 'HOME DEPOT theirs', amount: -5 }]);
    const theirRule = (await other.api.post(RULES, ruleBody())).body.rule;
    const before = await partition(`ORG#${orgId}`);
    const otherBefore = await partition(`ORG#${await orgIdOf(other.api)}`);

    const foreign = await owner.api.post(`${RULES}/apply-single`, { rule: DEPOT, transactions: [mine.plain, theirs] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('1 of the selected transactions were not found. Nothing was changed.');
    const foreignRule = await owner.api.post(`${RULES}/apply-single`, {
      rule: DEPOT,
      ruleId: theirRule.id,
      transactions: [mine.plain],
    });
    expect(foreignRule.status).toBe(404);
    expect(foreignRule.body.error).toBe('Rule was not found.');
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
    expect(await partition(`ORG#${await orgIdOf(other.api)}`)).toEqual(otherBefore);
  });

  it('refuses an apply whose category update is off, bad criteria, and a bad selection', async () => {
    const { api } = await newAdmin();
    const t = await setup(api);
    const cases: [unknown, RegExp][] = [
      [{ rule: { ...DEPOT, category: '' }, transactions: [t.plain] }, /choose a category/],
      [{ rule: { ...DEPOT, namePattern: '(' }, transactions: [t.plain] }, /regular expression/],
      [{ rule: { ...DEPOT, amountMin: 9, amountMax: 1 }, transactions: [t.plain] }, /at least the minimum/],
      [{ rule: { ...DEPOT, category: 'hardware' }, transactions: [t.plain] }, /Choose a category/],
      [{ rule: DEPOT }, /allMatching/],
      [{ rule: DEPOT, transactions: [t.plain], allMatching: true }, /not both/],
      [{ rule: DEPOT, transactions: [] }, /at least one/],
      [{ rule: DEPOT, transactions: [{ name: 'no id' }] }, /id/],
    ];
    for (const [body, message] of cases) {
      const res = await api.post(`${RULES}/apply-single`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.issues ?? res.body.error)).toMatch(message);
    }
  });

  it('applies to every match in the organization with allMatching, minus the unticked ones', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const t = await setup(api);
    const res = await api.post(`${RULES}/apply-single`, {
      rule: DEPOT,
      allMatching: true,
      excludeIds: [t.manual.id],
    });
    expect(res.body).toMatchObject({ categorizedCount: 1, skippedCount: 0, complete: true });
    const items = await transactionsOf(orgId);
    expect(items.get(t.plain.id)?.category).toBe('repairs');
    expect(items.get(t.manual.id)).toMatchObject({ category: 'supplies', categorizationSource: 'manual' });
    await expectConsistent(orgId);
  });
});

describe('rule batches: recorded, listed and undone', () => {
  it('records who applied what, when and to how many; undo restores the previous categories', async () => {
    const { api, email } = await newAdmin();
    const orgId = await orgIdOf(api);
    const t = await setup(api);
    const rule = (await api.post(RULES, ruleBody({ name: 'Depot' }))).body.rule;
    const before = await transactionsOf(orgId);
    const applied = await api.post(`${RULES}/apply-single`, {
      rule: { ...DEPOT, amountMax: 100 },
      ruleId: rule.id,
      allMatching: true,
    });
    expect(applied.body.categorizedCount).toBe(2);

    const list = await api.get(`${RULES}/batches?organizationId=${orgId}`);
    expect(list.status).toBe(200);
    expect(list.body.batches).toHaveLength(1);
    const [batch] = list.body.batches;
    expect(batch).toMatchObject({
      id: applied.body.batchId,
      ruleId: rule.id,
      ruleName: 'Depot',
      criteria: {
        namePattern: DEPOT.namePattern,
        amountMin: null,
        amountMax: 100,
        amountExact: null,
        category: 'repairs',
      },
      status: 'applied',
      appliedCount: 2,
      restoredCount: null,
      createdBy: { email },
    });
    const records = (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'RuleBatchRecord');
    expect(records.flatMap((r) => JSON.parse(r.rows as string).map((row: unknown[]) => row[0])).sort()).toEqual(
      [t.manual.id, t.plain.id].sort(),
    );

    const undo = await api.post(`${RULES}/batches/${batch.id}/undo?organizationId=${orgId}`);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ restoredCount: 2, keptCount: 0, batch: { status: 'undone', restoredCount: 2 } });
    const after = await transactionsOf(orgId);
    for (const id of [t.manual.id, t.plain.id]) {
      const { version: v0, updatedAt: u0, ...was } = before.get(id)!;
      const { version, updatedAt, ...now } = after.get(id)!;
      expect(version).toBe((v0 as number) + 2);
      expect({
        ...now,
        categorizedByRuleId: now.categorizedByRuleId ?? undefined,
        categorizationBatchId: undefined,
      }).toEqual({
        ...was,
        categorizedByRuleId: undefined,
        categorizationBatchId: undefined,
      });
    }
    expect((await api.get(`/api/transactions/${t.manual.id}`)).body.transaction).toMatchObject({
      category: 'supplies',
      categorizationSource: 'manual',
      categorizedAt: t.manual.categorizedAt,
    });
    await expectConsistent(orgId);

    // Undoing again changes nothing and answers the same.
    const snapshot = await partition(`ORG#${orgId}`);
    const again = await api.post(`${RULES}/batches/${batch.id}/undo`);
    expect(again.body).toMatchObject({ restoredCount: 2, keptCount: 0 });
    expect(await partition(`ORG#${orgId}`)).toEqual(snapshot);
    expect((await api.get(`${RULES}/batches`)).body.batches[0]).toMatchObject({ status: 'undone', keptCount: 0 });
  });

  it('keeps transactions changed since the apply (by hand, or by a later apply)', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const rows = await createTransactions(
      api,
      Array.from({ length: 4 }, (_, i) => ({ name: `HOME DEPOT ${i}`, amount: -10 - i })),
    );
    const first = (await api.post(`${RULES}/apply-single`, { rule: DEPOT, allMatching: true })).body;
    expect(first.categorizedCount).toBe(4);
    // Edited by hand since: a person's choice stands.
    const edited = (await api.get(`/api/transactions/${rows[0].id}`)).body.transaction;
    expect((await api.put(`/api/transactions/${edited.id}`, editable(edited, { category: 'supplies' }))).status).toBe(
      200,
    );
    // Renamed only (category still the batch's): still restored.
    const renamed = (await api.get(`/api/transactions/${rows[1].id}`)).body.transaction;
    expect(
      (await api.put(`/api/transactions/${renamed.id}`, editable(renamed, { name: 'HOME DEPOT renamed' }))).status,
    ).toBe(200);
    // Re-categorized by a later apply: that batch owns it now.
    const later = (
      await api.post(`${RULES}/apply-single`, {
        rule: { namePattern: 'home depot 2', category: 'supplies' },
        transactions: [{ id: rows[2].id }],
      })
    ).body;
    expect(later.categorizedCount).toBe(1);

    const undo = (await api.post(`${RULES}/batches/${first.batchId}/undo`)).body;
    expect(undo).toMatchObject({ restoredCount: 2, keptCount: 2 });
    const items = await transactionsOf(orgId);
    expect(items.get(rows[0].id)).toMatchObject({ category: 'supplies', categorizationSource: 'manual' });
    expect(items.get(rows[1].id)).toMatchObject({
      category: null,
      categorizationSource: null,
      name: 'HOME DEPOT renamed',
    });
    expect(items.get(rows[2].id)).toMatchObject({ category: 'supplies', categorizationBatchId: later.batchId });
    expect(items.get(rows[3].id)).toMatchObject({ category: null, categorizationSource: null });

    // Undoing the later batch gives rows[2] back the first batch's category (which was undone, so it is kept as is).
    const laterUndo = (await api.post(`${RULES}/batches/${later.batchId}/undo`)).body;
    expect(laterUndo).toMatchObject({ restoredCount: 1, keptCount: 0 });
    expect((await transactionsOf(orgId)).get(rows[2].id)).toMatchObject({
      category: 'repairs',
      categorizationSource: 'rule',
      categorizationBatchId: first.batchId,
    });
    await expectConsistent(orgId);
  });

  it('pages the batch list, newest first', async () => {
    const { api } = await newAdmin();
    await createTransactions(
      api,
      Array.from({ length: 3 }, (_, i) => ({ name: `Shop ${i}`, amount: -(10 + i) })),
    );
    const ids: string[] = [];
    for (const category of ['repairs', 'supplies', 'utilities']) {
      ids.push(
        (await api.post(`${RULES}/apply-single`, { rule: { namePattern: 'shop', category }, allMatching: true })).body
          .batchId,
      );
    }
    const first = await api.get(`${RULES}/batches?limit=2`);
    expect(first.body.batches.map((b: { id: string }) => b.id)).toEqual([ids[2], ids[1]]);
    const second = await api.get(`${RULES}/batches?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.batches.map((b: { id: string }) => b.id)).toEqual([ids[0]]);
    expect((await api.get(`${RULES}/batches?cursor=nope!`)).status).toBe(400);
    expect((await api.get(`${RULES}/batches?limit=0`)).status).toBe(400);
  });
});

describe('resumable applies', () => {
  it('a crash halfway leaves each transaction done or untouched; running the same apply again completes the batch', async () => {
    const { api, email } = await newAdmin();
    const orgId = await orgIdOf(api);
    const { ruleBatches } = await repositories();
    await importRows(orgId, 250, (i) => `HOME DEPOT ${i}`);
    const caller = { orgId, userId: 'crash-test', email };
    let chunks = 0;
    const crash = ruleBatches.applyRule(
      caller,
      {
        rule: { namePattern: 'home depot', amountMin: null, amountMax: null, amountExact: null, category: 'repairs' },
        allMatching: true,
      },
      {
        concurrency: 1,
        beforeChunk: async () => {
          chunks++;
          if (chunks === 2) throw new Error('the Lambda was stopped here');
        },
      },
    );
    await expect(crash).rejects.toThrow('the Lambda was stopped here');

    const items = [...(await transactionsOf(orgId)).values()];
    const done = items.filter((i) => i.category === 'repairs');
    const untouched = items.filter((i) => i.category === null);
    expect(done.length + untouched.length).toBe(250);
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThan(250);
    for (const i of done) expect(i).toMatchObject({ version: 2, categorizationSource: 'rule' });
    for (const i of untouched) expect(i).toMatchObject({ version: 1, categorizationSource: null });
    const records = (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'RuleBatchRecord');
    expect(records.reduce((n, r) => n + (r.n as number), 0)).toBe(done.length);
    await expectConsistent(orgId);

    // The crashed call still holds its batch: the same apply is refused until its lease runs out.
    const header = (await partition(`ORG#${orgId}`)).find((i) => i.type === 'RuleBatch')!;
    expect(header.status).toBe('applying');
    const busy = await api.post(`${RULES}/apply-single`, {
      rule: { namePattern: 'home depot', category: 'repairs' },
      allMatching: true,
    });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('BATCH_BUSY');
    expect((await api.get(`${RULES}/batches`)).body.batches[0].status).toBe('applying');
    await db().send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: header.PK, SK: header.SK },
        UpdateExpression: 'SET leaseUntil = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1 },
      }),
    );
    expect((await api.get(`${RULES}/batches`)).body.batches[0].status).toBe('interrupted');

    const rerun = await api.post(`${RULES}/apply-single`, {
      rule: { namePattern: 'home depot', category: 'repairs' },
      allMatching: true,
    });
    expect(rerun.body).toMatchObject({ categorizedCount: 250 - done.length, complete: true, batchId: header.id });
    const [batch] = (await api.get(`${RULES}/batches`)).body.batches;
    expect(batch).toMatchObject({ id: header.id, status: 'applied', appliedCount: 250 });
    await expectConsistent(orgId);

    const undo = await api.post(`${RULES}/batches/${header.id}/undo`);
    expect(undo.body).toMatchObject({ restoredCount: 250, keptCount: 0 });
    expect([...(await transactionsOf(orgId)).values()].every((i) => i.category === null)).toBe(true);
    await expectConsistent(orgId);
  });

  it('a call out of time returns what is left, and sending it again continues the same batch', async () => {
    const { api, email } = await newAdmin();
    const orgId = await orgIdOf(api);
    const { ruleBatches } = await repositories();
    await importRows(orgId, 30, (i) => `Comcast ${i}`);
    const input = {
      rule: { namePattern: 'comcast', amountMin: null, amountMax: null, amountExact: null, category: 'utilities' },
      allMatching: true as const,
    };
    const late = await ruleBatches.applyRule({ orgId, userId: 'late', email }, input, {
      started: Date.now() - ruleBatches.APPLY_BUDGET_MS - 1,
    });
    expect(late).toMatchObject({ categorizedCount: 0, remainingCount: 30, complete: false });
    const again = await api.post(`${RULES}/apply-single`, {
      rule: { namePattern: 'comcast', category: 'utilities' },
      allMatching: true,
    });
    expect(again.body).toMatchObject({
      categorizedCount: 30,
      remainingCount: 0,
      complete: true,
      batchId: late.batchId,
    });
    await expectConsistent(orgId);
  });

  it('a transaction moved into the closed period while the apply ran is left out when its chunk is planned again', async () => {
    const { api, email } = await newAdmin();
    const orgId = await orgIdOf(api);
    const { ruleBatches } = await repositories();
    const rows = await createTransactions(
      api,
      Array.from({ length: 3 }, (_, i) => ({ name: `HOME DEPOT late ${i}`, amount: -20 - i, date: '2026-03-10' })),
    );
    let moved = false;
    const result = await ruleBatches.applyRule(
      { orgId, userId: 'racing', email },
      {
        rule: {
          namePattern: 'home depot late',
          amountMin: null,
          amountMax: null,
          amountExact: null,
          category: 'repairs',
        },
        allMatching: true,
      },
      {
        concurrency: 1,
        // Between the read and the write: a person moves one into December, and the books close through December.
        beforeChunk: async () => {
          if (moved) return;
          moved = true;
          const current = (await api.get(`/api/transactions/${rows[0].id}`)).body.transaction;
          expect(
            (await api.put(`/api/transactions/${current.id}`, editable(current, { date: '2025-12-15' }))).status,
          ).toBe(200);
          expect((await api.put('/api/organization/closed-period', { closedThrough: '2025-12-31' })).status).toBe(200);
        },
      },
    );
    expect(result).toMatchObject({ categorizedCount: 2, complete: true });
    const items = await transactionsOf(orgId);
    expect(items.get(rows[0].id)).toMatchObject({ date: '2025-12-15', category: null });
    expect([rows[1].id, rows[2].id].map((id) => items.get(id)?.category)).toEqual(['repairs', 'repairs']);
    await expectConsistent(orgId);
  });

  it('stays right when people edit the same transactions while a rule is applied', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    await importRows(orgId, 300, (i) => `HOME DEPOT ${i}`);
    const page = (await api.get('/api/transactions?limit=10')).body.transactions;
    const [applied, ...edits] = await Promise.all([
      api.post(`${RULES}/apply-single`, { rule: DEPOT, allMatching: true }),
      ...page.map((t: Record<string, unknown>) =>
        api.put(`/api/transactions/${t.id}`, editable(t, { category: 'supplies' })),
      ),
    ]);
    expect(applied.status).toBe(200);
    // On a loaded machine a call may run out of its time budget (complete: false): the UI continues it, and so does
    // this test, in the same batch.
    let categorized = applied.body.categorizedCount as number;
    for (let last = applied; !last.body.complete; ) {
      last = await api.post(`${RULES}/apply-single`, { rule: DEPOT, allMatching: true });
      expect(last.status).toBe(200);
      expect(last.body.batchId).toBe(applied.body.batchId);
      categorized += last.body.categorizedCount as number;
    }
    const items = await transactionsOf(orgId);
    page.forEach((t: { id: string }, i: number) => {
      const item = items.get(t.id)!;
      // Either the edit came first (then the apply re-read it and still applied: an explicit apply wins
      // over a hand-set category) or the edit lost the race (409, or 503 after repeated contention, both
      // writing nothing); never a half-applied mix.
      expect([200, 409, 503]).toContain(edits[i]!.status);
      expect(item.version).toBe(edits[i]!.status === 200 ? 3 : 2);
      expect(item).toMatchObject({ category: 'repairs', categorizationBatchId: applied.body.batchId });
    });
    expect([...items.values()].every((i) => i.category === 'repairs' || i.category === 'supplies')).toBe(true);
    await expectConsistent(orgId);
    const undo = (await api.post(`${RULES}/batches/${applied.body.batchId}/undo`)).body;
    expect(undo.restoredCount + undo.keptCount).toBe(categorized);
    expect([...(await transactionsOf(orgId)).values()].filter((i) => i.category === 'repairs')).toEqual([]);
    await expectConsistent(orgId);
  });

  it('leaves no pending rows after a bulk apply: 1,100 changes in one month and property go into its snapshot', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    await importRows(orgId, 1_100, (i) => `Laundry revenue ${i}`, { amount: 500 });
    // Continue as the UI does: a call that runs out of its time budget (a loaded machine) answers complete:false.
    let categorized = 0;
    for (let call = 0; call < 20; call++) {
      const res = await api.post(`${RULES}/apply-single`, {
        rule: { namePattern: 'laundry', category: 'laundry' },
        allMatching: true,
      });
      expect(res.status).toBe(200);
      categorized += res.body.categorizedCount as number;
      if (res.body.complete) break;
    }
    expect(categorized).toBe(1_100);
    const rollups = (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'Rollup');
    expect(rollups.flatMap((i) => Object.keys(i).filter((k) => k.startsWith('m#')))).toEqual([]);
    await expectConsistent(orgId);
    // Each change also writes its audit entry: twice the items, about twice the chunks.
  }, 90_000);

  it('folds a cell that single writes have filled before it refuses more rows, and reads fold busy cells', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const { matchCells } = await repositories();
    await importRows(orgId, 500, (i) => `Water utility ${i}`);
    const ids = (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'Transaction').map((i) => i.id as string);
    const pendingCount = async () => {
      const cell = (await partition(`ORG#${orgId}`)).find((i) => i.type === 'Rollup')!;
      return { mp: Number(cell.mp ?? 0), rows: Object.keys(cell).filter((k) => k.startsWith('m#')).length };
    };
    // Each bulk change of 500 adds 500 pending rows to the one cell; the fourth meets the limit.
    for (const category of ['utilities', 'repairs', 'utilities', 'repairs']) {
      const res = await api.post('/api/transactions/bulk', { ids, set: { category } });
      expect(res.status).toBe(200);
      // The limit is checked before a write adds its rows (at most 99 per TransactWriteItems).
      expect((await pendingCount()).mp).toBeLessThan(matchCells.PENDING_ROWS_LIMIT + 100);
    }
    expect((await pendingCount()).rows).toBeGreaterThan(0);
    await expectConsistent(orgId);
    await api.post(`${RULES}/preview`, { rule: { namePattern: 'water', category: 'utilities' } });
    expect(await pendingCount()).toEqual({ mp: 0, rows: 0 });
    await expectConsistent(orgId);
  });
});

describe('categorization on arrival', () => {
  it('gives a new transaction without a category the first matching active rule, with provenance', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const depot = (await api.post(RULES, ruleBody({ name: 'Depot', namePattern: 'depot', category: 'repairs' }))).body
      .rule;
    const homeDepot = (
      await api.post(RULES, ruleBody({ name: 'Home Depot', priority: 5, category: 'supplies', amountMax: 100 }))
    ).body.rule;
    await api.post(
      RULES,
      ruleBody({ name: 'Inactive', namePattern: 'depot', priority: 10, isActive: false, category: 'taxes' }),
    );
    await api.post(RULES, ruleBody({ name: 'Flag only', namePattern: '.', priority: 20, category: '' }));
    const depotLater = (
      await api.post(RULES, ruleBody({ name: 'Depot later', namePattern: 'depot', category: 'utilities' }))
    ).body.rule;

    const [byPriority, byAge, exact, manual, ignored, none] = await createTransactions(api, [
      { name: 'HOME DEPOT #12', amount: -20 },
      { name: 'Depot storage', amount: -20 },
      { name: 'HOME DEPOT big', amount: -500 },
      { name: 'HOME DEPOT #13', amount: -20, category: 'appliances' },
      { name: 'HOME DEPOT #14', amount: -20, isIgnored: true },
      { name: 'Rossi Plumbing', amount: -20 },
    ]);
    expect(byPriority).toMatchObject({
      category: 'supplies',
      categorizationSource: 'rule',
      categorizedByRuleId: homeDepot.id,
      categorizationConfidence: 0.95,
    });
    expect(byPriority.categorizedAt).toBe(byPriority.createdAt);
    expect(byAge).toMatchObject({ category: 'repairs', categorizedByRuleId: depot.id, categorizationConfidence: 0.9 });
    expect(exact).toMatchObject({ category: 'repairs', categorizedByRuleId: depot.id });
    expect(manual).toMatchObject({ category: 'appliances', categorizationSource: 'manual' });
    expect(manual).not.toHaveProperty('categorizedByRuleId');
    expect(ignored).toMatchObject({ category: null, categorizationSource: null });
    expect(none).toMatchObject({ category: null, categorizationSource: null });
    expect(depotLater.id).not.toBe(depot.id);

    // A person's later choice (even "no category") is never overwritten by the rules.
    const cleared = await api.put(`/api/transactions/${byPriority.id}`, editable(byPriority, { category: null }));
    expect(cleared.body.transaction).toMatchObject({ category: null, categorizationSource: null });
    expect(cleared.body.transaction).not.toHaveProperty('categorizedByRuleId');
    const renamed = await api.put(
      `/api/transactions/${byPriority.id}`,
      editable(cleared.body.transaction, { name: 'HOME DEPOT again' }),
    );
    expect(renamed.body.transaction.category).toBeNull();

    // Rule changes take effect at once for new transactions.
    await api.delete(`${RULES}/${homeDepot.id}`);
    const [afterDelete] = await createTransactions(api, [{ name: 'HOME DEPOT #15', amount: -20 }]);
    expect(afterDelete).toMatchObject({ category: 'repairs', categorizedByRuleId: depot.id });
    await expectConsistent(orgId);
  });

  it('categorizes imported transactions with the active rules, once', async () => {
    const { api } = await newAdmin();
    const orgId = await orgIdOf(api);
    const rule = (await api.post(RULES, ruleBody({ namePattern: 'comcast', category: 'utilities' }))).body.rule;
    const first = await importRows(orgId, 150, (i) => (i % 3 === 0 ? `COMCAST ${i}` : `Other ${i}`));
    expect(first.inserted).toHaveLength(150);
    expect(first.inserted.filter((t) => t.category === 'utilities')).toHaveLength(50);
    for (const t of first.inserted.filter((x) => x.category === 'utilities')) {
      expect(t).toMatchObject({
        categorizationSource: 'rule',
        categorizedByRuleId: rule.id,
        categorizationConfidence: 0.9,
      });
    }
    // A bank category that came with a transaction is kept.
    const banked = await importRows(orgId, 2, (i) => `COMCAST banked ${i}`, {
      category: 'insurance',
      categorizationSource: 'bank',
    });
    expect(banked.inserted.every((t) => t.category === 'insurance' && t.categorizationSource === 'bank')).toBe(true);
    // Importing the same ids again writes nothing.
    const { transactions } = await repositories();
    const before = await partition(`ORG#${orgId}`);
    const again = await transactions.importTransactions(orgId, first.inserted, SYSTEM_ACTOR);
    expect(again.inserted).toEqual([]);
    expect(again.existing.sort()).toEqual(first.inserted.map((t) => t.id).sort());
    expect(await partition(`ORG#${orgId}`)).toEqual(before);
    await expectConsistent(orgId);
  });
});
