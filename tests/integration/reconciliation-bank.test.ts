import { describe, expect, it } from 'vitest';
import { partition } from '../support/db.js';
import { team } from '../support/members.js';
import { bankOrg, bankSyncModules, plaidTx } from './bank-sync-helpers.js';
import { expectLedgerConsistent } from './ledger-helpers.js';

/**
 * The bank and reconciliation (docs/reconciliation.md, docs/banking.md "Closed periods and the bank"): what the bank
 * changes on a line a finished reconciliation holds is held back, so the reconciled month's figures do not move
 * without a person, and undoing the reconciliation lets it land; Plaid's balance at the last sync is the suggested
 * end balance of that sync's month.
 */
describe('the bank and reconciliation', () => {
  it("holds the bank's change until the reconciliation is undone, then applies it", async () => {
    const t = await team();
    const bank = await bankOrg(t.admin.api);
    const { sync } = await bankSyncModules();
    const water = plaidTx({ date: '2026-06-10', amount: 40, name: 'Water W' });
    const page = (over: Record<string, unknown>) => ({ added: [], modified: [], removed: [], ...over }) as never;
    await sync.applySyncPages(bank.orgId, { id: bank.institutionId }, page({ added: [water] }));
    const base = `/api/bank-accounts/${bank.accountId}/reconciliations/2026-06`;
    const typed = await t.admin.api.put(base, { startBalance: 1000, endBalance: 960 });
    expect(typed.body).toMatchObject({ difference: 0 });
    expect((await t.admin.api.post(`${base}/finish`)).status).toBe(200);
    const line = async () => (await partition(`ORG#${bank.orgId}`)).find((i) => i.name === 'Water W')!;
    expect((await line()).reconciled).toBe('2026-06-30');

    // The bank corrects the amount: held, the reconciled figure stays.
    await sync.applySyncPages(bank.orgId, { id: bank.institutionId }, page({ modified: [{ ...water, amount: 41 }] }));
    expect((await line()).amount).toBe(-4000);
    const held = async () => (await partition(`ORG#${bank.orgId}`)).filter((i) => i.type === 'HeldBankChange');
    expect(await held()).toHaveLength(1);
    // A later sync does not replay it while the line is reconciled.
    await sync.applySyncPages(bank.orgId, { id: bank.institutionId }, page({}));
    expect((await line()).amount).toBe(-4000);

    // Undone by an admin: the bank's change lands, and the month shows the difference it makes.
    const undone = await t.admin.api.post(`${base}/undo`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await line()).amount).toBe(-4100);
    expect(await held()).toEqual([]);
    await expectLedgerConsistent(bank.orgId);
  });

  it("suggests the bank's balance at its last sync as the end of that sync's month, and only that month", async () => {
    const t = await team();
    const bank = await bankOrg(t.admin.api);
    const { banks, syncRounds } = await bankSyncModules();
    await syncRounds.saveSyncCursor(bank.orgId, bank.institutionId, 'cursor-1');
    const synced = (await banks.getInstitution(bank.orgId, bank.institutionId)).lastSyncedAt!.slice(0, 10);
    const accounts = (await t.admin.api.get('/api/bank-accounts')).body.accounts as { id: string; balance: number }[];
    const { balance } = accounts.find((a) => a.id === bank.accountId)!;
    expect(balance).not.toBeNull();
    const month = (m: string) => t.admin.api.get(`/api/bank-accounts/${bank.accountId}/reconciliations/${m}`);
    const now = await month(synced.slice(0, 7));
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body.suggestions).toMatchObject({
      endBalance: balance,
      endFrom: `The bank's balance at its last sync on ${synced}`,
    });
    const earlier = await month('2026-01');
    expect(earlier.body.suggestions).toMatchObject({ endBalance: null, endFrom: null });
  });
});
