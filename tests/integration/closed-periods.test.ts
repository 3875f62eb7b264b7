import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { partition } from '../support/db.js';
import { type Person, team } from '../support/members.js';
import { bankItems, bankOrg, bankSyncModules, checkingAccount, plaidTx } from './bank-sync-helpers.js';
import { expectLedgerConsistent } from './ledger-helpers.js';
import { PNG_BYTES, putToPresignedUrl, uploadReceipt } from './receipt-upload.js';
import { editable } from './rules-helpers.js';

/**
 * Closed periods (docs/ledger.md "Closed periods"): after ADMIN or LANDLORD closes the books
 * through a date, every ledger write path refuses changes to transactions dated on or before it with a 409
 * PERIOD_CLOSED (nothing written), unless an ADMIN overrides (audited); rule previews and applies leave them
 * out and count them; bank sync holds modifications back and takes new ones in ignored.
 */
type Team = Awaited<ReturnType<typeof team>>;
let t: Team;
let other: Team;
const CLOSE = '2026-01-31';

/** One sync's pages from the bank: what arrived, changed and went. */
const pages = (over: Record<string, unknown[]>) => ({ added: [], modified: [], removed: [], ...over }) as never;
const OVERRIDE = { 'x-override-closed-period': 'true' };
let closedTxn: Record<string, any>;
let openTxn: Record<string, any>;
/** A closed transaction with a receipt from before the close, and an upload requested before it, sent after. */
let receiptTxn: Record<string, any>;
let keptReceiptId: string;
let lateUpload: { reference: string; upload: { url: string; headers: Record<string, string> } };

