import { fetch } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { partition } from '../support/db.js';
import { team } from '../support/members.js';
import { unzip } from '../support/zip.js';
import { bankOrg, bankSyncModules, plaidTx } from './bank-sync-helpers.js';
import { expectLedgerConsistent } from './ledger-helpers.js';
import { dispatcher } from './receipt-upload.js';
import { editable } from './rules-helpers.js';

/**
 * Statement reconciliation (docs/reconciliation.md) through the local gateway against DynamoDB Local: a March
 * statement from an OFX file (its LEDGERBAL is the end balance) compared with the account's synced lines, one line
 * missing from the books found in the drill-down and added, Finish refused until zero, the reconciled lines kept
 * unless an ADMIN overrides (with an audit entry), undo by an ADMIN only, tenants 403, another org's account 404.
 */
type Team = Awaited<ReturnType<typeof team>>;
let t: Team;
let other: Team;
let accountId: string;
let otherAccountId: string;
let institutionId: string;
let base: string;
const OVERRIDE = { 'x-override-closed-period': 'true' };
const MONTH = '2026-03';

const stmttrn = (date: string, amount: string, fitid: string, name: string) =>
  `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}\n`;

/** The bank's March: five lines, the last not in the books; LEDGERBAL as of April 2nd, after one April line. */
const OFX = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>1<ACCTID>0000<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260301<DTEND>20260402
${stmttrn('20260303', '-12.50', 'F1', 'Coffee A')}${stmttrn('20260310', '-100.00', 'F2', 'Hardware B')}${stmttrn('20260315', '1500.00', 'F3', 'Rent C')}${stmttrn('20260330', '-40.00', 'F4', 'Water D')}${stmttrn('20260325', '-25.00', 'F5', 'Bank fee M')}${stmttrn('20260402', '-9.00', 'F6', 'April line')}</BANKTRANLIST>
<LEDGERBAL><BALAMT>5313.50<DTASOF>20260402
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

const lineNamed = (view: any, name: string) => view.lines.find((l: any) => l.name === name);
const stored = async (orgId: string) =>
  (await partition(`ORG#${orgId}`)).filter((item) => item.type === 'Transaction') as Record<string, any>[];
const auditOf = async (orgId: string, id: string) =>
  (await partition(`ORG#${orgId}#TXACT#${id}`)).filter((item) => item.type === 'AuditEntry');

beforeAll(async () => {
  [t, other] = await Promise.all([team(), team()]);
  const bank = await bankOrg(t.admin.api);
  accountId = bank.accountId;
  institutionId = bank.institutionId;
  otherAccountId = (await bankOrg(other.admin.api)).accountId;
  base = `/api/bank-accounts/${accountId}/reconciliations/${MONTH}`;
  const { sync } = await bankSyncModules();
  // Plaid: positive = money out. The books have the water bill a day later than the bank, an extra line, a pending one.
  const rows = [
    plaidTx({ date: '2026-03-03', amount: 12.5, name: 'Coffee A' }),
    plaidTx({ date: '2026-03-10', amount: 100, name: 'Hardware B' }),
    plaidTx({ date: '2026-03-15', amount: -1500, name: 'Rent C' }),
    plaidTx({ date: '2026-03-31', amount: 40, name: 'Water D' }),
    plaidTx({ date: '2026-03-20', amount: 55, name: 'Extra E' }),
    plaidTx({ date: '2026-03-21', amount: 7, name: 'Pending P', pending: true }),
  ];
  await sync.applySyncPages(bank.orgId, { id: bank.institutionId }, {
    added: rows,
    modified: [],
    removed: [],
  } as never);
  // The hardware line is split in two: still ONE bank line of -100.00.
  const hardware = (await stored(t.orgId)).find((x) => x.name === 'Hardware B')!;
  const split = await t.admin.api.put(`/api/transactions/${hardware.id}/split`, {
    version: hardware.version,
    parts: [
      { amount: -60, category: 'repairs', propertyId: null, leaseId: null, memo: null },
      { amount: -40, category: 'supplies', propertyId: null, leaseId: null, memo: null },
    ],
  });
  expect(split.status, JSON.stringify(split.body)).toBe(200);
});

