import { randomUUID } from 'node:crypto';
import { auditWords, figuresOf } from '@rent/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { partition } from '../support/db.js';
import { team } from '../support/members.js';
import { bankSyncModules, plaidTx } from './bank-sync-helpers.js';
import { expectLedgerConsistent } from './ledger-helpers.js';
import { ruleBody } from './rules-helpers.js';

/**
 * Transfers between own accounts (docs/ledger.md "Transfers"): a checking -> savings transfer arriving by bank sync on
 * both accounts is paired and counts nowhere in the reports; ambiguous ones are suggested and paired by hand; a
 * person's unpair sticks; deleting or the bank removing one side releases the other; roles and bad input.
 */
type Team = Awaited<ReturnType<typeof team>>;

let w: Team;
let x: Team;
let institutionId: string;
let checking: string;
let savings: string;

async function ok<T = any>(res: Promise<{ status: number; body: any }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}

const stored = async (orgId: string, id: string) =>
  (await partition(`ORG#${orgId}`)).find((i) => i.type === 'Transaction' && i.id === id)!;

async function sync(added: ReturnType<typeof plaidTx>[], removed: string[] = []) {
  const { sync: s } = await bankSyncModules();
  await s.applySyncPages(w.orgId, { id: institutionId }, { added, modified: [], removed } as never);
}
const idOf = async (plaidId: string) => (await bankSyncModules()).bankTransactions.bankTransactionId(w.orgId, plaidId);

/** Plaid's sign: a positive amount is money out. */
const out = (name: string, amount: number, date: string) => plaidTx({ name, amount, date, account_id: 'plaid-chk' });
const into = (name: string, amount: number, date: string) =>
  plaidTx({ name, amount: -amount, date, account_id: 'plaid-sav' });

beforeAll(async () => {
  [w, x] = await Promise.all([team(), team()]);
  const { banks } = await bankSyncModules();
  institutionId = banks.newBankLinkId();
  const account = (accountId: string, name: string, subtype: string, mask: string) => ({
    accountId,
    name,
    officialName: null,
    type: 'depository',
    subtype,
    mask,
    currency: 'USD',
    balance: 1_000,
  });
  const { accounts } = await banks.createBankLink({
    id: institutionId,
    organizationId: w.orgId,
    itemId: `item-${randomUUID()}`,
    accessToken: { ciphertext: '', iv: '', tag: '', encryptedKey: '' } as never,
    createdById: 'test',
    plaidInstitutionId: `ins_${randomUUID().slice(0, 8)}`,
    institutionName: 'Test Bank',
    accounts: [
      account('plaid-chk', 'Checking', 'checking', '1111'),
      account('plaid-sav', 'Savings', 'savings', '2222'),
    ],
  });
  checking = accounts.find((a) => a.accountId === 'plaid-chk')!.id;
  savings = accounts.find((a) => a.accountId === 'plaid-sav')!.id;
  // Without pairing, a rule would count the savings side as income.
  await ok(
    w.admin.api.post(
      '/api/categorization-rules',
      ruleBody({ name: 'Transfers in', namePattern: 'online transfer from', category: 'other_income' }),
    ),
    201,
  );
});

