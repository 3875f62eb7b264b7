import { randomUUID } from 'node:crypto';
import { ESCROW_REASON, LOAN_MESSAGES, LOAN_PRINCIPAL_REASON, toCents } from '@rent/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { client, signIn } from '../support/api.js';
import { partition } from '../support/db.js';
import { type Api, team } from '../support/members.js';
import { expectLedgerConsistent } from './ledger-helpers.js';

/**
 * Mortgage loans (docs/reports-and-tax.md "Loans"): every route x every role x another organization, versions, the
 * property-delete refusal, the schedule and its figures, and a payment split by its loan into interest, principal and
 * escrow parts that the rollups, the ledger and Schedule E count.
 */
type Team = Awaited<ReturnType<typeof team>>;

async function ok<T = Record<string, any>>(res: Promise<{ status: number; body: any }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}
const property = async (api: Api, address = 'Loan Lane') =>
  (await ok(api.post('/api/properties', { address: `${address} ${randomUUID().slice(0, 6)}` }), 201)).id as string;
const terms = (over: Record<string, unknown> = {}) => ({
  lender: 'First Federal Mortgage',
  principal: 300000,
  annualRate: '6.5',
  termMonths: 360,
  firstPaymentDate: '2025-02-01',
  escrowTaxes: 350,
  escrowInsurance: 120.5,
  ...over,
});
const addLoan = async (api: Api, propertyId: string, over: Record<string, unknown> = {}) =>
  (await ok(api.post(`/api/properties/${propertyId}/loans`, terms(over)), 201)).loan;
const payment = async (api: Api, amount: number, date = '2025-02-01', propertyId: string | null = null) =>
  (
    await ok(
      api.post('/api/transactions', {
        name: `FIRST FEDERAL MTG PMT ${randomUUID().slice(0, 6)}`,
        date,
        amount,
        category: 'mortgage',
        propertyId,
        notes: null,
      }),
      201,
    )
  ).transaction;

let w: Team;
let x: Team;
beforeAll(async () => {
  [w, x] = await Promise.all([team(), team()]);
});