let seq = 0;
async function create(who: Person, date: string, over: Record<string, unknown> = {}) {
  const res = await who.api.post('/api/transactions', {
    name: `Closed ${Date.now()}-${++seq}`,
    date,
    amount: -20,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.transaction as Record<string, any>;
}

const auditOf = async (orgId: string, id: string) =>
  (await partition(`ORG#${orgId}#TXACT#${id}`)).filter((item) => item.type === 'AuditEntry');

function expectClosed(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.code).toBe('PERIOD_CLOSED');
  expect(res.body.error).toMatch(/closed through 2026-01-31/);
}

beforeAll(async () => {
  [t, other] = await Promise.all([team(), team()]);
  closedTxn = await create(t.admin, '2026-01-15', { name: `THE HOME DEPOT closed ${randomUUID().slice(0, 6)}` });
  openTxn = await create(t.admin, '2026-02-15', { name: `THE HOME DEPOT open ${randomUUID().slice(0, 6)}` });
  receiptTxn = await create(t.admin, '2026-01-10', { name: `Receipt closed ${randomUUID().slice(0, 6)}` });
  const kept = await uploadReceipt(t.manager.api, { transactionId: receiptTxn.id });
  expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  keptReceiptId = kept.body.reference;
  const requested = await t.manager.api.post('/api/receipts/upload-receipts', {
    fileName: 'late.png',
    contentType: 'image/png',
    size: PNG_BYTES.length,
    transactionId: receiptTxn.id,
  });
  expect(requested.status).toBe(201);
  lateUpload = requested.body;
  const closed = await t.landlord.api.put('/api/organization/closed-period', { closedThrough: CLOSE });
  expect(closed.status).toBe(200);
  expect(closed.body).toMatchObject({ closedThrough: CLOSE, closedBy: t.landlord.userId });
});

describe('closing the books', () => {
  it('staff read it; ADMIN and LANDLORD close; only an ADMIN reopens; tenants 403; bad dates 400', async () => {
    expect((await t.manager.api.get('/api/organization/closed-period')).body.closedThrough).toBe(CLOSE);
    expect((await t.tenant.api.get('/api/organization/closed-period')).status).toBe(403);
    expect((await t.manager.api.put('/api/organization/closed-period', { closedThrough: CLOSE })).status).toBe(403);
    expect((await t.tenant.api.put('/api/organization/closed-period', { closedThrough: CLOSE })).status).toBe(403);
    expect((await t.admin.api.put('/api/organization/closed-period', { closedThrough: '2026-13-45' })).status).toBe(
      400,
    );
    const reopen = await t.landlord.api.put('/api/organization/closed-period', { closedThrough: null });
    expect(reopen.status).toBe(403);
    expect((await t.landlord.api.put('/api/organization/closed-period', { closedThrough: '2026-01-01' })).status).toBe(
      403,
    );
    // Another organization's books are its own.
    expect((await other.admin.api.get('/api/organization/closed-period')).body.closedThrough).toBeNull();
    expect((await t.admin.api.get('/api/organization/closed-period')).body.closedThrough).toBe(CLOSE);
  });
});

describe('every write path refuses the closed period (409, nothing written)', () => {
  it('create, edit (from or into it), ignore, delete', async () => {
    expectClosed(await t.admin.api.post('/api/transactions', { name: 'Late', date: CLOSE, amount: -5 }));
    expectClosed(await t.manager.api.put(`/api/transactions/${closedTxn.id}`, editable(closedTxn, { notes: 'x' })));
    expectClosed(await t.manager.api.put(`/api/transactions/${openTxn.id}`, editable(openTxn, { date: '2026-01-20' })));
    expectClosed(await t.landlord.api.patch(`/api/transactions/${closedTxn.id}/ignore`, { isIgnored: true }));
    expectClosed(await t.admin.api.delete(`/api/transactions/${closedTxn.id}`));
    const stored = (await t.admin.api.get(`/api/transactions/${closedTxn.id}`)).body.transaction;
    expect(stored).toMatchObject({ version: closedTxn.version, isIgnored: false, notes: null });
    expect(await auditOf(t.orgId, closedTxn.id)).toHaveLength(1);
    // The open period is still open.
    const fine = await t.manager.api.put(`/api/transactions/${openTxn.id}`, editable(openTxn, { notes: 'ok' }));
    expect(fine.status).toBe(200);
    openTxn = fine.body.transaction;
  });

  it('bulk edit: any closed one refuses the whole request', async () => {
    const res = await t.manager.api.post('/api/transactions/bulk', {
      ids: [openTxn.id, closedTxn.id],
      set: { category: 'supplies' },
    });
    expectClosed(res);
    expect((await t.admin.api.get(`/api/transactions/${openTxn.id}`)).body.transaction.version).toBe(openTxn.version);
  });

  it('rule preview and apply leave closed transactions out and say how many', async () => {
    const rule = { namePattern: 'home\\s*depot', category: 'repairs' };
    const preview = await t.admin.api.post('/api/categorization-rules/preview', { rule });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ count: 1, closedCount: 1 });
    expect(preview.body.transactions.map((x: { id: string }) => x.id)).toEqual([openTxn.id]);
    const applied = await t.admin.api.post('/api/categorization-rules/apply-single', {
      rule,
      transactions: [closedTxn, openTxn],
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ categorizedCount: 1, closedCount: 1 });
    expect((await t.admin.api.get(`/api/transactions/${closedTxn.id}`)).body.transaction.category).toBeNull();
    const all = await t.admin.api.post('/api/categorization-rules/apply-single', {
      rule: { namePattern: 'home\\s*depot', category: 'supplies' },
      allMatching: true,
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toMatchObject({ categorizedCount: 1, closedCount: 1 });
    expect((await t.admin.api.get(`/api/transactions/${closedTxn.id}`)).body.transaction.category).toBeNull();
  });

  it('file import: rows dated in the closed period refuse the request', async () => {
    const res = await t.admin.api.post('/api/imports', {
      id: randomUUID(),
      fileName: 'late.csv',
      bankAccountId: null,
      propertyId: null,
      totalRows: 1,
      rows: [{ line: 2, date: '2026-01-20', name: 'Late import', amount: -1, include: true }],
    });
    expectClosed(res);
  });

  it('receipts: no upload, confirm or delete on a closed transaction; an ADMIN’s override lets them through', async () => {
    const request = (who: Person) =>
      who.api.post('/api/receipts/upload-receipts', {
        fileName: 'closed.png',
        contentType: 'image/png',
        size: PNG_BYTES.length,
        transactionId: receiptTxn.id,
      });
    expectClosed(await request(t.landlord));
    expectClosed(await request(t.manager));
    expect((await putToPresignedUrl(lateUpload.upload, PNG_BYTES)).ok).toBe(true);
    expectClosed(await t.manager.api.post(`/api/receipts/${lateUpload.reference}/confirm`));
    expectClosed(await t.landlord.api.delete(`/api/receipts/${keptReceiptId}`));
    const landlordOverride = await t.landlord.api.request('DELETE', `/api/receipts/${keptReceiptId}`, {
      headers: OVERRIDE,
    });
    expectClosed(landlordOverride);
    const stored = (await t.admin.api.get(`/api/transactions/${receiptTxn.id}`)).body.transaction;
    expect(stored).toMatchObject({ hasReceipt: true, version: receiptTxn.version });
    const listed = await t.manager.api.get(`/api/receipts/my-receipts?transactionId=${receiptTxn.id}`);
    expect(listed.body.receipts.map((r: { reference: string }) => r.reference)).toEqual([keptReceiptId]);

    // The refused upload stayed pending, not discarded: the ADMIN's override confirms it, then removes the old one.
    const confirmed = await t.admin.api.request('POST', `/api/receipts/${lateUpload.reference}/confirm`, {
      headers: OVERRIDE,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const removed = await t.admin.api.request('DELETE', `/api/receipts/${keptReceiptId}`, { headers: OVERRIDE });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const after = await t.manager.api.get(`/api/receipts/my-receipts?transactionId=${receiptTxn.id}`);
    expect(after.body.receipts.map((r: { reference: string }) => r.reference)).toEqual([lateUpload.reference]);
  });

  it('an ADMIN overrides explicitly (audited); a LANDLORD’s override header changes nothing', async () => {
    const asLandlord = await t.landlord.api.request('PUT', `/api/transactions/${closedTxn.id}`, {
      json: editable(closedTxn, { notes: 'landlord' }),
      headers: OVERRIDE,
    });
    expectClosed(asLandlord);
    const res = await t.admin.api.request('PUT', `/api/transactions/${closedTxn.id}`, {
      json: editable(closedTxn, { notes: 'corrected after close' }),
      headers: OVERRIDE,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const trail = await auditOf(t.orgId, closedTxn.id);
    expect(trail).toHaveLength(2);
    expect(trail.find((e) => e.action === 'updated')).toMatchObject({
      override: true,
      actorId: t.admin.userId,
      changes: [{ field: 'notes', from: null, to: 'corrected after close' }],
    });
  });

  it('bank sync holds back changes to closed transactions and takes new closed-period ones in ignored', async () => {
    const { api } = await newAdmin();
    const { orgId, institutionId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    const early = plaidTx({ name: 'Early charge', date: '2026-01-10', amount: 30 });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [early] }));
    expect((await api.put('/api/organization/closed-period', { closedThrough: CLOSE })).status).toBe(200);
    const late = plaidTx({ name: 'Late posting', date: '2026-01-25', amount: 12 });
    const fresh = plaidTx({ name: 'February charge', date: '2026-02-03', amount: 7 });
    await sync.applySyncPages(
      orgId,
      { id: institutionId },
      pages({ added: [late, fresh], modified: [{ ...early, amount: 31 }] }),
    );
    const { transactions } = await bankItems(orgId);
    const byName = new Map(transactions.map((x) => [x.name, x]));
    expect(byName.get('Early charge')).toMatchObject({ amount: -3000, version: 1 });
    expect(byName.get('Late posting')).toMatchObject({ isIgnored: true });
    expect(byName.get('February charge')).toMatchObject({ isIgnored: false });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ removed: [early.transaction_id] }));
    expect((await bankItems(orgId)).transactions.map((x) => x.name)).toContain('Early charge');
  });
});