describe('reconciling a month', () => {
  it('reads the OFX statement, matches with reasons, and finds the missing line in the drill-down', async () => {
    const fresh = await t.manager.api.get(base);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body).toMatchObject({ status: 'new', finishBlocked: 'Save the statement balances first.' });
    const saved = await t.manager.api.put(base, { ofx: OFX });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // 5,313.50 on April 2nd after -9.00 that day: 5,322.50 at the end of March; start = end - March's lines (1,322.50).
    expect(saved.body).toMatchObject({
      status: 'open',
      balanceSource: 'ofx',
      endBalance: 5322.5,
      startBalance: 4000,
      statementLineCount: 5,
      difference: -25,
      autoMatched: 4,
    });
    expect(lineNamed(saved.body, 'Water D')).toMatchObject({
      cleared: true,
      reason: 'Same amount, 1 day later in the books',
    });
    expect(lineNamed(saved.body, 'Hardware B')).toMatchObject({ amount: -100, cleared: true });
    expect(lineNamed(saved.body, 'Pending P')).toBeUndefined();
    expect(lineNamed(saved.body, 'Extra E')).toMatchObject({ cleared: false, match: null });
    const missing = saved.body.issues.filter((i: any) => i.kind === 'missing');
    expect(missing).toEqual([
      expect.objectContaining({
        statementLineId: 's5',
        effect: -25,
        transactionId: null,
        message: 'On the statement on 2026-03-25 for -$25.00, not in the books. Add it to the books.',
      }),
    ]);
    expect(saved.body.finishBlocked).toBe(
      'The difference is -$25.00. Finish when it is $0.00: add what is missing from the books, correct amounts and dates, or tick and untick lines.',
    );
  });

  it('refuses Finish with a 409 and the reason until the difference is zero', async () => {
    const refused = await t.manager.api.post(`${base}/finish`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('RECONCILIATION_NOT_ZERO');
    expect(refused.body.error).toContain('The difference is -$25.00.');
    expect((await stored(t.orgId)).some((x) => x.reconciliationId)).toBe(false);
  });

  it('ticks and unticks lines; a line outside the month cannot be ticked', async () => {
    const extra = lineNamed((await t.manager.api.get(base)).body, 'Extra E');
    const ticked = await t.manager.api.post(`${base}/ticks`, { transactionId: extra.id, cleared: true });
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    expect(ticked.body.difference).toBe(30); // -25 + 55
    expect(ticked.body.issues.find((i: any) => i.transactionId === extra.id)).toMatchObject({
      kind: 'extra',
      effect: 55,
    });
    const back = await t.manager.api.post(`${base}/ticks`, { transactionId: extra.id, cleared: false });
    expect(back.body.difference).toBe(-25);
    const stranger = await t.manager.api.post(`${base}/ticks`, { transactionId: 'not-a-line', cleared: true });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toBe("Only this account's lines dated 2026-03-01 to 2026-03-31 can be ticked.");
  });

  it("keeps tenants out and answers 404 for another organization's account", async () => {
    expect((await t.tenant.api.get(base)).status).toBe(403);
    expect((await t.tenant.api.post(`${base}/finish`)).status).toBe(403);
    expect((await other.admin.api.get(base)).status).toBe(404);
    expect((await other.admin.api.get(`/api/bank-accounts/${accountId}/reconciliations`)).status).toBe(404);
    expect((await other.admin.api.put(base, { startBalance: 1, endBalance: 1 })).status).toBe(404);
    expect((await other.admin.api.post(`${base}/finish`)).status).toBe(404);
    expect((await t.admin.api.get(`/api/bank-accounts/${otherAccountId}/reconciliations/${MONTH}`)).status).toBe(404);
    expect((await t.admin.api.get(`/api/bank-accounts/${accountId}/reconciliations/2026-13`)).status).toBe(400);
  });

  it('adds the missing line to the books, then finishes at zero and marks the cleared lines', async () => {
    const added = await t.manager.api.post(`${base}/lines/s5/add`);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const view = (await t.manager.api.get(base)).body;
    expect(view.difference).toBe(0);
    expect(view.finishBlocked).toBeNull();
    expect(lineNamed(view, 'Bank fee M')).toMatchObject({
      id: added.body.transactionId,
      reason: 'Same bank id and amount',
    });
    // A finish out of its time marks what it could (here nothing) and says to finish again.
    const { finishReconciliation } = await import('../../functions/src/services/reconciliation/reconciliations.js');
    const manager = {
      userId: t.manager.userId,
      email: t.manager.email,
      name: null,
      orgId: t.orgId,
      role: 'PROPERTY_MANAGER' as const,
    };
    await expect(
      finishReconciliation(manager, accountId, MONTH, { started: Date.now() - 60_000 }),
    ).rejects.toMatchObject({
      code: 'RECONCILE_UNFINISHED',
      message: expect.stringContaining('0 of its 5 cleared lines are marked so far. Finish again to go on'),
    });
    expect((await stored(t.orgId)).filter((x) => x.reconciliationId)).toEqual([]);
    expect((await t.manager.api.get(base)).body.status).not.toBe('finished');
    const finished = await t.manager.api.post(`${base}/finish`);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body).toMatchObject({ status: 'finished', reconciledThrough: '2026-03-31', difference: 0 });
    const marked = (await stored(t.orgId)).filter((x) => x.reconciliationId);
    expect(marked.map((x) => x.name).sort()).toEqual(['Bank fee M', 'Coffee A', 'Hardware B', 'Rent C', 'Water D']);
    expect(marked.every((x) => x.reconciled === '2026-03-31')).toBe(true);
    const coffee = marked.find((x) => x.name === 'Coffee A')!;
    expect((await auditOf(t.orgId, coffee.id)).at(-1)).toMatchObject({
      via: 'reconciliation',
      changes: [{ field: 'reconciled', from: null, to: '2026-03-31' }],
    });
    const list = await t.manager.api.get(`/api/bank-accounts/${accountId}/reconciliations`);
    expect(list.body).toMatchObject({
      reconciledThrough: '2026-03-31',
      reconciliations: [{ month: MONTH, status: 'finished' }],
    });
    expect(list.body.log[0]).toMatchObject({ action: 'finished', month: MONTH, byUserId: t.manager.userId });
    expect((await t.manager.api.put(base, { startBalance: 1, endBalance: 2 })).status).toBe(409);
  });

  it("never changes a reconciled month's figures without an admin's override, which the audit entry records", async () => {
    const figures = async () =>
      (await stored(t.orgId))
        .filter((x) => x.reconciliationId)
        .map((x) => [x.id, x.date, x.amount, x.isIgnored])
        .sort();
    const before = await figures();
    const coffee = (await stored(t.orgId)).find((x) => x.name === 'Coffee A')!;
    const fee = (await stored(t.orgId)).find((x) => x.name === 'Bank fee M')!;
    const current = (await t.admin.api.get(`/api/transactions/${coffee.id}`)).body.transaction;
    for (const who of [t.admin, t.landlord, t.manager]) {
      const amount = await who.api.put(`/api/transactions/${coffee.id}`, editable(current, { amount: -13 }));
      expect(amount.status, JSON.stringify(amount.body)).toBe(409);
      expect(amount.body.code).toBe('RECONCILED');
      expect(amount.body.error).toContain('reconciled with the bank statement through 2026-03-31');
      expect((await who.api.patch(`/api/transactions/${coffee.id}/ignore`, { isIgnored: true })).status).toBe(409);
      expect((await who.api.delete(`/api/transactions/${fee.id}`)).status).toBe(409);
    }
    // Every writer goes through the write plan: a bulk edit cannot ignore it either.
    const bulk = await t.manager.api.post('/api/transactions/bulk', { ids: [coffee.id], set: { isIgnored: true } });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(409);
    expect(bulk.body.code).toBe('RECONCILED');
    // A manager's override header is not an override.
    const managerOverride = await t.manager.api.request('PUT', `/api/transactions/${coffee.id}`, {
      json: editable(current, { amount: -13 }),
      headers: OVERRIDE,
    });
    expect(managerOverride.status).toBe(409);
    expect(await figures()).toEqual(before);
    // What the bank does not show stays editable.
    const category = await t.manager.api.put(
      `/api/transactions/${coffee.id}`,
      editable(current, { category: 'supplies' }),
    );
    expect(category.status, JSON.stringify(category.body)).toBe(200);
    expect(await figures()).toEqual(before);
    // An ADMIN's override changes it, and says so.
    const overridden = await t.admin.api.request('PUT', `/api/transactions/${coffee.id}`, {
      json: editable(category.body.transaction, { amount: -13 }),
      headers: OVERRIDE,
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    // Not even an override moves it more than a year from its statement: the undo would not find it.
    const farAway = await t.admin.api.request('PUT', `/api/transactions/${coffee.id}`, {
      json: editable(overridden.body.transaction, { date: '2025-03-29' }),
      headers: OVERRIDE,
    });
    expect(farAway.status, JSON.stringify(farAway.body)).toBe(400);
    expect(farAway.body).toMatchObject({
      error:
        'This line is reconciled through 2026-03-31: it can move only to a date from 2025-03-30 to 2027-04-01. Undo the reconciliation to move it further.',
      issues: [{ path: 'date' }],
    });
    const entry = (await auditOf(t.orgId, coffee.id)).at(-1);
    expect(entry).toMatchObject({
      override: true,
      actorId: t.admin.userId,
      changes: [{ field: 'amount', from: -1250, to: -1300 }],
    });
    await expectLedgerConsistent(t.orgId);
  });

  it('undo is an ADMIN action, logged; the lines lose their mark', async () => {
    expect((await t.manager.api.post(`${base}/undo`)).status).toBe(403);
    expect((await t.landlord.api.post(`${base}/undo`)).status).toBe(403);
    expect((await other.admin.api.post(`${base}/undo`)).status).toBe(404);
    const undone = await t.admin.api.post(`${base}/undo`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ status: 'open', reconciledThrough: null });
    // The override moved Coffee A by -0.50: it no longer matches the bank's -12.50, and the drill-down says so.
    expect(undone.body.difference).toBe(-12.5);
    expect(undone.body.issues.filter((i: any) => i.effect !== 0)).toEqual([
      expect.objectContaining({ kind: 'amount_differs', effect: -12.5, name: 'Coffee A' }),
    ]);
    expect((await stored(t.orgId)).filter((x) => x.reconciliationId)).toEqual([]);
    const list = (await t.admin.api.get(`/api/bank-accounts/${accountId}/reconciliations`)).body;
    expect(list.reconciledThrough).toBeNull();
    expect(list.log.map((e: any) => e.action)).toEqual(['undone', 'finished']);
    expect(list.log[0].byUserId).toBe(t.admin.userId);
    expect((await t.admin.api.post(`${base}/undo`)).status).toBe(409);
  });
});