describe('loans of a property', () => {
  it('staff add a loan; it answers its payment, balance and rate; staff list it', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.manager.api, home, { annualRate: 6.5, extraPrincipal: null });
    expect(loan).toMatchObject({
      propertyId: home,
      lender: 'First Federal Mortgage',
      principal: 300000,
      annualRate: '6.5',
      annualRateMilliPercent: 6500,
      termMonths: 360,
      firstPaymentDate: '2025-02-01',
      escrowTaxes: 350,
      escrowInsurance: 120.5,
      extraPrincipal: 0,
      interest1098: {},
      principalAndInterest: 1896.2,
      monthlyPayment: 2366.7,
      payoffDate: '2055-01-01',
      version: 1,
    });
    expect(loan.balanceToday).toBeLessThan(300000);
    for (const person of [w.admin, w.landlord, w.manager]) {
      const list = await ok(person.api.get(`/api/properties/${home}/loans`));
      expect(list.loans.map((l: { id: string }) => l.id)).toEqual([loan.id]);
    }
  });

  it('refuses bad terms with field messages', async () => {
    const home = await property(w.admin.api);
    for (const [over, path] of [
      [{ annualRate: '6.5555' }, 'annualRate'],
      [{ annualRate: 'six' }, 'annualRate'],
      [{ termMonths: 601 }, 'termMonths'],
      [{ termMonths: 0 }, 'termMonths'],
      [{ principal: 0 }, 'principal'],
      [{ lender: 'Two\nlines' }, 'lender'],
      [{ escrowTaxes: -1 }, 'escrowTaxes'],
      [{ firstPaymentDate: '2025-02-30' }, 'firstPaymentDate'],
      [{ interest1098: { '25': 10 } }, 'interest1098'],
    ] as const) {
      const res = await w.admin.api.post(`/api/properties/${home}/loans`, terms(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path.split('.')[0])).toContain(path);
    }
  });

  it('a tenant reaches none of the routes (403); a manager cannot change or delete (403)', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home);
    const t = await payment(w.admin.api, -2366.7);
    const api = w.tenant.api;
    expect((await api.get(`/api/properties/${home}/loans`)).status).toBe(403);
    expect((await api.post(`/api/properties/${home}/loans`, terms())).status).toBe(403);
    expect((await api.get(`/api/loans/${loan.id}`)).status).toBe(403);
    expect((await api.patch(`/api/loans/${loan.id}`, { lender: 'X', version: 1 })).status).toBe(403);
    expect((await api.delete(`/api/loans/${loan.id}`)).status).toBe(403);
    expect((await api.get(`/api/loans/${loan.id}/payments/preview?transactionId=${t.id}`)).status).toBe(403);
    expect((await api.post(`/api/loans/${loan.id}/payments`, { transactionId: t.id, version: 1 })).status).toBe(403);
    expect((await w.manager.api.patch(`/api/loans/${loan.id}`, { lender: 'X', version: 1 })).status).toBe(403);
    expect((await w.manager.api.delete(`/api/loans/${loan.id}`)).status).toBe(403);
  });

  it("another organization's property, loan and transaction are 404", async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home);
    const t = await payment(w.admin.api, -2366.7);
    const api = x.admin.api;
    expect((await api.get(`/api/properties/${home}/loans`)).status).toBe(404);
    expect((await api.post(`/api/properties/${home}/loans`, terms())).status).toBe(404);
    expect((await api.get(`/api/loans/${loan.id}`)).status).toBe(404);
    expect((await api.patch(`/api/loans/${loan.id}`, { lender: 'X', version: 1 })).status).toBe(404);
    expect((await api.delete(`/api/loans/${loan.id}`)).status).toBe(404);
    const mine = await addLoan(api, await property(api));
    expect((await api.get(`/api/loans/${mine.id}/payments/preview?transactionId=${t.id}`)).status).toBe(404);
    expect((await api.post(`/api/loans/${mine.id}/payments`, { transactionId: t.id, version: 1 })).status).toBe(404);
  });

  it('updates with the version it was loaded at; a stale version is 409 with the loan as it is now', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home);
    const changed = (
      await ok(
        w.landlord.api.patch(`/api/loans/${loan.id}`, {
          annualRate: '6.125',
          interest1098: { 2025: 17800.25 },
          version: 1,
        }),
      )
    ).loan;
    expect(changed).toMatchObject({ annualRate: '6.125', interest1098: { 2025: 17800.25 }, version: 2 });
    expect(changed.principalAndInterest).toBeLessThan(1896.2);
    const stale = await w.admin.api.patch(`/api/loans/${loan.id}`, { lender: 'Too late', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.details.current).toMatchObject({ lender: 'First Federal Mortgage', version: 2 });
    expect((await w.admin.api.patch(`/api/loans/${loan.id}`, { version: 2 })).status).toBe(400);
  });

  it('a property with loans cannot be deleted until they are; then it can', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home);
    const refused = await w.admin.api.delete(`/api/properties/${home}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(LOAN_MESSAGES.propertyHasLoans);
    expect(await ok(w.admin.api.delete(`/api/loans/${loan.id}`))).toEqual({ id: loan.id });
    expect((await w.admin.api.get(`/api/loans/${loan.id}`)).status).toBe(404);
    expect((await w.admin.api.get(`/api/properties/${home}/loans`)).body.loans).toEqual([]);
    expect((await w.admin.api.delete(`/api/properties/${home}`)).status).toBe(200);
  });

  it('the detail holds every row of the schedule and the year by schedule', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home);
    const detail = await ok(w.manager.api.get(`/api/loans/${loan.id}?year=2025`));
    expect(detail.schedule).toHaveLength(360);
    expect(detail.schedule[0]).toEqual({
      number: 1,
      date: '2025-02-01',
      payment: 2366.7,
      interest: 1625,
      principal: 271.2,
      extraPrincipal: 0,
      escrow: 470.5,
      balanceAfter: 299728.8,
    });
    expect(detail.schedule.at(-1)).toMatchObject({ number: 360, date: '2055-01-01', balanceAfter: 0 });
    const eleven = detail.schedule.slice(0, 11).reduce((s: number, r: { interest: number }) => s + r.interest, 0);
    expect(detail.interest).toEqual({
      year: 2025,
      bySchedule: Math.round(eleven * 100) / 100,
      byLedger: 0,
      form1098: null,
      flag: null,
    });
    expect(detail.payments).toEqual([]);
    expect((await w.admin.api.get(`/api/loans/${loan.id}?year=25`)).status).toBe(400);
  });
});

describe('a payment split by its loan', () => {
  it('previews and splits $1,896.20 plus escrow into interest, principal and the two escrows on the property', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home);
    const t = await payment(w.admin.api, -2366.7);
    const preview = await ok(w.manager.api.get(`/api/loans/${loan.id}/payments/preview?transactionId=${t.id}`));
    expect(preview).toMatchObject({
      transactionId: t.id,
      amount: -2366.7,
      version: t.version,
      paymentNumber: 1,
      scheduledPayment: 2366.7,
      interest: 1625,
      principal: 271.2,
      extraPrincipal: 0,
      escrowTaxes: 350,
      escrowInsurance: 120.5,
      unapplied: 0,
    });
    const expected = [
      { amount: -1625, category: 'mortgage_interest' },
      { amount: -271.2, category: 'loan_principal' },
      { amount: -350, category: 'property_tax_escrows' },
      { amount: -120.5, category: 'insurance_escrows' },
    ].map((p) => ({ ...p, propertyId: home, leaseId: null, memo: expect.stringContaining('First Federal Mortgage') }));
    expect(preview.parts).toEqual(expected);

    const split = await ok(
      w.manager.api.post(`/api/loans/${loan.id}/payments`, { transactionId: t.id, version: t.version }),
    );
    expect(split.transaction.parts).toEqual(expected);
    expect(split.transaction.amount).toBe(-2366.7);
    expect(split.transaction.propertyId).toBe(home);
    await expectLedgerConsistent(w.orgId);

    // The same version again is stale: the split moved the transaction on.
    const again = await w.manager.api.post(`/api/loans/${loan.id}/payments`, {
      transactionId: t.id,
      version: t.version,
    });
    expect(again.status).toBe(409);

    // Schedule E line 12 shows the interest; the principal and the escrow (not paid out yet) are excluded.
    const sheet = (await ok(w.admin.api.get(`/api/reports/schedule-e?year=2025&propertyId=${home}`))).worksheets[0];
    const line = (n: string) => sheet.lines.find((l: { line: string }) => l.line === n).amount;
    expect(line('12')).toBe(1625);
    expect(line('16')).toBe(0);
    expect(line('9')).toBe(0);
    expect(sheet.mortgage).toBeNull();
    // On no line, so signed as the ledger: money out negative.
    expect(sheet.excluded).toEqual([
      expect.objectContaining({ category: 'insurance_escrows', amount: -120.5, reason: ESCROW_REASON }),
      expect.objectContaining({ category: 'loan_principal', amount: -271.2, reason: LOAN_PRINCIPAL_REASON }),
      expect.objectContaining({ category: 'property_tax_escrows', amount: -350, reason: ESCROW_REASON }),
    ]);

    // The loan records the payment; its interest per the ledger is the interest part; the 1098 flag says they differ.
    const detail = await ok(w.admin.api.get(`/api/loans/${loan.id}?year=2025`));
    expect(detail.payments).toEqual([
      expect.objectContaining({
        transactionId: t.id,
        paymentNumber: 1,
        amount: 2366.7,
        interest: 1625,
        principal: 271.2,
      }),
    ]);
    expect(detail.interest.byLedger).toBe(1625);
    const withForm = await ok(
      w.admin.api.patch(`/api/loans/${loan.id}`, { interest1098: { 2025: 1700 }, version: detail.loan.version }),
    );
    const flagged = await ok(w.admin.api.get(`/api/loans/${loan.id}?year=2025`));
    expect(flagged.interest).toMatchObject({
      form1098: 1700,
      byLedger: 1625,
      flag: "The lender's Form 1098 says $1,700.00; the ledger has $1,625.00.",
    });
    await ok(
      w.admin.api.patch(`/api/loans/${loan.id}`, { interest1098: { 2025: 1625 }, version: withForm.loan.version }),
    );
    expect((await ok(w.admin.api.get(`/api/loans/${loan.id}?year=2025`))).interest.flag).toBeNull();

    // Adjusted by hand afterwards through the ordinary split editor: the ledger figure follows the parts.
    const current = (await ok(w.admin.api.get(`/api/transactions/${t.id}`))).transaction;
    const parts = current.parts.map((p: { category: string; amount: number }) =>
      p.category === 'mortgage_interest'
        ? { ...p, amount: -1600 }
        : p.category === 'loan_principal'
          ? { ...p, amount: -296.2 }
          : p,
    );
    await ok(w.admin.api.put(`/api/transactions/${t.id}/split`, { version: current.version, parts }));
    expect((await ok(w.admin.api.get(`/api/loans/${loan.id}?year=2025`))).interest.byLedger).toBe(1600);

    // Ignored, the payment counts nowhere, so not in the ledger's interest either: the 1098 then says more.
    await ok(w.admin.api.patch(`/api/transactions/${t.id}/ignore`, { isIgnored: true }));
    expect((await ok(w.admin.api.get(`/api/loans/${loan.id}?year=2025`))).interest).toMatchObject({
      byLedger: 0,
      flag: "The lender's Form 1098 says $1,625.00; the ledger has $0.00.",
    });
    await ok(w.admin.api.patch(`/api/transactions/${t.id}/ignore`, { isIgnored: false }));
    expect((await ok(w.admin.api.get(`/api/loans/${loan.id}?year=2025`))).interest.byLedger).toBe(1600);
    await expectLedgerConsistent(w.orgId);
  });

  it('more than scheduled is extra principal; a short payment pays interest first', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home, { escrowTaxes: 0, escrowInsurance: 0 });
    const over = await payment(w.admin.api, -2000, '2025-03-03');
    const extra = await ok(w.admin.api.get(`/api/loans/${loan.id}/payments/preview?transactionId=${over.id}`));
    expect(extra).toMatchObject({ paymentNumber: 2, extraPrincipal: 103.8 });
    expect(extra.parts.map((p: { amount: number; category: string }) => [p.category, p.amount])).toEqual([
      ['mortgage_interest', -1623.53],
      ['loan_principal', -376.47],
    ]);
    const short = await payment(w.admin.api, -1700, '2025-02-15');
    const shortPreview = await ok(w.admin.api.get(`/api/loans/${loan.id}/payments/preview?transactionId=${short.id}`));
    expect(shortPreview.parts.map((p: { amount: number; category: string }) => [p.category, p.amount])).toEqual([
      ['mortgage_interest', -1625],
      ['loan_principal', -75],
    ]);
  });

  it('refuses what it cannot split: all interest, money in, a month with no payment due', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home);
    const cases: [number, string, RegExp][] = [
      [-1000, '2025-02-01', /all interest/],
      [2366.7, '2025-02-01', /money out/],
      [-2366.7, '2024-12-01', /no payment due in 2024-12/],
    ];
    for (const [amount, date, message] of cases) {
      const t = await payment(w.admin.api, amount, date);
      const preview = await w.admin.api.get(`/api/loans/${loan.id}/payments/preview?transactionId=${t.id}`);
      expect(preview.status).toBe(400);
      expect(preview.body.error).toMatch(message);
      const apply = await w.admin.api.post(`/api/loans/${loan.id}/payments`, {
        transactionId: t.id,
        version: t.version,
      });
      expect(apply.status).toBe(400);
      expect(apply.body.error).toMatch(message);
    }
    const items = await partition(`ORG#${w.orgId}`);
    expect(items.find((i) => i.type === 'Loan' && i.id === loan.id)?.payments).toEqual({});
  });
});