describe('a pending line dated in the closed period', () => {
  it('posts into the open period at once, and a posting dated in the closed period arrives ignored', async () => {
    const { api } = await newAdmin();
    const { orgId, institutionId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    const pendingOne = plaidTx({ name: 'Pending at the close', date: CLOSE, amount: 120, pending: true });
    const pendingTwo = plaidTx({ name: 'Pending twice', date: CLOSE, amount: 45, pending: true });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [pendingOne, pendingTwo] }));
    expect((await api.put('/api/organization/closed-period', { closedThrough: CLOSE })).status).toBe(200);
    // The first posts two days after the close, the second on the close itself.
    const posted = plaidTx({
      name: 'Pending at the close',
      date: '2026-02-02',
      amount: 120,
      pending_transaction_id: pendingOne.transaction_id,
    });
    const postedClosed = plaidTx({
      name: 'Pending twice',
      date: CLOSE,
      amount: 45,
      pending_transaction_id: pendingTwo.transaction_id,
    });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [posted, postedClosed] }));
    const byName = new Map((await bankItems(orgId)).transactions.map((x) => [x.name, x]));
    expect(byName.get('Pending at the close')).toMatchObject({ pending: false, date: '2026-02-02', amount: -12000 });
    expect(byName.get('Pending at the close')?.isIgnored).not.toBe(true);
    expect(byName.get('Pending twice')).toMatchObject({ pending: false, isIgnored: true });
    await expectLedgerConsistent(orgId);
  });
});