describe('a checking -> savings transfer arriving on both accounts', () => {
  it('is paired on arrival, both sides say so, and the reports count it nowhere', async () => {
    const rent = await ok(
      w.admin.api.post('/api/transactions', {
        name: 'Rent March',
        date: '2026-03-01',
        amount: 1200,
        category: 'rental_income',
        propertyId: null,
        notes: null,
      }),
      201,
    );
    expect(rent.transaction.id).toBeTruthy();
    const sent = out('ONLINE TRANSFER TO SAV 4411', 500.25, '2026-03-02');
    await sync([sent]); // the checking side first, the savings side in a later sync
    const outId = await idOf(sent.transaction_id);
    expect((await stored(w.orgId, outId)).transferPairId ?? null).toBeNull();
    const received = into('ONLINE TRANSFER FROM CHK 4411', 500.25, '2026-03-04');
    await sync([received]);
    const inId = await idOf(received.transaction_id);

    const [a, b] = [await stored(w.orgId, outId), await stored(w.orgId, inId)];
    expect(a).toMatchObject({ transferPairId: inId, category: 'account_transfers', bankAccountId: checking });
    expect(b).toMatchObject({ transferPairId: outId, category: 'account_transfers', bankAccountId: savings });
    expect(a.transferWith).toBe('ONLINE TRANSFER FROM CHK 4411 in Savings ••2222');

    const info = await ok(w.manager.api.get(`/api/transactions/${outId}/transfer`));
    expect(info.pair).toMatchObject({ id: inId, amount: 500.25, accountName: 'Savings ••2222' });
    const activity = await ok(w.admin.api.get(`/api/transactions/${inId}/activity`));
    const words = activity.auditEntries.map((e: any) => auditWords(e, { actor: null }));
    expect(words).toContain(
      'Paired as a transfer with ONLINE TRANSFER TO SAV 4411 in Checking ••1111 and changed the category from Other income to Transfers between accounts',
    );

    // Only the rent counts: the transfer is neither income nor expense.
    const pl = await ok(w.admin.api.get('/api/reports/profit-and-loss?from=2026-03&to=2026-03'));
    expect(pl.figures).toMatchObject({ income: 1200, operatingExpenses: 0 });
    const cf = await ok(w.admin.api.get('/api/reports/cash-flow?from=2026-03&to=2026-03'));
    expect(figuresOf(cf.cells)).toMatchObject({ income: 1200, operatingExpenses: 0, cashFlow: 1200 });
    await expectLedgerConsistent(w.orgId);

    // A person unpairs it: both go back to uncategorized, and automation never pairs those two again.
    const unpaired = await ok(w.landlord.api.delete(`/api/transactions/${inId}/transfer`));
    expect(unpaired.transaction).toMatchObject({ id: inId, transferPairId: null, category: null });
    expect(unpaired.other).toMatchObject({ id: outId, transferPairId: null, category: null });
    const { pairArrivals } = await import('../../functions/src/services/ledger/transfers.js');
    const { readTransactions } = await import('../../functions/src/data/ledger/read.js');
    const fresh = await readTransactions(w.orgId, [outId, inId]);
    expect(await pairArrivals(w.orgId, [...fresh.values()])).toBe(0);
    expect((await stored(w.orgId, outId)).transferPairId ?? null).toBeNull();
    expect((await ok(w.admin.api.get(`/api/transactions/${outId}/transfer`))).candidates).toEqual([]);
    await expectLedgerConsistent(w.orgId);
  });

  it('suggests ambiguous candidates instead of pairing, and a person pairs one by hand', async () => {
    const a = out('XFER OUT A', 300, '2026-04-02');
    const b = out('XFER OUT B', 300, '2026-04-03');
    const c = into('XFER IN', 300, '2026-04-03');
    await sync([a, b, c]);
    const [aId, bId, cId] = await Promise.all([idOf(a.transaction_id), idOf(b.transaction_id), idOf(c.transaction_id)]);
    for (const id of [aId, bId, cId]) expect((await stored(w.orgId, id)).transferPairId ?? null).toBeNull();
    const info = await ok(w.admin.api.get(`/api/transactions/${cId}/transfer`));
    expect(info.candidates.map((s: any) => s.id).sort()).toEqual([aId, bId].sort());
    expect(info.candidates[0]).toMatchObject({ id: bId, accountName: 'Checking ••1111' }); // nearest date first

    const paired = await ok(w.manager.api.put(`/api/transactions/${cId}/transfer`, { otherId: aId }));
    expect(paired.transaction).toMatchObject({ id: cId, transferPairId: aId, category: 'account_transfers' });
    expect(paired.other).toMatchObject({ id: aId, transferPairId: cId, categorizationSource: 'manual' });
    // Already paired: a second pair is refused in words.
    const again = await w.admin.api.put(`/api/transactions/${bId}/transfer`, { otherId: cId });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/already paired/);
    await expectLedgerConsistent(w.orgId);
  });

  it('deleting one side, or the bank removing it, sends the other back to uncategorized', async () => {
    const sent = out('MOVE TO SAVINGS', 80, '2026-05-05');
    await sync([sent]);
    const bankId = await idOf(sent.transaction_id);
    const typed = await ok(
      w.admin.api.post('/api/transactions', {
        name: 'Savings deposit typed by hand',
        date: '2026-05-06',
        amount: 80,
        category: null,
        propertyId: null,
        notes: null,
      }),
      201,
    );
    // A hand-entered line is never paired automatically, but is suggested and a person may pair it.
    expect((await stored(w.orgId, bankId)).transferPairId ?? null).toBeNull();
    const info = await ok(w.admin.api.get(`/api/transactions/${bankId}/transfer`));
    expect(info.candidates).toEqual([expect.objectContaining({ id: typed.transaction.id, accountName: null })]);
    await ok(w.admin.api.put(`/api/transactions/${bankId}/transfer`, { otherId: typed.transaction.id }));
    await ok(w.admin.api.delete(`/api/transactions/${typed.transaction.id}`));
    expect(await stored(w.orgId, bankId)).toMatchObject({ transferPairId: null, category: null });

    const s2 = out('MOVE TO SAVINGS 2', 90, '2026-05-10');
    const r2 = into('MOVE FROM CHECKING 2', 90, '2026-05-11');
    await sync([s2, r2]);
    const [s2Id, r2Id] = await Promise.all([idOf(s2.transaction_id), idOf(r2.transaction_id)]);
    expect((await stored(w.orgId, s2Id)).transferPairId).toBe(r2Id);
    await sync([], [r2.transaction_id]); // the bank removes the savings side
    expect((await stored(w.orgId, r2Id)) ?? null).toBeNull();
    expect(await stored(w.orgId, s2Id)).toMatchObject({ transferPairId: null, category: null });
    await expectLedgerConsistent(w.orgId);
  });
});