describe('a statement too large to keep', () => {
  it('is a 400 that says so, counted in bytes: 2,500 lines named in Chinese fit in characters, not in bytes', async () => {
    // 60 characters of three UTF-8 bytes each: about 280,000 characters, over 550 KB as stored.
    const name = '房租押金维修保险物业管理费'.repeat(5).slice(0, 60);
    const lines = Array.from({ length: 2500 }, (_, i) =>
      stmttrn(`202511${String((i % 28) + 1).padStart(2, '0')}`, '-1.00', `Z${i}`, name),
    ).join('');
    const ofx = OFX.replace(
      /<BANKTRANLIST>[\s\S]*<\/BANKTRANLIST>/,
      `<BANKTRANLIST><DTSTART>20251101<DTEND>20251130\n${lines}</BANKTRANLIST>`,
    );
    const month = `/api/bank-accounts/${accountId}/reconciliations/2025-11`;
    const saved = await t.admin.api.put(month, { ofx });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(400);
    expect(saved.body.error).toBe(
      'The statement has too many lines to keep: reconcile one month of one account at a time.',
    );
    expect((await t.admin.api.get(month)).body).toMatchObject({ status: 'new' });
  });
});

describe('typed balances', () => {
  it('takes typed balances without a file; every line of the month starts cleared', async () => {
    const april = `/api/bank-accounts/${accountId}/reconciliations/2026-04`;
    const typed = await t.landlord.api.put(april, { startBalance: '5322.50', endBalance: 5322.5 });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body).toMatchObject({ balanceSource: 'typed', difference: 0, statementLineCount: 0, status: 'open' });
    const bad = await t.landlord.api.put(april, { startBalance: 'lots' });
    expect(bad.status).toBe(400);
    const notOfx = await t.landlord.api.put(april, { ofx: 'date,amount\n2026-04-01,5' });
    expect(notOfx.status).toBe(400);
    expect(notOfx.body.error).toBe('This is not an OFX or QFX file');
    // The next month suggests April's end as its start; nothing is saved until a person saves.
    const may = await t.manager.api.get(`/api/bank-accounts/${accountId}/reconciliations/2026-05`);
    expect(may.body).toMatchObject({
      status: 'new',
      startBalance: 5322.5,
      suggestions: { startBalance: 5322.5, startFrom: 'The end balance of the 2026-04 statement', endBalance: null },
    });
    const listed = await t.manager.api.get(`/api/bank-accounts/${accountId}/reconciliations`);
    expect(listed.body.reconciliations.map((r: any) => r.month)).toEqual(['2026-03', '2026-04']);
  });
});