describe('a suggested bank match across the close', () => {
  it('is accepted only with the override when either record is dated in the closed period, whichever the request names', async () => {
    const { api } = await newAdmin();
    const { orgId, institutionId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    // A pending charge and its posting with a tip, both in January: they are suggested as a match.
    const pending = plaidTx({ name: 'Diner across the close', date: '2026-01-28', amount: 30, pending: true });
    const posted = plaidTx({
      name: 'Diner across the close',
      date: '2026-01-30',
      amount: 36,
      pending_transaction_id: pending.transaction_id,
    });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [pending] }));
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [posted] }));
    expect((await api.put('/api/organization/closed-period', { closedThrough: CLOSE })).status).toBe(200);
    // The bank moves the pending charge into February: a pending line is judged by its new date, so that applies.
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ modified: [{ ...pending, date: '2026-02-01' }] }));
    const lines = async () =>
      (await bankItems(orgId)).transactions
        .filter((x) => x.name === 'Diner across the close')
        .map((x) => ({ id: x.id, date: x.date, pending: x.pending === true, version: x.version }))
        .sort((a, b) => String(a.date).localeCompare(String(b.date)));
    const before = await lines();
    expect(before.map((x) => [x.date, x.pending])).toEqual([
      ['2026-01-30', false],
      ['2026-02-01', true],
    ]);
    const pendingId = String(before[1]!.id);

    // Accepting merges into the pending record and deletes the January posting: January would change.
    expectClosed(await api.post(`/api/transactions/${pendingId}/merge-suggestion`, { accept: true }));
    expectClosed(await api.post(`/api/transactions/${before[0]!.id}/merge-suggestion`, { accept: true }));
    expect(await lines()).toEqual(before);

    const overridden = await api.request('POST', `/api/transactions/${pendingId}/merge-suggestion`, {
      json: { accept: true },
      headers: OVERRIDE,
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect((await lines()).map((x) => [x.id, x.date, x.pending])).toEqual([[pendingId, '2026-01-30', false]]);
    await expectLedgerConsistent(orgId);
  });
});

