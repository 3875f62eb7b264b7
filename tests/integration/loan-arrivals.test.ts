import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { type Api, team } from '../support/members.js';
import { bankOrg, bankSyncModules, plaidTx } from './bank-sync-helpers.js';
import { expectLedgerConsistent } from './ledger-helpers.js';

/**
 * Payments to a lender split by their loan on arrival (docs/reports-and-tax.md "Loans"): money out of exactly the
 * month's scheduled payment, typed by hand without a category or brought by the bank, is split into interest,
 * principal and escrow and recorded on the loan, saying so in its trail; a person's category, another amount, or
 * two loans asking the same amount with no lender named leave it alone.
 */
type Team = Awaited<ReturnType<typeof team>>;

async function ok<T = Record<string, any>>(res: Promise<{ status: number; body: any }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}
// $300,000 at 6.5% over 30 years: $1,896.20 a month, plus $470.50 of escrow: $2,366.70 in all.
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
const WHOLE_PAYMENT = -2366.7;
const SPLIT = [
  { amount: -1625, category: 'mortgage_interest' },
  { amount: -271.2, category: 'loan_principal' },
  { amount: -350, category: 'property_tax_escrows' },
  { amount: -120.5, category: 'insurance_escrows' },
];
const property = async (api: Api) =>
  (await ok(api.post('/api/properties', { address: `${randomUUID().slice(0, 6)} Lender Lane` }), 201)).id as string;
const addLoan = async (api: Api, propertyId: string, over: Record<string, unknown> = {}) =>
  (await ok(api.post(`/api/properties/${propertyId}/loans`, terms(over)), 201)).loan as { id: string };
const typed = async (api: Api, body: Record<string, unknown>) =>
  (
    await ok(
      api.post('/api/transactions', {
        name: `ONLINE PMT FIRST FEDERAL ${randomUUID().slice(0, 6)}`,
        date: '2025-02-03',
        amount: WHOLE_PAYMENT,
        category: null,
        notes: null,
        ...body,
      }),
      201,
    )
  ).transaction;
const parts = (t: { parts: { amount: number; category: string }[] | null }) =>
  t.parts?.map(({ amount, category }) => ({ amount, category })) ?? null;

let w: Team;
beforeAll(async () => {
  w = await team();
});

describe('loan payments on arrival', () => {
  it('a payment typed by hand without a category is split by its loan, recorded on it, and says so', async () => {
    const home = await property(w.admin.api);
    const loan = await addLoan(w.admin.api, home);
    const t = await typed(w.manager.api, { propertyId: home });
    expect(parts(t)).toEqual(SPLIT);
    expect(t).toMatchObject({ amount: WHOLE_PAYMENT, propertyId: home, categorizationSource: 'rule' });
    const detail = await ok(w.admin.api.get(`/api/loans/${loan.id}?year=2025`));
    expect(detail.payments.map((p: { transactionId: string }) => p.transactionId)).toEqual([t.id]);
    const trail = await ok(w.admin.api.get(`/api/transactions/${t.id}/activity`));
    expect(JSON.stringify(trail)).toContain('loan_match');
    await expectLedgerConsistent(w.orgId);
  });

  it("leaves a person's category, another amount and a payment two loans could be alone", async () => {
    const home = await property(w.admin.api);
    await addLoan(w.admin.api, home);
    expect(parts(await typed(w.admin.api, { propertyId: home, category: 'mortgage' }))).toBeNull();
    expect(parts(await typed(w.admin.api, { propertyId: home, amount: -2366.71 }))).toBeNull();
    // A second loan asking the same amount: only a description naming its lender decides.
    await addLoan(w.admin.api, home, { lender: 'Prairie State Credit Union' });
    expect(parts(await typed(w.admin.api, { propertyId: home, name: 'MORTGAGE PMT 0425' }))).toBeNull();
    expect(parts(await typed(w.admin.api, { propertyId: home, name: 'PRAIRIE STATE CU LOAN PMT' }))).toEqual(SPLIT);
  });

  it("a payment the bank brings is split by the loan of the account's property", async () => {
    const { api } = await newAdmin('loan-sync');
    const { orgId, propertyId, institutionId } = await bankOrg(api);
    const loan = await addLoan(api, propertyId);
    const { sync, rules } = await bankSyncModules();
    rules.forgetRules(orgId);
    const name = `FIRST FEDERAL MTG ${randomUUID().slice(0, 6)}`;
    const page = { added: [plaidTx({ name, amount: 2366.7, date: '2025-03-01' })], modified: [], removed: [] };
    await sync.applySyncPages(orgId, { id: institutionId }, page as never);
    const listed = await ok(api.get(`/api/transactions?search=${encodeURIComponent(name)}`));
    const [t] = listed.transactions;
    expect(t.parts.map(({ amount, category }: { amount: number; category: string }) => ({ amount, category }))).toEqual(
      [
        { amount: -1623.53, category: 'mortgage_interest' },
        { amount: -272.67, category: 'loan_principal' },
        { amount: -350, category: 'property_tax_escrows' },
        { amount: -120.5, category: 'insurance_escrows' },
      ],
    );
    const detail = await ok(api.get(`/api/loans/${loan.id}?year=2025`));
    expect(detail.payments).toHaveLength(1);
    await expectLedgerConsistent(orgId);
  });
});
