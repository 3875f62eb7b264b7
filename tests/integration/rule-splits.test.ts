import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { partition } from '../support/db.js';
import type { Api } from '../support/members.js';
import { expectLedgerConsistent, orgIdOf } from './ledger-helpers.js';
import { expectConsistent } from './rules-helpers.js';

/**
 * Rules that split (docs/rules.md "Rules that split"): a rule's parts are fixed amounts, percentages and one rest; it
 * splits what it matches on arrival and when applied, leaves alone what its fixed parts do not fit, and its undo
 * puts the transaction back as it was.
 */
const RULES = '/api/categorization-rules';

async function ok<T = Record<string, any>>(res: Promise<{ status: number; body: any }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}

let api: Api;
let orgId: string;
let oak: string;
let elm: string;
const lender = `Lender ${randomUUID().slice(0, 6)}`;
const split = () => [
  { category: 'mortgage_interest', propertyId: oak, percent: 80 },
  { category: 'property_tax_escrows', propertyId: oak, amount: 200, memo: 'Escrow' },
  { category: 'mortgage', propertyId: elm },
];
const criteria = () => ({
  namePattern: lender,
  amountMin: null,
  amountMax: null,
  amountExact: null,
  category: '',
  split: split(),
});
const create = async (name: string, amount: number, category: string | null = 'other_expenses') =>
  (
    await ok(
      api.post('/api/transactions', { name, date: '2026-07-01', amount, category, propertyId: null, notes: null }),
      201,
    )
  ).transaction;
const stored = async (id: string): Promise<Record<string, any>> =>
  (await partition(`ORG#${orgId}`)).find((item) => item.type === 'Transaction' && item.id === id)!;
const amounts = (t: { parts: { amount: number }[] }) => t.parts.map((part) => part.amount);

beforeAll(async () => {
  ({ api } = await newAdmin());
  orgId = await orgIdOf(api);
  const property = async (address: string) =>
    (await ok(api.post('/api/properties', { address: `${address} ${randomUUID().slice(0, 6)}` }), 201)).id as string;
  [oak, elm] = await Promise.all([property('1 Rule Split'), property('2 Rule Split')]);
});

