import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { partition } from '../support/db.js';
import { type Person, team } from '../support/members.js';
import { bankOrg, bankSyncModules, plaidTx } from './bank-sync-helpers.js';
import { editable } from './rules-helpers.js';

/**
 * The audit trail (docs/ledger.md "Audit trail"): every ledger write path writes
 * exactly one audit entry per transaction it creates or changes, in the same TransactWriteItems, saying who
 * and how; the entries live in the transaction's Activity partition and go with it.
 */
type Team = Awaited<ReturnType<typeof team>>;
let t: Team;
let other: Team;

beforeAll(async () => {
  [t, other] = await Promise.all([team(), team()]);
});

type Entry = { via: string; action: string; actorId: string | null; ref: string | null; changes: unknown[] };

/** What is stored in the transaction's Activity partition, oldest first. */
async function auditOf(orgId: string, transactionId: string): Promise<Entry[]> {
  const items = await partition(`ORG#${orgId}#TXACT#${transactionId}`);
  return items
    .filter((item) => item.type === 'AuditEntry')
    .sort((a, b) => String(a.at).localeCompare(String(b.at))) as unknown as Entry[];
}

let seq = 0;
async function create(who: Person, over: Record<string, unknown> = {}) {
  const res = await who.api.post('/api/transactions', {
    name: `Audit ${Date.now()}-${++seq}`,
    date: '2026-03-10',
    amount: -42.5,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.transaction as Record<string, any>;
}

describe('audit trail: one entry per changed transaction on every write path', () => {
  it('by hand: create, edit, ignore — who, how and each field’s old and new value', async () => {
    const txn = await create(t.manager, { category: 'repairs' });
    expect(await auditOf(t.orgId, txn.id)).toEqual([
      expect.objectContaining({
        action: 'created',
        via: 'manual',
        actorId: t.manager.userId,
        changes: expect.arrayContaining([
          { field: 'amount', from: null, to: -4250 },
          { field: 'category', from: null, to: 'repairs' },
        ]),
      }),
    ]);
    const edit = await t.admin.api.put(`/api/transactions/${txn.id}`, editable(txn, { category: 'supplies' }));
    expect(edit.status).toBe(200);
    const ignore = await t.landlord.api.patch(`/api/transactions/${txn.id}/ignore`, { isIgnored: true });
    expect(ignore.status).toBe(200);
    const trail = await auditOf(t.orgId, txn.id);
    expect(trail).toHaveLength(3);
    expect(trail[1]).toMatchObject({
      action: 'updated',
      via: 'manual',
      actorId: t.admin.userId,
      changes: [{ field: 'category', from: 'repairs', to: 'supplies' }],
    });
    expect(trail[2]).toMatchObject({
      via: 'manual',
      actorId: t.landlord.userId,
      changes: [{ field: 'isIgnored', from: false, to: true }],
    });
    // Ignoring again changes nothing, so it records nothing.
    await t.landlord.api.patch(`/api/transactions/${txn.id}/ignore`, { isIgnored: true });
    expect(await auditOf(t.orgId, txn.id)).toHaveLength(3);
  });

  it('bulk edit: one entry per changed transaction, none for the unchanged', async () => {
    const [a, b, same] = [
      await create(t.admin),
      await create(t.admin),
      await create(t.admin, { category: 'supplies' }),
    ];
    const res = await t.manager.api.post('/api/transactions/bulk', {
      ids: [a.id, b.id, same.id],
      set: { category: 'supplies' },
    });
    expect(res.status).toBe(200);
    expect(res.body.unchangedIds).toEqual([same.id]);
    for (const id of [a.id, b.id]) {
      const trail = await auditOf(t.orgId, id);
      expect(trail).toHaveLength(2);
      expect(trail[1]).toMatchObject({
        via: 'bulk',
        actorId: t.manager.userId,
        changes: [{ field: 'category', from: null, to: 'supplies' }],
      });
    }
    expect(await auditOf(t.orgId, same.id)).toHaveLength(1);
  });

  it('rule apply and its undo: one entry each, with the batch', async () => {
    const depot = await create(t.admin, { name: `THE HOME DEPOT ${randomUUID().slice(0, 6)}` });
    const plain = await create(t.admin, { name: `Coffee ${randomUUID().slice(0, 6)}` });
    const applied = await t.admin.api.post('/api/categorization-rules/apply-single', {
      rule: { namePattern: 'home\\s*depot', category: 'repairs' },
      transactions: [depot, plain],
    });
    expect(applied.status).toBe(200);
    expect(applied.body.categorizedCount).toBe(1);
    const batchId = applied.body.batchId as string;
    expect((await auditOf(t.orgId, depot.id))[1]).toMatchObject({
      via: 'rule_apply',
      ref: batchId,
      actorId: t.admin.userId,
      changes: [{ field: 'category', from: null, to: 'repairs' }],
    });
    expect(await auditOf(t.orgId, plain.id)).toHaveLength(1);
    const undo = await t.landlord.api.post(`/api/categorization-rules/batches/${batchId}/undo`);
    expect(undo.status).toBe(200);
    const trail = await auditOf(t.orgId, depot.id);
    expect(trail).toHaveLength(3);
    expect(trail[2]).toMatchObject({
      via: 'rule_undo',
      ref: batchId,
      actorId: t.landlord.userId,
      changes: [{ field: 'category', from: 'repairs', to: null }],
    });
  });

  it('file import: the rows are kept by the transactions themselves, the Activity names the file and the importer; the undo removes each transaction with its trail', async () => {
    const id = randomUUID();
    const res = await t.admin.api.post('/api/imports', {
      id,
      fileName: 'audit.csv',
      bankAccountId: null,
      propertyId: null,
      totalRows: 2,
      rows: [
        { line: 2, date: '2026-01-03', name: `Imported water ${id.slice(0, 6)}`, amount: -84.2, include: true },
        { line: 3, date: '2026-01-04', name: `Imported gas ${id.slice(0, 6)}`, amount: -40, include: true },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const listed = (await t.admin.api.get(`/api/transactions?search=${id.slice(0, 6)}&limit=10`)).body.transactions;
    expect(listed).toHaveLength(2);
    // An arrival from a file writes no entry item (data/ledger/audit.ts writesAuditEntry)...
    for (const txn of listed) expect(await auditOf(t.orgId, txn.id)).toEqual([]);
    // ...and the Activity shows its creation by the person who imported the file, naming the file.
    const water = listed.find((txn: { name: string }) => txn.name.startsWith('Imported water'));
    const activity = (await t.admin.api.get(`/api/transactions/${water.id}/activity`)).body.auditEntries;
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      action: 'created',
      via: 'import',
      ref: id,
      actorId: t.admin.userId,
      fileName: 'audit.csv',
      override: false,
    });
    expect(activity[0].changes).toEqual(expect.arrayContaining([{ field: 'amount', from: null, to: -8420 }]));
    const undo = await t.admin.api.delete(`/api/imports/${id}`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.removedCount).toBe(2);
    for (const txn of listed) expect(await partition(`ORG#${t.orgId}#TXACT#${txn.id}`)).toEqual([]);
  });

  it('bank sync: an arrival (kept by the transaction itself) and a modification (one entry), no person', async () => {
    const { api } = await import('../support/api.js').then((m) => m.newAdmin());
    const { orgId, institutionId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    const pages = (over: Record<string, unknown[]>) =>
      ({ added: [], modified: [], removed: [], ...over }) as unknown as Parameters<typeof sync.applySyncPages>[2];
    const tx = plaidTx({ name: 'Audit Hardware', amount: 12.5 });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [tx] }));
    const listed = (await api.get('/api/transactions?search=audit%20hardware&limit=5')).body.transactions;
    expect(listed).toHaveLength(1);
    const id = listed[0].id as string;
    // A bank arrival writes no entry item (data/ledger/audit.ts writesAuditEntry)...
    expect(await auditOf(orgId, id)).toEqual([]);
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ modified: [{ ...tx, amount: 13.75 }] }));
    const trail = await auditOf(orgId, id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'updated',
      via: 'bank_sync',
      actorId: null,
      changes: [{ field: 'amount', from: -1250, to: -1375 }],
    });
    // ...and the Activity shows its creation as it arrived (-$12.50, before the bank's change), then the change.
    await api.put(
      `/api/transactions/${id}`,
      editable((await api.get(`/api/transactions/${id}`)).body.transaction, { notes: 'Nails' }),
    );
    const activity = (await api.get(`/api/transactions/${id}/activity`)).body.auditEntries;
    expect(activity.map((e: Entry) => [e.action, e.via])).toEqual([
      ['created', 'bank_sync'],
      ['updated', 'bank_sync'],
      ['updated', 'manual'],
    ]);
    expect(activity[0]).toMatchObject({ actorId: null, ref: institutionId, override: false });
    expect(activity[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: null, to: 'Audit Hardware' },
        { field: 'amount', from: null, to: -1250 },
      ]),
    );
    expect(activity[0].changes.map((c: { field: string }) => c.field)).not.toContain('notes');
  });

  it('deleting a transaction deletes its trail', async () => {
    const txn = await create(t.admin);
    expect(await auditOf(t.orgId, txn.id)).toHaveLength(1);
    expect((await t.admin.api.delete(`/api/transactions/${txn.id}`)).status).toBe(200);
    expect(await partition(`ORG#${t.orgId}#TXACT#${txn.id}`)).toEqual([]);
  });
});

