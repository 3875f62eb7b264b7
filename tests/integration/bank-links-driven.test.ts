import { auditWords, type PlaidTransactionLike } from '@rent/shared';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { team } from '../support/members.js';
import { PlaidStandInControl } from '../support/plaid.js';
import { bankItems, bankOrg, bankSyncModules, linkedOrg, plaidTx } from './bank-sync-helpers.js';
import { expectLedgerConsistent } from './ledger-helpers.js';

/**
 * Bank links a person drives (docs/banking.md "Bank links"): what the trail says the bank did, accepting the bank's
 * suggested categories through the bulk edit, and filing an account's past transactions under its default property
 * (preview, apply, closed period, roles, other organizations).
 */
const pages = (
  over: Partial<{ added: PlaidTransactionLike[]; modified: PlaidTransactionLike[]; removed: string[] }>,
) => ({
  added: [],
  modified: [],
  removed: [],
  ...over,
});

type Team = Awaited<ReturnType<typeof team>>;
type Api = Team['admin']['api'];
let t: Team;
let stranger: Awaited<ReturnType<typeof newAdmin>>;
beforeAll(async () => {
  [t, stranger] = await Promise.all([team(), newAdmin('stranger')]);
});

const utilities = { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY' };

async function byExternalId(orgId: string, plaidId: string) {
  const found = (await bankItems(orgId)).transactions.find((x) => x.externalId === plaidId);
  expect(found).toBeDefined();
  return found!;
}

async function putNotes(api: Api, record: Record<string, unknown>, notes: string) {
  const res = await api.put(`/api/transactions/${record.id}`, {
    name: record.name,
    date: record.date,
    amount: (record.amount as number) / 100,
    category: record.category ?? null,
    notes,
    propertyId: record.propertyId,
    version: record.version,
  });
  expect(res.status).toBe(200);
}

type Entry = { action: string; via: string; bankEvent?: string | null; changes: never[] };
async function bankEntries(api: Api, transactionId: string) {
  const res = await api.get(`/api/transactions/${transactionId}/activity`);
  expect(res.status).toBe(200);
  return (res.body.auditEntries as Entry[]).filter((e) => e.via === 'bank_sync' && e.action === 'updated');
}
const words = (entry: Entry) => auditWords(entry as never, { actor: null });

describe('the trail says what the bank did', () => {
  it('posted, merged and removed, each in the bank words', async () => {
    const { api } = await newAdmin();
    const { orgId, institutionId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    const posting = plaidTx({ pending: true, name: 'Gas station', amount: 40 });
    const merging = plaidTx({ pending: true, name: 'Hardware', amount: 25 });
    const leaving = plaidTx({ pending: true, name: 'Cafe', amount: 9 });
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [posting, merging, leaving] }));
    const cafe = await byExternalId(orgId, leaving.transaction_id);
    await putNotes(api, cafe, 'met the plumber'); // something attached: a removal keeps it

    const postedHardware = plaidTx({ name: 'Hardware', amount: 25, pending_transaction_id: merging.transaction_id });
    const counts = await sync.applySyncPages(
      orgId,
      { id: institutionId },
      pages({
        added: [postedHardware],
        modified: [{ ...posting, pending: false, amount: 42.5 }],
        removed: [merging.transaction_id, leaving.transaction_id],
      }),
    );
    expect(counts).toMatchObject({ merged: 1, kept: 1 });

    const gas = await byExternalId(orgId, posting.transaction_id);
    const [posted] = await bankEntries(api, gas.id as string);
    expect(posted).toMatchObject({ bankEvent: 'posted' });
    expect(words(posted!)).toBe('The bank posted this transaction and changed the amount from -$40.00 to -$42.50');

    const hardware = await byExternalId(orgId, postedHardware.transaction_id);
    const [merged] = await bankEntries(api, hardware.id as string);
    expect(merged).toMatchObject({ bankEvent: 'merged' });
    expect(words(merged!)).toBe('The bank merged its posted version into this pending transaction');

    const [removed] = await bankEntries(api, cafe.id as string);
    expect(removed).toMatchObject({ bankEvent: 'removed' });
    expect(words(removed!)).toMatch(/^The bank removed this transaction\./);
    await expectLedgerConsistent(orgId);
  });
});