describe('a rule that splits', () => {
  it('says what is wrong with its parts', async () => {
    const bad = async (parts: unknown[], category = '') =>
      (await api.post(RULES, { name: 'Bad split', namePattern: 'x', category, split: parts })).body.error as string;
    expect(await bad([{ category: 'repairs' }, { category: 'supplies' }])).toContain('Exactly one part takes the rest');
    expect(await bad([{ category: 'repairs', amount: 5, percent: 10 }, { category: 'supplies' }])).toContain(
      'an amount or a percent, not both',
    );
    expect(
      await bad([{ category: 'repairs', percent: 70 }, { category: 'supplies', percent: 40 }, { category: 'taxes' }]),
    ).toContain('more than 100%');
    expect(await bad([{ category: 'repairs', percent: 50 }, { category: 'supplies' }], 'repairs')).toContain(
      'turn the category update off',
    );
  });

  it("refuses a part on a property that is not the organization's", async () => {
    const parts = [{ category: 'repairs', propertyId: 'not-a-property', percent: 50 }, { category: 'supplies' }];
    const res = await api.post(RULES, { name: 'Foreign', namePattern: 'x', category: '', split: parts });
    expect(res.status).toBe(400);
  });

  it('splits what it matches when applied, skips what its fixed parts do not fit, and its undo puts it back', async () => {
    const rule = (await ok(api.post(RULES, { name: 'Mortgage split', ...criteria() }), 201)).rule;
    expect(rule.split).toEqual([
      { category: 'mortgage_interest', propertyId: oak, memo: null, amount: null, percent: 80 },
      { category: 'property_tax_escrows', propertyId: oak, memo: 'Escrow', amount: 200, percent: null },
      { category: 'mortgage', propertyId: elm, memo: null, amount: null, percent: null },
    ]);
    const big = await create(`${lender} payment`, -2000.01);
    const small = await create(`${lender} fee`, -150);
    const preview = await ok(api.post(`${RULES}/preview`, { rule: criteria() }));
    expect(preview.transactions.map((t: { id: string }) => t.id)).toEqual([big.id]);

    const applied = await ok(
      api.post(`${RULES}/apply-single`, { rule: criteria(), ruleId: rule.id, allMatching: true }),
    );
    expect(applied).toMatchObject({ categorizedCount: 1 });
    const splitOne = (await ok(api.get(`/api/transactions/${big.id}`))).transaction;
    // 80% of 2,000.01 is 1,600.008: a percentage rounds down to the cent, and the rest part takes what is left.
    expect(amounts(splitOne)).toEqual([-1600, -200, -200.01]);
    expect(splitOne).toMatchObject({ category: null, categorizationSource: 'rule', categorizedByRuleId: rule.id });
    expect((await stored(small.id)).parts).toBeUndefined();
    await expectConsistent(orgId);

    const again = await ok(api.post(`${RULES}/apply-single`, { rule: criteria(), ruleId: rule.id, allMatching: true }));
    expect(again).toMatchObject({ categorizedCount: 0, batchId: null });

    await ok(api.post(`${RULES}/batches/${applied.batchId}/undo`));
    const back = (await ok(api.get(`/api/transactions/${big.id}`))).transaction;
    expect(back).toMatchObject({ parts: null, category: 'other_expenses', propertyId: null });
    await expectConsistent(orgId);
  });

  it('its undo brings a transaction back without its property when that property was deleted since', async () => {
    const pine = (await ok(api.post('/api/properties', { address: `4 Pine ${randomUUID().slice(0, 6)}` }), 201)).id;
    const pattern = `Pine lender ${randomUUID().slice(0, 6)}`;
    const t = (
      await ok(
        api.post('/api/transactions', {
          name: `${pattern} payment`,
          date: '2026-07-01',
          amount: -1000,
          category: 'repairs',
          propertyId: pine,
          notes: null,
        }),
        201,
      )
    ).transaction;
    const rule = (await ok(api.post(RULES, { name: 'Pine split', ...criteria(), namePattern: pattern }), 201)).rule;
    const applied = await ok(
      api.post(`${RULES}/apply-single`, {
        rule: { ...criteria(), namePattern: pattern },
        ruleId: rule.id,
        allMatching: true,
      }),
    );
    expect(applied.categorizedCount).toBe(1);
    // Split onto Oak and Elm, the transaction is no longer Pine's, so Pine may go.
    await ok(api.delete(`/api/properties/${pine}`));

    expect(await ok(api.post(`${RULES}/batches/${applied.batchId}/undo`))).toMatchObject({ restoredCount: 1 });
    const back = (await ok(api.get(`/api/transactions/${t.id}`))).transaction;
    expect(back).toMatchObject({ parts: null, category: 'repairs', propertyId: null });
    await expectConsistent(orgId);
  });

  it("its undo leaves a split a person changed after the apply, and a person's unsplit, as the person left them", async () => {
    const rule = (await ok(api.post(RULES, { name: 'Mortgage split kept', ...criteria() }), 201)).rule;
    const [resplit, unsplit] = await Promise.all([
      create(`${lender} resplit`, -1000, 'repairs'),
      create(`${lender} unsplit`, -1000, 'repairs'),
    ]);
    const applied = await ok(
      api.post(`${RULES}/apply-single`, { rule: criteria(), ruleId: rule.id, allMatching: true }),
    );
    expect(applied.categorizedCount).toBeGreaterThanOrEqual(2);
    const split = async (id: string) => (await ok(api.get(`/api/transactions/${id}`))).transaction;
    // A person splits the first again their own way, and unsplits the second onto one category.
    const mine = [
      { category: 'repairs', propertyId: oak, amount: -600 },
      { category: 'supplies', propertyId: elm, amount: -400 },
    ];
    const first = await split(resplit.id);
    await ok(api.put(`/api/transactions/${resplit.id}/split`, { version: first.version, parts: mine }));
    const second = await split(unsplit.id);
    await ok(
      api.post(`/api/transactions/${unsplit.id}/unsplit`, {
        version: second.version,
        category: null,
        propertyId: elm,
      }),
    );

    await ok(api.post(`${RULES}/batches/${applied.batchId}/undo`));
    expect(amounts(await split(resplit.id))).toEqual([-600, -400]);
    expect(await split(unsplit.id)).toMatchObject({ parts: null, category: null, propertyId: elm });
    await expectConsistent(orgId);
  });

  it('splits a transaction that arrives without a category', async () => {
    const pattern = `Arrival ${randomUUID().slice(0, 6)}`;
    await ok(api.post(RULES, { name: 'Arrival split', ...criteria(), namePattern: pattern }), 201);
    const arrived = await create(`${pattern} payment`, -1000, null);
    expect(amounts(arrived)).toEqual([-800, -200, 0]);
    expect(arrived.categorizationSource).toBe('rule');
    await expectLedgerConsistent(orgId);
  });

  it('keeps the properties its parts name from being deleted, until it no longer names them', async () => {
    const named = (await ok(api.post('/api/properties', { address: `3 Named ${randomUUID().slice(0, 6)}` }), 201)).id;
    const parts = [
      { category: 'repairs', propertyId: named, percent: 50 },
      { category: 'supplies', propertyId: null },
    ];
    const body = { name: 'Names a property', namePattern: 'nothing matches this', category: '', split: parts };
    const rule = (await ok(api.post(RULES, body), 201)).rule;
    expect((await api.delete(`/api/properties/${named}`)).status).toBe(409);
    const moved = [{ ...parts[0], propertyId: null }, parts[1]];
    await ok(api.put(`${RULES}/${rule.id}`, { ...body, split: moved, version: rule.version }));
    expect((await api.delete(`/api/properties/${named}`)).status).toBe(200);
  });
});