describe('a bank linked again', () => {
  it('adopts its former lines at once, also in the closed period, and a sync that stopped part way brings none twice', async () => {
    const { api } = await newAdmin();
    const { orgId, institutionId } = await bankOrg(api);
    const { sync, banks } = await bankSyncModules();
    const dates = ['01-10', '01-12', '01-14', '01-16', '01-18', '02-02', '02-04', '02-06', '02-08', '02-10'];
    const lines = dates.map((d, i) => plaidTx({ date: `2026-${d}`, name: `Relinked line ${i}` }));
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: lines }));
    expect((await api.put('/api/organization/closed-period', { closedThrough: CLOSE })).status).toBe(200);

    const former = await banks.getInstitution(orgId, institutionId);
    await banks.deleteBankLink(orgId, institutionId);
    const claim = await banks.institutionClaimOf(orgId, former.plaidInstitutionId);
    expect(claim).toEqual({
      linked: null,
      formerLinks: [{ linkId: institutionId, through: new Date().toISOString().slice(0, 10) }],
    });
    // The same bank again: a new item, the same lines under new transaction and account ids.
    const { institution, accounts } = await banks.createBankLink({
      id: banks.newBankLinkId(),
      organizationId: orgId,
      itemId: `item-${randomUUID()}`,
      accessToken: { ciphertext: '', iv: '', tag: '', encryptedKey: '' } as never,
      createdById: 'test',
      plaidInstitutionId: former.plaidInstitutionId,
      institutionName: former.institutionName,
      accounts: [checkingAccount('plaid-checking-again')],
      formerLinks: claim.formerLinks,
    });
    const again = lines.map((t) => ({
      ...t,
      transaction_id: `tx-${randomUUID()}`,
      account_id: 'plaid-checking-again',
    }));
    // A first sync that stopped after writing seven, then the same pages whole: the three left are adopted too.
    const stoppedAt = again.filter((_, i) => ![0, 5, 9].includes(i));
    await sync.applySyncPages(orgId, institution, pages({ added: stoppedAt }));
    await sync.applySyncPages(orgId, institution, pages({ added: again }));

    const after = (await bankItems(orgId)).transactions;
    expect(after.map((t) => t.name).sort()).toEqual(lines.map((t) => t.name).sort());
    for (const t of after) expect(t).toMatchObject({ institutionId: institution.id, bankAccountId: accounts[0]!.id });
    expect(after.filter((t) => t.isIgnored)).toEqual([]);
    // January's lines changed only in which link knows them: nothing was held back for a reopen.
    expect((await partition(`ORG#${orgId}`)).filter((i) => i.type === 'HeldBankChange')).toEqual([]);
    await expectLedgerConsistent(orgId);
  });
});