describe('bills the lender pays from escrow', () => {
  const splitPayment = async (loanId: string, amount: number, date: string) => {
    const t = await payment(w.admin.api, amount, date);
    return ok(w.admin.api.post(`/api/loans/${loanId}/payments`, { transactionId: t.id, version: t.version }));
  };
  const figures = async (propertyId: string, from: string, to: string) =>
    (await ok(w.admin.api.get(`/api/reports/cash-flow?from=${from}&to=${to}&propertyId=${propertyId}`))).figures;

  it('are $0 lines that deduct the bill in the year the lender paid it; cash flow never moves; the loan keeps the balance', async () => {
    const home = await property(w.admin.api, 'Escrow Row');
    const loan = await addLoan(w.admin.api, home);
    await splitPayment(loan.id, -2366.7, '2025-02-01');
    await splitPayment(loan.id, -2366.7, '2025-03-01');
    const before = await figures(home, '2025-01', '2025-12');
    expect(before).toMatchObject({ operatingExpenses: 0, debtService: 4733.4, cashFlow: -4733.4 });

    // The county's bill, paid by the lender in November: a $0 line on the property, the tax and the escrow it left.
    const paid = await ok(
      w.manager.api.post(`/api/loans/${loan.id}/escrow-payments`, { date: '2025-11-15', kind: 'taxes', amount: 600 }),
      201,
    );
    expect(paid.transaction).toMatchObject({
      amount: 0,
      date: '2025-11-15',
      name: 'Property taxes paid from escrow by First Federal Mortgage',
      propertyId: home,
      categorizationSource: 'manual',
    });
    expect(paid.transaction.parts.map((p: { category: string; amount: number }) => [p.category, p.amount])).toEqual([
      ['taxes', -600],
      ['property_tax_escrows', 600],
    ]);
    await expectLedgerConsistent(w.orgId);
    // Listed under money out by its tax, and under money in by the escrow it left, as the rollups count its parts.
    for (const direction of ['out', 'in']) {
      const page = await ok(w.admin.api.get(`/api/transactions?propertyId=${home}&direction=${direction}`));
      expect(
        page.transactions.map((t: { id: string }) => t.id),
        direction,
      ).toContain(paid.transaction.id);
    }

    // Deducted in 2025 as taxes, out of debt service: NOI falls by the bill, cash flow stays where it was.
    const after = await figures(home, '2025-01', '2025-12');
    expect(after).toMatchObject({ operatingExpenses: 600, noi: -600, debtService: 4133.4, cashFlow: -4733.4 });
    const sheet = (await ok(w.admin.api.get(`/api/reports/schedule-e?year=2025&propertyId=${home}`))).worksheets[0];
    const line = (n: string) => sheet.lines.find((l: { line: string }) => l.line === n).amount;
    expect(line('16')).toBe(600);
    expect(line('9')).toBe(0);
    expect(sheet.excluded.find((i: { category: string }) => i.category === 'property_tax_escrows').amount).toBe(-100);

    // The insurance premium, paid the next January with a name of the person's own.
    const premium = await ok(
      w.admin.api.post(`/api/loans/${loan.id}/escrow-payments`, {
        date: '2026-01-10',
        kind: 'insurance',
        amount: '1446.00',
        name: 'Hazard insurance, annual premium',
      }),
      201,
    );
    expect(premium.transaction.name).toBe('Hazard insurance, annual premium');
    const sheet2026 = (await ok(w.admin.api.get(`/api/reports/schedule-e?year=2026&propertyId=${home}`))).worksheets[0];
    expect(sheet2026.lines.find((l: { line: string }) => l.line === '9').amount).toBe(1446);

    // The loan: paid in with its payments, paid out as the bills, held at each year's end.
    const detail2025 = await ok(w.admin.api.get(`/api/loans/${loan.id}?year=2025`));
    expect(detail2025.escrow).toEqual({
      year: 2025,
      paidIn: 941,
      paidOut: 600,
      held: 341,
      note: null,
      payments: [
        {
          transactionId: paid.transaction.id,
          date: '2025-11-15',
          name: 'Property taxes paid from escrow by First Federal Mortgage',
          amount: 600,
        },
      ],
    });
    const detail2026 = await ok(w.admin.api.get(`/api/loans/${loan.id}?year=2026`));
    expect(detail2026.escrow).toMatchObject({ year: 2026, paidIn: 0, paidOut: 1446, held: -1105 });
    expect(detail2026.escrow.note).toMatch(/escrow paid before them \(or at closing\) is not in it/);
    const loanItem = (await partition(`ORG#${w.orgId}`)).find((i) => i.type === 'Loan' && i.id === loan.id);
    expect(loanItem?.escrowPayments).toEqual([paid.transaction.id, premium.transaction.id]);

    // Ignored, the bill counts nowhere, on the loan as in the reports.
    await ok(w.admin.api.patch(`/api/transactions/${paid.transaction.id}/ignore`, { isIgnored: true }));
    expect((await ok(w.admin.api.get(`/api/loans/${loan.id}?year=2025`))).escrow).toMatchObject({
      paidOut: 0,
      held: 941,
      payments: [],
    });
    expect((await figures(home, '2025-01', '2025-12')).operatingExpenses).toBe(0);
    await expectLedgerConsistent(w.orgId);
  });

  it('refuses a bill it cannot record (400, nothing written); tenants 403; another organization 404', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home);
    const good = { date: '2025-11-15', kind: 'taxes', amount: 600 };
    for (const [bad, path] of [
      [{ ...good, amount: 0 }, 'amount'],
      [{ ...good, amount: -600 }, 'amount'],
      [{ ...good, amount: 600.001 }, 'amount'],
      [{ ...good, kind: 'hoa' }, 'kind'],
      [{ ...good, date: '2025-02-30' }, 'date'],
      [{ ...good, name: 'Two\nlines' }, 'name'],
      [{ ...good, propertyId: home }, ''],
    ] as const) {
      const res = await w.admin.api.post(`/api/loans/${loan.id}/escrow-payments`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      if (path) expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await w.tenant.api.post(`/api/loans/${loan.id}/escrow-payments`, good)).status).toBe(403);
    expect((await x.admin.api.post(`/api/loans/${loan.id}/escrow-payments`, good)).status).toBe(404);
    const items = await partition(`ORG#${w.orgId}`);
    expect(items.find((i) => i.type === 'Loan' && i.id === loan.id)?.escrowPayments).toEqual([]);
    expect(items.filter((i) => i.type === 'Transaction' && i.propertyId === home)).toEqual([]);
  });

  it('a loan deleted with its property while its bill is being recorded is what was not found: 404', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home);
    const { payFromEscrow } = await import('../../functions/src/services/loans/loans.js');
    const { db } = await import('../../functions/src/data/client.js');
    const send = db.send.bind(db);
    let calls = 0;
    // After the loan was read and before anything else: someone deletes the loan, then its property.
    const spy = vi.spyOn(db, 'send').mockImplementation(async (command: any, ...rest: any[]) => {
      if (++calls === 2) {
        await ok(w.admin.api.delete(`/api/loans/${loan.id}`));
        await ok(w.admin.api.delete(`/api/properties/${home}`));
      }
      return send(command, ...rest);
    });
    try {
      const caller = { orgId: w.orgId, userId: w.admin.userId };
      const bill = { date: '2025-11-15', kind: 'taxes' as const, amount: toCents(600)! };
      await expect(payFromEscrow(caller, loan.id, bill)).rejects.toMatchObject({ code: 'NOT_FOUND', entity: 'Loan' });
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBeGreaterThan(2);
    const items = await partition(`ORG#${w.orgId}`);
    expect(items.filter((i) => i.type === 'Transaction' && i.propertyId === home)).toEqual([]);
  });

  it('a bill dated in a closed period is refused like any other write there', async () => {
    const c = await team();
    const home = await property(c.admin.api);
    const loan = await addLoan(c.admin.api, home);
    await ok(c.landlord.api.put('/api/organization/closed-period', { closedThrough: '2025-12-31' }));
    const res = await c.admin.api.post(`/api/loans/${loan.id}/escrow-payments`, {
      date: '2025-11-15',
      kind: 'taxes',
      amount: 600,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.code).toBe('PERIOD_CLOSED');
    const items = await partition(`ORG#${c.orgId}`);
    expect(items.filter((i) => i.type === 'Transaction')).toEqual([]);
    expect(items.find((i) => i.type === 'Loan')?.escrowPayments).toEqual([]);
  });
});