describe("accepting the bank's suggested categories (bulk edit)", () => {
  it('files each suggested one under its suggestion by hand, leaves the rest; closed period 409; roles', async () => {
    const { orgId, institutionId } = await bankOrg(t.admin.api);
    const { sync } = await bankSyncModules();
    const [gas, power, plain, january] = [
      plaidTx({ name: 'City Gas', personal_finance_category: utilities }),
      plaidTx({ name: 'Power Co', personal_finance_category: utilities }),
      plaidTx({ name: 'Somebody' }),
      plaidTx({ name: 'Old Power', date: '2025-01-10', personal_finance_category: utilities }),
    ];
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [gas, power, plain, january] }));
    const ids = await Promise.all(
      [gas, power, plain].map(async (p) => (await byExternalId(orgId, p.transaction_id)).id),
    );
    expect((await byExternalId(orgId, gas.transaction_id)).suggestedCategory).toBe('utilities');

    const body = { ids, set: { acceptSuggestedCategory: true } };
    expect((await t.tenant.api.post('/api/transactions/bulk', body)).status).toBe(403);
    expect((await stranger.api.post('/api/transactions/bulk', body)).status).toBe(404);
    const both = await t.manager.api.post('/api/transactions/bulk', { ids, set: { ...body.set, category: 'repairs' } });
    expect(both.status).toBe(400);

    const res = await t.manager.api.post('/api/transactions/bulk', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updatedIds: ids.slice(0, 2), unchangedIds: [ids[2]] });
    for (const p of [gas, power]) {
      expect(await byExternalId(orgId, p.transaction_id)).toMatchObject({
        category: 'utilities',
        categorizationSource: 'manual',
      });
    }
    expect((await byExternalId(orgId, plain.transaction_id)).category).toBeNull();
    const activity = (await t.admin.api.get(`/api/transactions/${ids[0]}/activity`)).body.auditEntries;
    expect(activity.at(-1)).toMatchObject({
      via: 'bulk',
      actorId: t.manager.userId,
      changes: [{ field: 'category', from: null, to: 'utilities' }],
    });

    // A closed period refuses the whole request, as any bulk edit.
    expect((await t.admin.api.put('/api/organization/closed-period', { closedThrough: '2025-01-31' })).status).toBe(
      200,
    );
    const old = await byExternalId(orgId, january.transaction_id);
    const closed = await t.admin.api.post('/api/transactions/bulk', { ids: [old.id], set: body.set });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('PERIOD_CLOSED');
    expect((await byExternalId(orgId, january.transaction_id)).category).toBeNull();
    expect((await t.admin.api.put('/api/organization/closed-period', { closedThrough: null })).status).toBe(200);
    await expectLedgerConsistent(orgId);
  });
});