describe('in the tax package', () => {
  it("lists each account's months of the year with their reconciliation, as CSV and PDF", async () => {
    const started = await t.admin.api.post('/api/tax-packages', { year: '2026' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const deadline = Date.now() + 90_000;
    let built: any;
    do {
      built = (await t.admin.api.get(`/api/tax-packages/${started.body.package.id}`)).body.package;
      if (built.status !== 'done' && built.status !== 'failed') await new Promise((r) => setTimeout(r, 200));
    } while (built.status !== 'done' && built.status !== 'failed' && Date.now() < deadline);
    expect(built.status, built.error).toBe('done');
    const link = (await t.admin.api.get(`/api/tax-packages/${built.id}/download`)).body;
    const zip = Buffer.from(await (await fetch(link.url, { dispatcher: dispatcher() })).arrayBuffer());
    const entries = await unzip(zip);
    expect(entries.has('reports/09 Bank reconciliations 2026.pdf')).toBe(true);
    const csv = entries.get('reports/09 Bank reconciliations 2026.csv')!.toString('utf8');
    expect(csv).toContain('Account,Month,Status,Start balance,End balance');
    expect(csv).toContain('Checking ••0000,2026-03,In progress,4000.00,5322.50');
    expect(csv).toContain('Checking ••0000,2026-04,In progress,5322.50,5322.50');
    expect(csv).toContain('Checking ••0000,2026-01,Not reconciled,,');
  });
});

describe('a finish that stopped part way', () => {
  const AUGUST = '2026-08';
  const august = () => `/api/bank-accounts/${accountId}/reconciliations/${AUGUST}`;

  it('holds a marked line only while it is cleared: unticking releases it, and the next finish releases the rest', async () => {
    const { sync } = await bankSyncModules();
    const names = { rent: `Rent Aug ${Date.now()}`, fee: `Fee Aug ${Date.now()}`, extra: `Extra Aug ${Date.now()}` };
    await sync.applySyncPages(t.orgId, { id: institutionId }, {
      added: [
        plaidTx({ date: '2026-08-03', amount: -1000, name: names.rent }),
        plaidTx({ date: '2026-08-05', amount: 10, name: names.fee }),
        plaidTx({ date: '2026-08-07', amount: 5, name: names.extra }),
      ],
      modified: [],
      removed: [],
    } as never);
    // Typed balances: every line starts cleared; the statement shows the rent and the fee, not the extra line.
    const saved = await t.manager.api.put(august(), { startBalance: 1000, endBalance: 1990 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const ids = Object.fromEntries(
      Object.entries(names).map(([key, name]) => [key, lineNamed(saved.body, name).id as string]),
    ) as Record<keyof typeof names, string>;
    const unticked = await t.manager.api.post(`${august()}/ticks`, { transactionId: ids.extra, cleared: false });
    expect(unticked.body.difference).toBe(0);

    // What a finish that stopped part way leaves, with a mark on a line unticked since (its release did not happen).
    const { writeLedger } = await import('../../functions/src/data/ledger/plan.js');
    const { toTransactionRecord } = await import('../../functions/src/data/ledger/items.js');
    const { reconciliationIdOf } = await import('../../functions/src/data/reconciliation/reconciliations.js');
    const self = reconciliationIdOf(accountId, AUGUST);
    const items = (await stored(t.orgId)).filter((x) => x.id === ids.fee || x.id === ids.extra);
    await writeLedger(
      t.orgId,
      items
        .map(toTransactionRecord)
        .map((r) => [r, { ...r, reconciliationId: self, reconciled: '2026-08-31', version: r.version + 1 }]),
      { actor: { actorId: t.manager.userId, via: 'reconciliation', ref: self, override: false } },
    );
    const marks = async () =>
      Object.fromEntries(
        (await stored(t.orgId))
          .filter((x) => Object.values(ids).includes(x.id))
          .map((x) => [x.name, x.reconciliationId ?? null]),
      );
    expect(await marks()).toEqual({ [names.rent]: null, [names.fee]: self, [names.extra]: self });

    // Unticking the fee releases it at once (an audit entry says so); ticking it again does not mark it.
    const feeOff = await t.manager.api.post(`${august()}/ticks`, { transactionId: ids.fee, cleared: false });
    expect(feeOff.status, JSON.stringify(feeOff.body)).toBe(200);
    expect((await marks())[names.fee]).toBeNull();
    expect((await auditOf(t.orgId, ids.fee)).at(-1)).toMatchObject({
      via: 'reconciliation',
      changes: [{ field: 'reconciled', from: '2026-08-31', to: null }],
    });
    const feeOn = await t.manager.api.post(`${august()}/ticks`, { transactionId: ids.fee, cleared: true });
    expect(feeOn.body.difference).toBe(0);
    expect((await marks())[names.fee]).toBeNull();

    // Finishing marks exactly the cleared lines: the extra line, marked but not cleared, loses its mark.
    const finished = await t.manager.api.post(`${august()}/finish`);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(await marks()).toEqual({ [names.rent]: self, [names.fee]: self, [names.extra]: null });
    await expectLedgerConsistent(t.orgId);
  });
});