describe('the demo organization', () => {
  it("has a loan per mortgaged property whose schedule asks the ledger's payment; its payments are split by it", async () => {
    const api = client((await signIn('lena.landlord@demo.rent.today')).idToken);
    await expectLedgerConsistent('demo-org');
    const loans = (await ok(api.get('/api/properties/prop-lake-7c/loans'))).loans;
    expect(loans).toEqual([expect.objectContaining({ lender: 'Lakeshore Mortgage Co.', monthlyPayment: 1924.1 })]);
    const lastYear = new Date().getUTCFullYear() - 1;
    const detail = await ok(api.get(`/api/loans/${loans[0].id}?year=${lastYear}`));
    expect(detail.payments.length).toBeGreaterThanOrEqual(12);
    expect(detail.interest.byLedger).toBeGreaterThan(0);
    expect(toCents(detail.interest.form1098)).toBe(toCents(detail.interest.byLedger)! + 4_117);
    expect(detail.interest.flag).toMatch(/Form 1098 says/);
    const split = (await ok(api.get(`/api/transactions/${detail.payments[0].transactionId}`))).transaction;
    expect(split.parts.map((p: { category: string }) => p.category)).toEqual(['mortgage_interest', 'loan_principal']);
    expect(split.parts.reduce((sum: number, p: { amount: number }) => sum - Math.round(p.amount * 100), 0)).toBe(
      192_410,
    );
    // The latest payment is left to apply by hand: the lender's name finds it, and it splits as the others did.
    const found = await ok(
      api.get(`/api/transactions?${new URLSearchParams({ search: 'Lakeshore Mortgage Co.', direction: 'out' })}`),
    );
    const latest = found.transactions.find((t: { category: string }) => t.category === 'mortgage');
    expect(latest).toBeDefined();
    const preview = await ok(api.get(`/api/loans/${loans[0].id}/payments/preview?transactionId=${latest.id}`));
    expect(preview.parts.map((p: { category: string }) => p.category)).toEqual(['mortgage_interest', 'loan_principal']);
    expect(preview.extraPrincipal).toBeGreaterThan(0);
  });
});