describe("an account's default property for its past transactions", () => {
  it('previews which it files and which it leaves (a property, the closed period), then applies it', async () => {
    const own = await team();
    const api = own.admin.api;
    const { orgId, institutionId, accountId, propertyId } = await bankOrg(api);
    const { sync } = await bankSyncModules();
    // The transactions arrive while the account has no default property.
    expect((await api.patch(`/api/bank-accounts/${accountId}`, { propertyId: null })).status).toBe(200);
    const [feb, filed, jan, mar] = [
      plaidTx({ name: 'February', date: '2026-02-10' }),
      plaidTx({ name: 'Filed', date: '2026-02-11' }),
      plaidTx({ name: 'January', date: '2026-01-05' }),
      plaidTx({ name: 'March', date: '2026-03-01' }),
    ];
    await sync.applySyncPages(orgId, { id: institutionId }, pages({ added: [feb, filed, jan, mar] }));
    const other = (await api.post('/api/properties', { address: 'Other Property 1' })).body;
    const filedRecord = await byExternalId(orgId, filed.transaction_id);
    expect(
      (await api.post('/api/transactions/bulk', { ids: [filedRecord.id], set: { propertyId: other.id } })).status,
    ).toBe(200);
    const path = `/api/bank-accounts/${accountId}`;
    // No default property yet: nothing to apply.
    expect((await api.get(`${path}/default-property-preview`)).status).toBe(400);
    expect((await api.patch(path, { propertyId })).status).toBe(200);
    expect((await api.put('/api/organization/closed-period', { closedThrough: '2026-01-31' })).status).toBe(200);

    expect((await own.tenant.api.get(`${path}/default-property-preview`)).status).toBe(403);
    expect((await own.tenant.api.post(`${path}/apply-default-property`)).status).toBe(403);
    expect((await stranger.api.get(`${path}/default-property-preview`)).status).toBe(404);
    expect((await stranger.api.post(`${path}/apply-default-property`)).status).toBe(404);

    const preview = await own.manager.api.get(`${path}/default-property-preview`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      accountId,
      propertyId,
      closedThrough: '2026-01-31',
      apply: { count: 2 },
      skipped: { count: 2, byReason: { has_property: 1, closed_period: 1, split: 0 } },
    });
    expect(preview.body.apply.transactions.map((x: { name: string }) => x.name)).toEqual(['March', 'February']);
    expect(preview.body.skipped.transactions.map((x: { name: string; reason: string }) => [x.name, x.reason])).toEqual([
      ['Filed', 'has_property'],
      ['January', 'closed_period'],
    ]);

    const applied = await own.manager.api.post(`${path}/apply-default-property`);
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({
      accountId,
      propertyId,
      updatedCount: 2,
      skipped: { has_property: 1, closed_period: 1, split: 0 },
    });
    for (const [p, expected] of [
      [feb, propertyId],
      [mar, propertyId],
      [filed, other.id],
      [jan, null],
    ] as const) {
      expect((await byExternalId(orgId, p.transaction_id)).propertyId).toBe(expected);
    }
    const marRecord = await byExternalId(orgId, mar.transaction_id);
    const entries = (await api.get(`/api/transactions/${marRecord.id}/activity`)).body.auditEntries;
    expect(entries.at(-1)).toMatchObject({ via: 'bulk', actorId: own.manager.userId });
    // Again: nothing is left to file.
    const again = await api.get(`${path}/default-property-preview`);
    expect(again.body).toMatchObject({ apply: { count: 0 }, skipped: { byReason: { has_property: 3 } } });
    expect((await api.post(`${path}/apply-default-property`)).body.updatedCount).toBe(0);
    await expectLedgerConsistent(orgId);
  });
});

describe('a failed sync', () => {
  it("is recorded on the link with words written for people, never the bank's details", async () => {
    const plaid = new PlaidStandInControl(inject('plaidEndpoint'));
    const { api } = await newAdmin();
    const link = await linkedOrg(api, plaid);
    await bankSyncModules(); // the stack's table, KMS and Plaid stand-in
    const jobs = await import('../../functions/src/services/banking/syncJobs.js');
    await plaid.injectError(link.itemId, '/transactions/sync', 'INTERNAL_SERVER_ERROR');
    const message = { v: 1 as const, organizationId: link.orgId, institutionId: link.institutionId };
    await expect(jobs.syncUnderLease({ ...message, reason: 'manual', requestedAt: Date.now() })).rejects.toThrow();
    const [failed] = (await api.get('/api/bank-connections')).body.connections;
    expect(failed.lastSync).toMatchObject({
      status: 'failed',
      added: 0,
      message: 'The bank could not be reached. The sync will be tried again automatically.',
    });
    // The queue's retry works: its round is recorded in front of the failed one.
    await plaid.addTransaction(link.itemId, { amount: 12, name: 'After the outage' });
    expect(await jobs.syncUnderLease({ ...message, reason: 'manual', requestedAt: Date.now() })).toBe('synced');
    const [synced] = (await api.get('/api/bank-connections')).body.connections;
    expect(synced.recentSyncs.map((r: { status: string }) => r.status)).toEqual(['synced', 'failed']);
    expect(synced.lastSync).toMatchObject({ status: 'synced', added: 1 });
  });
});
