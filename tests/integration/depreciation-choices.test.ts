import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { type Api, team } from '../support/members.js';

/**
 * Per-asset depreciation choices through the local gateway: depreciation taken before the books (carried in) and
 * the bonus depreciation. Who may read and save them, bad input, version conflicts, and the figures they make in
 * the schedule and on Schedule E line 18.
 */

async function created(api: Api, path: string, body: unknown) {
  const res = await api.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const choicesPath = (propertyId: string) => `/api/reports/depreciation/properties/${propertyId}/choices`;

describe('depreciation choices: roles, 404, 400 and versions', () => {
  let people: Awaited<ReturnType<typeof team>>;
  let propertyId: string;
  beforeAll(async () => {
    people = await team();
    propertyId = (
      await created(people.admin.api, '/api/properties', {
        address: '7 Carry Street',
        propertyType: 'SINGLE_FAMILY',
        acquisitionDate: '2018-04-02',
        acquisitionPrice: 200000,
        landValue: 40000,
      })
    ).id;
  });

  it('staff read them; owners save them; a manager may not save; a tenant gets 403', async () => {
    for (const who of [people.admin, people.landlord, people.manager]) {
      const res = await who.api.get(choicesPath(propertyId));
      expect(res.status, who.email).toBe(200);
    }
    expect((await people.tenant.api.get(choicesPath(propertyId))).status).toBe(403);
    const body = { version: 0, assets: [{ key: 'building', priorDepreciation: 1000, priorThroughYear: '2019' }] };
    expect((await people.manager.api.put(choicesPath(propertyId), body)).status).toBe(403);
    expect((await people.tenant.api.put(choicesPath(propertyId), body)).status).toBe(403);
    const saved = await people.landlord.api.put(choicesPath(propertyId), body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      propertyId,
      version: 1,
      assets: [{ key: 'building', priorDepreciation: 1000, priorThroughYear: 2019, bonus: null }],
    });
    expect((await people.manager.api.get(choicesPath(propertyId))).body.version).toBe(1);
  });

  it('a stale version is a 409 that says what happened', async () => {
    const read = (await people.admin.api.get(choicesPath(propertyId))).body;
    const next = { version: read.version, assets: [] };
    expect((await people.admin.api.put(choicesPath(propertyId), next)).status).toBe(200);
    const stale = await people.landlord.api.put(choicesPath(propertyId), next);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/changed by someone else/);
  });

  it("another organization's property answers 404, to read and to save", async () => {
    const other = await newAdmin('other-depreciation-choices');
    expect((await other.api.get(choicesPath(propertyId))).status).toBe(404);
    expect((await other.api.put(choicesPath(propertyId), { version: 0, assets: [] })).status).toBe(404);
    expect((await people.admin.api.get(choicesPath(randomUUID()))).status).toBe(404);
  });

  it('refuses bad choices with a 400 in words', async () => {
    const version = (await people.admin.api.get(choicesPath(propertyId))).body.version;
    const bad: [unknown, RegExp][] = [
      [[{ key: 'building', priorDepreciation: -5, priorThroughYear: '2019' }], /negative|at least|0/i],
      [[{ key: 'building', priorDepreciation: 100 }], /both the depreciation taken before the books and the last year/],
      [[{ key: 'building', priorDepreciation: 100, priorThroughYear: '2017' }], /placed in service in 2018/],
      [[{ key: 'building', priorDepreciation: 100, priorThroughYear: '2999' }], /at the latest/],
      [[{ key: 'building', priorDepreciation: 100, priorThroughYear: '19' }], /4 digits/],
      [[{ key: 'building', bonus: true }], /20 years or less/],
      [[{ key: 'roof_replacement@2024-05', bonus: true }], /part of the building/],
      [[{ key: 'security_systems@2024-05', bonus: true }], /class is not known/],
      [[{ key: 'groceries@2024-05', bonus: true }], /not an asset of the depreciation schedule/],
      [
        [
          { key: 'appliances@2024-05', bonus: true },
          { key: 'appliances@2024-05', bonus: false },
        ],
        /listed twice/,
      ],
      [[{ key: 'appliances@2024-05', bonus: 'yes' }], /yes, no or the default/],
    ];
    for (const [assets, message] of bad) {
      const res = await people.admin.api.put(choicesPath(propertyId), { version, assets });
      expect(res.status, JSON.stringify(assets)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(assets)).toMatch(message);
    }
  });
});