describe('GET /api/transactions/{id}/activity', () => {
  it('returns review requests, messages and audit entries (with the actor) in one answer; staff only; 404 elsewhere', async () => {
    const txn = await create(t.admin, { category: 'repairs' });
    await t.admin.api.put(`/api/transactions/${txn.id}`, editable(txn, { category: 'supplies' }));
    const asked = await t.admin.api.post(`/api/transactions/${txn.id}/reviews`, {
      reviewerId: t.manager.userId,
      body: 'Right category?',
    });
    expect(asked.status).toBe(201);
    const res = await t.manager.api.get(`/api/transactions/${txn.id}/activity`);
    expect(res.status).toBe(200);
    expect(res.body.reviewRequests.map((r: { id: string }) => r.id)).toEqual([asked.body.reviewRequest.id]);
    expect(res.body.messages.map((m: { body: string }) => m.body)).toEqual(['Right category?']);
    expect(res.body.auditEntries.map((e: Entry) => e.action)).toEqual(['created', 'updated']);
    expect(res.body.auditEntries[1]).toMatchObject({
      via: 'manual',
      actor: { id: t.admin.userId, email: t.admin.email },
      changes: [{ field: 'category', from: 'repairs', to: 'supplies' }],
    });
    expect((await t.tenant.api.get(`/api/transactions/${txn.id}/activity`)).status).toBe(403);
    expect((await other.admin.api.get(`/api/transactions/${txn.id}/activity`)).status).toBe(404);
    expect((await t.admin.api.get(`/api/transactions/${randomUUID()}/activity`)).status).toBe(404);
  });
});