describe('bank changes held by the closed period are replayed after a reopen', () => {
  it('a modification and a removal wait while closed, apply at the reopen, and only once', async () => {
    const { api } = await newAdmin();
    const { orgId, institutionId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    const changed = plaidTx({ name: 'Changed charge', date: '2026-01-10', amount: 30 });
    const removed = plaidTx({ name: 'Removed charge', date: '2026-01-11', amount: 40 });
    const later = plaidTx({ name: 'Later charge', date: '2026-01-12', amount: 50 });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [changed, removed, later] }));
    const before = new Map((await bankItems(orgId)).transactions.map((x) => [x.name, x]));
    const changedId = String(before.get('Changed charge')!.id);
    const shown = (await api.get(`/api/transactions/${changedId}`)).body.transaction;
    const notes = await api.put(
      `/api/transactions/${changedId}`,
      editable(shown, { notes: 'Checked against the statement', category: 'repairs' }),
    );
    expect(notes.status).toBe(200);

    expect((await api.put('/api/organization/closed-period', { closedThrough: '2026-01-31' })).status).toBe(200);
    await sync.applySyncPages(
      orgId,
      { id: institutionId },
      pages({
        modified: [{ ...changed, amount: 33, name: 'Changed charge, final' }],
        removed: [removed.transaction_id],
      }),
    );
    const held = (await partition(`ORG#${orgId}`)).filter((i) => i.type === 'HeldBankChange');
    expect(held.map((h) => h.kind).sort()).toEqual(['modify', 'remove']);
    const whileClosed = new Map((await bankItems(orgId)).transactions.map((x) => [x.id, x]));
    expect(whileClosed.get(changedId)).toMatchObject({ amount: -3000, version: 2 });
    expect(whileClosed.has(before.get('Removed charge')!.id)).toBe(true);

    // Moving the close later keeps them held; the ADMIN's reopen replays them.
    expect((await api.put('/api/organization/closed-period', { closedThrough: '2026-02-28' })).status).toBe(200);
    expect((await partition(`ORG#${orgId}`)).filter((i) => i.type === 'HeldBankChange')).toHaveLength(2);
    expect((await api.put('/api/organization/closed-period', { closedThrough: '2026-01-05' })).status).toBe(200);
    const after = new Map((await bankItems(orgId)).transactions.map((x) => [x.id, x]));
    expect(after.get(changedId)).toMatchObject({
      amount: -3300,
      name: 'Changed charge, final',
      notes: 'Checked against the statement',
      category: 'repairs',
      version: 3,
    });
    expect(after.has(before.get('Removed charge')!.id)).toBe(false);
    expect(after.get(before.get('Later charge')!.id)).toMatchObject({ version: 1 });
    expect((await partition(`ORG#${orgId}`)).filter((i) => i.type === 'HeldBankChange')).toEqual([]);
    const trail = await auditOf(orgId, changedId);
    expect(trail.filter((e) => e.via === 'bank_sync' && e.action === 'updated')).toHaveLength(1);

    // A replay of the same held pages later (the sync's own start) finds nothing more to do.
    const { replayHeldBankChanges } = await import('../../functions/src/services/banking/heldChanges.js');
    expect(await replayHeldBankChanges(orgId)).toBe(0);
    expect((await bankItems(orgId)).transactions.find((x) => x.id === changedId)).toMatchObject({
      version: 3,
    });
  });
});

describe('a held bank change on a line split since', () => {
  it('replays its new amount onto the split: the parts are rebalanced and still add up', async () => {
    const { api } = await newAdmin();
    const { orgId, institutionId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    const charge = plaidTx({ name: 'Supplies run', date: '2026-01-10', amount: 30 });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [charge] }));
    const id = String((await bankItems(orgId)).transactions.find((x) => x.name === 'Supplies run')!.id);
    expect((await api.put('/api/organization/closed-period', { closedThrough: '2026-01-31' })).status).toBe(200);
    // The bank says 45, held while January is closed; an ADMIN splits the 30 meanwhile, with the override.
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ modified: [{ ...charge, amount: 45 }] }));
    const shown = (await api.get(`/api/transactions/${id}`)).body.transaction;
    const split = await api.request('PUT', `/api/transactions/${id}/split`, {
      json: {
        version: shown.version,
        parts: [
          { category: 'supplies', propertyId: null, amount: -20 },
          { category: 'repairs', propertyId: null, amount: -10 },
        ],
      },
      headers: OVERRIDE,
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);

    expect((await api.put('/api/organization/closed-period', { closedThrough: '2026-01-05' })).status).toBe(200);
    const after = (await bankItems(orgId)).transactions.find((x) => x.id === id)!;
    expect(after.amount).toBe(-4500);
    const parts = after.parts as { amount: number; category: string }[];
    expect(parts.map((p) => p.category)).toEqual(['supplies', 'repairs']);
    expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(-4500);
    await expectLedgerConsistent(orgId);
  });
});