describe('other arrivals and edits', () => {
  it('a file imported into the savings account pairs with the bank line of checking', async () => {
    const sent = out('WIRE TO SAVINGS', 1234.56, '2026-07-01');
    await sync([sent]);
    const sentId = await idOf(sent.transaction_id);
    const { importTransactions } = await import('../../functions/src/services/ledger/transactions.js');
    const { newTransaction } = await import('../../functions/src/data/ledger/items.js');
    const now = new Date().toISOString();
    const id = `imp-${randomUUID()}`;
    await importTransactions(
      w.orgId,
      [
        newTransaction({
          id,
          organizationId: w.orgId,
          bankAccountId: savings,
          amount: 123_456,
          date: '2026-07-03',
          name: 'WIRE FROM CHECKING',
          source: 'import',
          createdAt: now,
        }),
      ],
      { actorId: null, via: 'import', ref: 'test', override: false },
    );
    expect(await stored(w.orgId, id)).toMatchObject({ transferPairId: sentId, category: 'account_transfers' });
    expect(await stored(w.orgId, sentId)).toMatchObject({ transferPairId: id, category: 'account_transfers' });

    // A person gives one side another category: the pair ends and the other side goes back to uncategorized.
    const current = await ok(w.admin.api.get(`/api/transactions/${sentId}`));
    const t = current.transaction;
    const edited = await ok(
      w.admin.api.put(`/api/transactions/${sentId}`, {
        name: t.name,
        date: t.date,
        amount: t.amount,
        category: 'owner_distributions',
        propertyId: null,
        notes: null,
        version: t.version,
      }),
    );
    expect(edited.transaction).toMatchObject({ category: 'owner_distributions', transferPairId: null });
    expect(await stored(w.orgId, id)).toMatchObject({ transferPairId: null, category: null });
    await expectLedgerConsistent(w.orgId);
  });

  it('rent is never paired on its own: a lease payment and rent a rule named are suggested, and a person may pair', async () => {
    const home = (
      await ok(w.admin.api.post('/api/properties', { address: `12 Transfer Lane ${randomUUID().slice(0, 6)}` }), 201)
    ).id as string;
    const leaseBody = { userId: w.tenant.userId, leaseStart: '2026-08-01', leaseEnd: null, monthlyRent: 1875 };
    const leaseId = (
      await ok(w.admin.api.post(`/api/properties/${home}/leases`, { ...leaseBody, securityDeposit: 0 }), 201)
    ).lease.id as string;
    const rule = ruleBody({ name: 'Tenant rent', namePattern: 'zelle from tenant', category: 'rental_income' });
    await ok(w.admin.api.post('/api/categorization-rules', rule), 201);
    /** One line imported into savings through the API (whose rules are fresh: this worker's rule cache predates the
     * rule), as stored. */
    const importedIntoSavings = async (
      propertyId: string | null,
      line: { date: string; name: string; amount: number },
    ) => {
      const res = await w.admin.api.post('/api/imports', {
        id: randomUUID(),
        fileName: 'savings.csv',
        bankAccountId: savings,
        propertyId,
        totalRows: 1,
        rows: [{ line: 2, ...line, include: true }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (await partition(`ORG#${w.orgId}`)).find((i) => i.type === 'Transaction' && i.name === line.name)!;
    };

    // A payment out of checking of exactly the rent, then the rent imported into savings on the property.
    const paid = out('PAYMENT TO CONTRACTOR 7731', 1875, '2026-08-04');
    await sync([paid]);
    const paidId = await idOf(paid.transaction_id);
    const rent = await importedIntoSavings(home, {
      date: '2026-08-03',
      name: 'ZELLE FROM TENANT K 7731',
      amount: 1875,
    });
    expect(rent).toMatchObject({ category: 'rental_income', categorizationSource: 'rule', leaseId });
    expect(rent.transferPairId ?? null).toBeNull();
    expect((await stored(w.orgId, paidId)).transferPairId ?? null).toBeNull();
    const info = await ok(w.admin.api.get(`/api/transactions/${paidId}/transfer`));
    expect(info.candidates).toEqual([expect.objectContaining({ id: rent.id, accountName: 'Savings ••2222' })]);

    // Rent a rule named on no property (so no lease), beside a coincidence of amounts: left alone too.
    const roofer = out('PAYMENT TO ROOFER 7732', 2210, '2026-08-11');
    await sync([roofer]);
    const rooferId = await idOf(roofer.transaction_id);
    const rentJ = await importedIntoSavings(null, {
      date: '2026-08-10',
      name: 'ZELLE FROM TENANT J 7732',
      amount: 2210,
    });
    expect(rentJ).toMatchObject({ category: 'rental_income', categorizationSource: 'rule' });
    expect(rentJ.transferPairId ?? null).toBeNull();
    expect((await stored(w.orgId, rooferId)).transferPairId ?? null).toBeNull();

    // A person who says the lease payment was a transfer after all pairs it: it leaves the lease.
    const paired = await ok(w.manager.api.put(`/api/transactions/${paidId}/transfer`, { otherId: rent.id }));
    expect(paired.other).toMatchObject({ id: rent.id, transferPairId: paidId, category: 'account_transfers' });
    expect(await stored(w.orgId, rent.id as string)).toMatchObject({ leaseId: null, transferPairId: paidId });
    await expectLedgerConsistent(w.orgId);
  });
});

describe('an import whose line was paired on arrival', () => {
  it('is undone whole: the paired line goes and its other side is released', async () => {
    const sent = out('WIRE TO SAVINGS FOR UNDO', 777.77, '2026-07-10');
    await sync([sent]);
    const sentId = await idOf(sent.transaction_id);
    const importId = randomUUID();
    const imported = await w.admin.api.post('/api/imports', {
      id: importId,
      fileName: 'savings.csv',
      bankAccountId: savings,
      propertyId: null,
      totalRows: 1,
      rows: [{ line: 2, date: '2026-07-11', name: 'WIRE FROM CHECKING FOR UNDO', amount: 777.77, include: true }],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(await stored(w.orgId, sentId)).toMatchObject({ category: 'account_transfers' });
    const pairedWith = (await stored(w.orgId, sentId)).transferPairId as string;
    expect(await stored(w.orgId, pairedWith)).toMatchObject({ version: 2, transferPairId: sentId });

    const undo = await ok(w.admin.api.delete(`/api/imports/${importId}`));
    expect(undo).toMatchObject({ removedCount: 1, keptCount: 0, complete: true });
    expect((await stored(w.orgId, pairedWith)) ?? null).toBeNull();
    expect(await stored(w.orgId, sentId)).toMatchObject({ transferPairId: null, category: null });
    await expectLedgerConsistent(w.orgId);
  });
});

describe('transfer routes: roles and bad input', () => {
  let one: string;
  let two: string;
  beforeAll(async () => {
    const s = out('ROLE OUT', 42, '2026-06-01');
    const r = into('ROLE IN', 43, '2026-06-01');
    await sync([s, r]);
    [one, two] = await Promise.all([idOf(s.transaction_id), idOf(r.transaction_id)]);
  });

  it('tenants get 403 on every transfer route', async () => {
    expect((await w.tenant.api.get(`/api/transactions/${one}/transfer`)).status).toBe(403);
    expect((await w.tenant.api.put(`/api/transactions/${one}/transfer`, { otherId: two })).status).toBe(403);
    expect((await w.tenant.api.delete(`/api/transactions/${one}/transfer`)).status).toBe(403);
  });

  it("another organization's ids are 404", async () => {
    expect((await x.admin.api.get(`/api/transactions/${one}/transfer`)).status).toBe(404);
    expect((await x.admin.api.delete(`/api/transactions/${one}/transfer`)).status).toBe(404);
    const theirs = await ok(
      x.admin.api.post('/api/transactions', {
        name: 'Theirs',
        date: '2026-06-01',
        amount: 42,
        category: null,
        propertyId: null,
        notes: null,
      }),
      201,
    );
    const cross = await w.admin.api.put(`/api/transactions/${one}/transfer`, { otherId: theirs.transaction.id });
    expect(cross.status).toBe(404);
    expect(cross.body.error).toMatch(/other transaction was not found/);
  });

  it('bad input is 400 with a human message', async () => {
    const missing = await w.admin.api.put(`/api/transactions/${one}/transfer`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION');
    const mismatch = await w.admin.api.put(`/api/transactions/${one}/transfer`, { otherId: two });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatch(/equal and opposite/);
    const self = await w.admin.api.put(`/api/transactions/${one}/transfer`, { otherId: one });
    expect(self.status).toBe(400);
    expect(self.body.error).toMatch(/itself/);
    const notPaired = await w.admin.api.delete(`/api/transactions/${one}/transfer`);
    expect(notPaired.status).toBe(400);
    expect(notPaired.body.error).toMatch(/not paired/);
  });
});

describe('a pair across the close of the books', () => {
  it('ending it from the open side refuses to change the closed side, unless an admin overrides', async () => {
    const pairs = [
      [out('MOVE AT MONTH END', 70, '2025-01-30'), into('MOVE AT MONTH END IN', 70, '2025-02-02')],
      [out('SECOND MOVE AT MONTH END', 71, '2025-01-29'), into('SECOND MOVE AT MONTH END IN', 71, '2025-02-03')],
    ] as const;
    await sync(pairs.flat());
    const [sentId, receivedId, secondSentId, secondReceivedId] = (await Promise.all(
      pairs.flat().map((line) => idOf(line.transaction_id)),
    )) as [string, string, string, string];
    expect((await stored(w.orgId, receivedId)).transferPairId).toBe(sentId);
    expect((await stored(w.orgId, secondReceivedId)).transferPairId).toBe(secondSentId);
    await ok(w.admin.api.put('/api/organization/closed-period', { closedThrough: '2025-01-31' }));

    // Ignoring the February side would send the January side back to uncategorized: refused, nothing changes.
    const refused = await w.admin.api.patch(`/api/transactions/${receivedId}/ignore`, { isIgnored: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'PERIOD_CLOSED',
      error:
        'This line is paired as a transfer with one dated 2025-01-30, and the books are closed through 2025-01-31: ending the pair would change that one too. An admin can reopen the period or override.',
    });
    expect(await stored(w.orgId, receivedId)).toMatchObject({ isIgnored: false, transferPairId: sentId });
    expect(await stored(w.orgId, sentId)).toMatchObject({ category: 'account_transfers', transferPairId: receivedId });

    // An admin's override may change the closed side: the pair ends on both sides in one write.
    const overridden = await w.admin.api.request('PATCH', `/api/transactions/${secondReceivedId}/ignore`, {
      json: { isIgnored: true },
      headers: { 'x-override-closed-period': 'true' },
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(await stored(w.orgId, secondSentId)).toMatchObject({ category: null, transferPairId: null });

    // The bank removing the February side leaves the January side as the closed books have it.
    await sync([], [pairs[0][1].transaction_id]);
    expect((await stored(w.orgId, receivedId)) ?? null).toBeNull();
    expect(await stored(w.orgId, sentId)).toMatchObject({ category: 'account_transfers' });
    await ok(w.admin.api.put('/api/organization/closed-period', { closedThrough: null }));
    await expectLedgerConsistent(w.orgId);
  });
});
