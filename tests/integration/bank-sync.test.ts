import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { db, TABLE_NAME } from '../support/db.js';
import { PlaidStandInControl } from '../support/plaid.js';
import { bankItems, bankSyncModules, linkedOrg } from './bank-sync-helpers.js';
import { expectLedgerConsistent } from './ledger-helpers.js';
import { expectConsistent } from './rules-helpers.js';

/** syncInstitution against the Plaid stand-in, through the real `plaid` client. */
const control = () => new PlaidStandInControl(inject('plaidEndpoint'));

/** Forgets the saved cursor: the next sync replays everything from the start. */
const resetCursor = (orgId: string, institutionId: string) =>
  db().send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: { PK: `ORG#${orgId}`, SK: `BANKITEM#${institutionId}` },
      UpdateExpression: 'SET #c = :null',
      ExpressionAttributeNames: { '#c': 'cursor' },
      ExpressionAttributeValues: { ':null': null },
    }),
  );

describe('bank sync against the Plaid stand-in', () => {
  it('two years (>= 1,500 over several pages) arrive once; three full replays add nothing', async () => {
    const plaid = control();
    const { api } = await newAdmin();
    const link = await linkedOrg(api, plaid);
    const { bankSync, banks } = await bankSyncModules();
    const generated = await plaid.generate(link.itemId, { count: 1_600, days: 730 });
    expect(generated.added).toBeGreaterThanOrEqual(1_600);
    const first = await bankSync.syncInstitution(link.orgId, link.institutionId);
    expect(first).toMatchObject({ status: 'synced', added: generated.added, modified: 0, removed: 0, restarts: 0 });
    expect(first.pages).toBeGreaterThanOrEqual(4);
    expect(first.cursor).toBeTruthy();
    const stored = await bankItems(link.orgId);
    expect(stored.transactions).toHaveLength(generated.added);
    const onChecking = stored.transactions.filter((t) => t.bankAccountId === link.checking);
    expect(onChecking.length).toBeGreaterThan(0);
    expect(onChecking.every((t) => t.propertyId === link.propertyId)).toBe(true);
    const depot = stored.transactions.filter((t) => t.name === 'The Home Depot');
    expect(depot.length).toBeGreaterThan(0);
    expect(depot.every((t) => t.category === 'repairs' && t.categorizationSource === 'rule')).toBe(true);
    const accounts = await banks.listBankAccounts(link.orgId);
    expect(accounts.filter((a) => a.institutionId === link.institutionId).every((a) => a.balance !== null)).toBe(true);

    for (let replay = 0; replay < 3; replay++) {
      await resetCursor(link.orgId, link.institutionId);
      const again = await bankSync.syncInstitution(link.orgId, link.institutionId);
      expect(again).toMatchObject({ status: 'synced', added: 0, modified: 0, removed: 0, merged: 0 });
    }
    expect((await bankItems(link.orgId)).transactions).toHaveLength(generated.added);
    // Nothing new since: the saved cursor brings nothing.
    expect(await bankSync.syncInstitution(link.orgId, link.institutionId)).toMatchObject({ added: 0, pages: 1 });
    await expectConsistent(link.orgId);
  }, 300_000);

  it('a mutation during pagination throws the pages away and restarts from the first cursor', async () => {
    const plaid = control();
    const { api } = await newAdmin();
    const link = await linkedOrg(api, plaid);
    const { bankSync } = await bankSyncModules();
    const generated = await plaid.generate(link.itemId, { count: 1_100, days: 400 });
    await plaid.injectError(link.itemId, '/transactions/sync', 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', 2);
    const outcome = await bankSync.syncInstitution(link.orgId, link.institutionId);
    expect(outcome).toMatchObject({ status: 'synced', restarts: 1, added: generated.added });
    expect((await bankItems(link.orgId)).transactions).toHaveLength(generated.added);
  }, 120_000);

  it('a crash between the writes and the cursor save loses nothing and duplicates nothing', async () => {
    const plaid = control();
    const { api } = await newAdmin();
    const link = await linkedOrg(api, plaid);
    const { bankSync, banks } = await bankSyncModules();
    const generated = await plaid.generate(link.itemId, { count: 700, days: 200 });
    const crash = bankSync.syncInstitution(link.orgId, link.institutionId, {
      beforeCursorSave: () => {
        throw new Error('the process died here');
      },
    });
    await expect(crash).rejects.toThrow('the process died here');
    expect((await bankItems(link.orgId)).transactions).toHaveLength(generated.added);
    expect((await banks.getInstitution(link.orgId, link.institutionId)).cursor).toBeNull();
    const rerun = await bankSync.syncInstitution(link.orgId, link.institutionId);
    expect(rerun).toMatchObject({ status: 'synced', added: 0 });
    expect(rerun.cursor).toBeTruthy();
    expect((await bankItems(link.orgId)).transactions).toHaveLength(generated.added);
    await expectLedgerConsistent(link.orgId);
  }, 120_000);

  it('pending -> posted by id into the same record; a tip is offered, never merged; a removal deletes', async () => {
    const plaid = control();
    const { api } = await newAdmin();
    const link = await linkedOrg(api, plaid);
    const { bankSync } = await bankSyncModules();
    const sync = () => bankSync.syncInstitution(link.orgId, link.institutionId);
    const totals = async () => (await api.get('/api/transactions/totals')).body.totals;

    const coffee = await plaid.postPending(link.itemId, {
      amount: 12.5,
      merchant_name: 'Blue Bottle',
      name: 'BLUE BOTTLE',
    });
    const dinner = await plaid.postPending(link.itemId, { amount: 40, merchant_name: 'Diner', name: 'DINER' });
    const gone = await plaid.addTransaction(link.itemId, { amount: 9.99, name: 'Streaming' });
    expect(await sync()).toMatchObject({ added: 3 });
    const before = await totals();
    expect(before.count).toBe(1); // the two pending ones count nowhere
    const byName = async (name: string) => (await bankItems(link.orgId)).transactions.filter((t) => t.name === name);
    const [pendingDinner] = await byName('Diner');
    expect(pendingDinner).toMatchObject({ pending: true });
    const noted = await api.put(`/api/transactions/${pendingDinner!.id}`, {
      name: 'Diner',
      date: pendingDinner!.date,
      amount: -40,
      category: null,
      notes: 'lunch with the contractor',
      propertyId: pendingDinner!.propertyId,
      version: pendingDinner!.version,
    });
    expect(noted.status).toBe(200);

    await plaid.postPosted(link.itemId, coffee.transaction_id);
    await plaid.postPosted(link.itemId, dinner.transaction_id, { amount: 48 });
    await plaid.remove(link.itemId, gone.transaction_id);
    // The coffee's pending id, removed by Plaid, was taken over by its posted one: not a removal.
    expect(await sync()).toMatchObject({ merged: 1, suggested: 1, removed: 2, kept: 1 });

    const [postedCoffee, ...moreCoffee] = await byName('Blue Bottle');
    expect(moreCoffee).toEqual([]);
    expect(postedCoffee).toMatchObject({ pending: false, amount: -1250, pendingTransactionId: coffee.transaction_id });
    expect(await byName('Streaming')).toEqual([]);
    const dinners = await byName('Diner');
    expect(dinners).toHaveLength(2);
    const kept = dinners.find((t) => t.id === pendingDinner!.id)!;
    const posted = dinners.find((t) => t.id !== pendingDinner!.id)!;
    expect(kept).toMatchObject({ removedByBank: true, isIgnored: true, suggestedMatchId: posted.id });
    expect(posted).toMatchObject({ amount: -4800, pending: false, suggestedMatchId: kept.id });

    const accepted = await api.post(`/api/transactions/${posted.id}/merge-suggestion`, { accept: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.transaction).toMatchObject({
      id: kept.id,
      amount: -48,
      notes: 'lunch with the contractor',
      isIgnored: false,
    });
    expect(await byName('Diner')).toHaveLength(1);
    const after = await totals();
    expect(after.count).toBe(2); // coffee and dinner, once each; streaming gone
    expect(after.out).toBe(-60.5);
    expect(await sync()).toMatchObject({ added: 0, merged: 0 });
    await expectConsistent(link.orgId);
  }, 120_000);

  it('ITEM_LOGIN_REQUIRED during a sync marks the link needs_reconnect and keeps the cursor', async () => {
    const plaid = control();
    const { api } = await newAdmin();
    const link = await linkedOrg(api, plaid);
    const { bankSync, banks } = await bankSyncModules();
    await plaid.addTransaction(link.itemId, { amount: 20, name: 'Before the lapse' });
    const first = await bankSync.syncInstitution(link.orgId, link.institutionId);
    await plaid.forceLoginRequired(link.itemId);
    await plaid.addTransaction(link.itemId, { amount: 30, name: 'After the lapse' });
    const outcome = await bankSync.syncInstitution(link.orgId, link.institutionId);
    expect(outcome).toMatchObject({ status: 'needs_reconnect', errorCode: 'ITEM_LOGIN_REQUIRED', added: 0 });
    const institution = await banks.getInstitution(link.orgId, link.institutionId);
    expect(institution).toMatchObject({
      status: 'needs_reconnect',
      errorCode: 'ITEM_LOGIN_REQUIRED',
      cursor: first.cursor,
    });
    expect((await bankItems(link.orgId)).transactions.map((t) => t.name)).toEqual(['Before the lapse']);
  });
});