describe('depreciation choices: the figures', () => {
  let api: Api;
  let home: string;
  beforeAll(async () => {
    ({ api } = await newAdmin('depreciation-choices'));
    // Basis 325,000 - 50,000 = 275,000 over 27.5 years: a full year is exactly 10,000.
    home = (
      await created(api, '/api/properties', {
        address: '12 Carry-In Lane',
        propertyType: 'SINGLE_FAMILY',
        acquisitionDate: '2020-01-10',
        acquisitionPrice: 325000,
        landValue: 50000,
      })
    ).id;
    await created(api, '/api/transactions', {
      name: 'Fridge and stove',
      date: '2024-06-03',
      amount: -2000,
      category: 'appliances',
      propertyId: home,
      notes: null,
      isIgnored: false,
    });
  });

  const sheet2024 = async () => (await api.get(`/api/reports/depreciation?year=2024&propertyId=${home}`)).body;
  const assetOf = (sheet: { properties: { assets: { key: string }[] }[] }, key: string) =>
    sheet.properties[0]!.assets.find((a) => a.key === key);

  it('without choices: the tables alone, the appliances showing the 60% bonus they could take', async () => {
    const sheet = await sheet2024();
    expect(assetOf(sheet, 'appliances@2024-06')).toMatchObject({
      thisYear: 400,
      bonus: { percent: 60, amount: 0, taken: false },
      prior: null,
    });
    expect(assetOf(sheet, 'building')).toMatchObject({ thisYear: 10000, accumulated: 49583.33, bonus: null });
  });

  it('with a carry-in and the bonus: hand-worked, in the schedule and on Schedule E line 18', async () => {
    const saved = await api.put(choicesPath(home), {
      version: 0,
      assets: [
        { key: 'building', priorDepreciation: 100000, priorThroughYear: '2023' },
        { key: 'appliances@2024-06', bonus: true },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const sheet = await sheet2024();
    // 2020 from mid-January: 23 of 660 half months = 9,583.33; 2021-2023 10,000 each: 39,583.33 by the table.
    expect(assetOf(sheet, 'building')).toMatchObject({
      thisYear: 10000,
      accumulated: 110000,
      remaining: 165000,
      prior: { entered: 100000, throughYear: 2023, byTable: 39583.33 },
      flag: expect.stringMatching(/the schedule gives \$39,583\.33 \(more by \$60,416\.67\)/),
    });
    // $2,000 in June 2024: 60% bonus $1,200, then 20% of the $800 left: $160.
    expect(assetOf(sheet, 'appliances@2024-06')).toMatchObject({
      thisYear: 1360,
      remaining: 640,
      bonus: { percent: 60, amount: 1200, taken: true },
    });
    expect(sheet.properties[0].total).toBe(11360);
    const scheduleE = await api.get(`/api/reports/schedule-e?year=2024&propertyId=${home}`);
    const line18 = scheduleE.body.worksheets[0].lines.find((l: { line: string }) => l.line === '18');
    expect(line18.amount).toBe(11360);
    // The next year continues the same schedule: the building's 10,000 and the appliances' 32% of $800.
    const y2025 = (await api.get(`/api/reports/depreciation?year=2025&propertyId=${home}`)).body;
    expect(assetOf(y2025, 'building')).toMatchObject({ thisYear: 10000, accumulated: 120000 });
    expect(assetOf(y2025, 'appliances@2024-06')).toMatchObject({ thisYear: 256, accumulated: 1616 });
  });
});