describe('every close and reopen is logged; concurrent changes cannot both win', () => {
  it('the history says who moved the close from what to what, newest first', async () => {
    const own = await team();
    const put = (who: Person, closedThrough: string | null) =>
      who.api.put('/api/organization/closed-period', { closedThrough });
    expect((await put(own.landlord, '2026-01-31')).status).toBe(200);
    expect((await put(own.landlord, '2026-03-31')).status).toBe(200);
    expect((await put(own.landlord, '2026-03-31')).status).toBe(200); // no change, nothing logged
    expect((await put(own.admin, '2026-02-28')).status).toBe(200);
    const cleared = await put(own.admin, null);
    expect(cleared.status).toBe(200);
    expect(cleared.body.closedThrough).toBeNull();
    expect(cleared.body.history.map((h: Record<string, unknown>) => [h.from, h.to, h.reopened, h.byUserId])).toEqual([
      ['2026-02-28', null, true, own.admin.userId],
      ['2026-03-31', '2026-02-28', true, own.admin.userId],
      ['2026-01-31', '2026-03-31', false, own.landlord.userId],
      [null, '2026-01-31', false, own.landlord.userId],
    ]);
    // Another organization sees none of it.
    expect((await other.admin.api.get('/api/organization/closed-period')).body.history).toEqual([]);
  });

  it('a change made from a stale read of the close is refused (409) and logs nothing', async () => {
    const own = await team();
    expect((await own.admin.api.put('/api/organization/closed-period', { closedThrough: '2026-04-30' })).status).toBe(
      200,
    );
    await bankSyncModules(); // the repository's environment: the test stack's table
    const { setClosedPeriod } = await import('../../functions/src/data/ledger/closedPeriods.js');
    // Read before the close above: "from" is nothing. Whoever wrote meanwhile wins; this one must reload.
    const stale = setClosedPeriod(own.orgId, {
      from: null,
      to: '2026-05-31',
      reopened: false,
      byUserId: own.landlord.userId,
      byName: 'Landlord',
    });
    await expect(stale).rejects.toMatchObject({ name: 'Conflict', code: 'CLOSED_PERIOD_CHANGED' });
    const now = (await own.admin.api.get('/api/organization/closed-period')).body;
    expect(now.closedThrough).toBe('2026-04-30');
    expect(now.history).toHaveLength(1);
  });

  it('a rule undo keeps what the close has since covered, and says so', async () => {
    const own = await team();
    const name = `THE HOME DEPOT undo ${randomUUID().slice(0, 6)}`;
    const txn = await create(own.admin, '2026-02-10', { name });
    const applied = await own.admin.api.post('/api/categorization-rules/apply-single', {
      rule: { namePattern: name, category: 'repairs' },
      transactions: [txn],
    });
    expect(applied.body).toMatchObject({ categorizedCount: 1 });
    expect((await own.admin.api.put('/api/organization/closed-period', { closedThrough: '2026-02-28' })).status).toBe(
      200,
    );
    const undo = await own.admin.api.post(`/api/categorization-rules/batches/${applied.body.batchId}/undo`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body).toMatchObject({ restoredCount: 0, keptCount: 1 });
    expect((await own.admin.api.get(`/api/transactions/${txn.id}`)).body.transaction.category).toBe('repairs');
    expect((await auditOf(own.orgId, txn.id)).map((e) => e.via)).toEqual(['manual', 'rule_apply']);
  });
});

describe('roles and organizations', () => {
  it('tenants get 403 and another organization 404 on the write paths, as before', async () => {
    expect((await t.tenant.api.put(`/api/transactions/${closedTxn.id}`, editable(closedTxn))).status).toBe(403);
    expect((await other.admin.api.put(`/api/transactions/${closedTxn.id}`, editable(closedTxn))).status).toBe(404);
    expect((await other.admin.api.patch(`/api/transactions/${closedTxn.id}/ignore`, { isIgnored: true })).status).toBe(
      404,
    );
  });
});
