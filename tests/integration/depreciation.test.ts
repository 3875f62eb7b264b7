import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAdmin } from '../support/api.js';
import { type Api, team } from '../support/members.js';

/**
 * The depreciation schedule through the local gateway: who may read it, bad input, and the figures
 * of a hand-worked property (building from its acquisition fields, capital spending by class from the
 * rollups), which also fill Schedule E line 18.
 */

const txn = (date: string, amount: number, category: string, propertyId: string, isIgnored = false) => ({
  name: `Asset ${randomUUID().slice(0, 6)}`,
  date,
  amount,
  category,
  propertyId,
  notes: null,
  isIgnored,
});

async function created(api: Api, path: string, body: unknown) {
  const res = await api.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('depreciation: who may read it', () => {
  let people: Awaited<ReturnType<typeof team>>;
  let propertyId: string;
  beforeAll(async () => {
    people = await team();
    propertyId = (await created(people.admin.api, '/api/properties', { address: '1 Basis Street' })).id;
  });

  it('staff read it; a tenant gets 403', async () => {
    for (const who of [people.admin, people.landlord, people.manager]) {
      expect((await who.api.get('/api/reports/depreciation?year=2025')).status, who.email).toBe(200);
    }
    expect((await people.tenant.api.get('/api/reports/depreciation?year=2025')).status).toBe(403);
  });

  it("another organization's property answers 404", async () => {
    const other = await newAdmin('other-depreciation');
    const res = await other.api.get(`/api/reports/depreciation?year=2025&propertyId=${propertyId}`);
    expect(res.status).toBe(404);
    const theirs = await other.api.get('/api/reports/depreciation?year=2025');
    expect(theirs.body.properties).toEqual([]);
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const bad: [string, RegExp][] = [
      ['/api/reports/depreciation', /tax year/i],
      ['/api/reports/depreciation?year=25', /YYYY/],
      ['/api/reports/depreciation?year=1800', /between 1900 and 2200/],
      ['/api/reports/depreciation?year=2025&propertyId=..%2Fx', /Choose a property/],
      ['/api/reports/depreciation?year=2025&extra=1', /extra|Unrecognized/i],
    ];
    for (const [path, message] of bad) {
      const res = await people.admin.api.get(path);
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body.issues), path).toMatch(message);
    }
    const unknown = await people.admin.api.get(`/api/reports/depreciation?year=2025&propertyId=${randomUUID()}`);
    expect(unknown.status).toBe(404);
  });
});

describe('depreciation: the figures', () => {
  let api: Api;
  let a: string;
  let b: string;
  beforeAll(async () => {
    ({ api } = await newAdmin('depreciation'));
    a = (
      await created(api, '/api/properties', {
        address: '5 Basis Road',
        propertyType: 'SINGLE_FAMILY',
        acquisitionDate: '2024-03-15',
        acquisitionPrice: 300000,
        closingCosts: 5000,
        initialRepairs: 2500,
        landValue: 60000,
      })
    ).id;
    b = (
      await created(api, '/api/properties', {
        address: '6 Basis Road',
        acquisitionDate: '2024-01-10',
        acquisitionPrice: 100000,
      })
    ).id;
    const rows = [
      txn('2025-02-03', -2000, 'fencing_landscaping', a),
      txn('2025-07-10', -1000, 'appliances', a),
      txn('2025-10-05', -500, 'appliances', a),
      txn('2025-10-20', 100, 'appliances', a), // a refund lowers the month's basis
      txn('2025-09-01', -700, 'security_systems', a),
      txn('2025-08-01', -9999, 'furniture', a, true), // ignored
      txn('2025-05-01', -250, 'repairs', a), // an expense, not capital spending
      txn('2026-01-15', -8000, 'roof_replacement', a), // placed in service after 2025
      txn('2025-06-01', -3000, 'furniture', b),
    ];
    for (const row of rows) await created(api, '/api/transactions', row);
  });

  it('hand-worked: the building over 27.5 years mid-month, capital spending by class', async () => {
    const res = await api.get(`/api/reports/depreciation?year=2025&propertyId=${a}`);
    expect(res.status).toBe(200);
    expect(res.body.properties).toHaveLength(1);
    const sheet = res.body.properties[0];
    const asset = (name: string, month: string) =>
      sheet.assets.find(
        (x: { asset: string; placedInService: string }) => x.asset === name && x.placedInService === month,
      );
    // Basis 300,000 + 5,000 + 2,500 - 60,000 = 247,500; 2024 from mid-March: 9.5 of 330 months = 7,125.
    expect(asset('building', '2024-03')).toMatchObject({
      basis: 247500,
      thisYear: 9000,
      accumulated: 16125,
      remaining: 231375,
      flag: null,
    });
    expect(asset('fencing_landscaping', '2025-02')).toMatchObject({
      basis: 2000,
      thisYear: 100,
      classId: 'fifteenYear',
    });
    expect(asset('appliances', '2025-07')).toMatchObject({ basis: 1000, thisYear: 200, remaining: 800 });
    expect(asset('appliances', '2025-10')).toMatchObject({ basis: 400, thisYear: 80 });
    expect(asset('security_systems', '2025-09')).toMatchObject({
      thisYear: 0,
      flag: expect.stringMatching(/preparer/),
    });
    expect(sheet.assets.some((x: { asset: string }) => x.asset === 'furniture' || x.asset === 'roof_replacement')).toBe(
      false,
    );
    expect(sheet.total).toBe(9380);
    expect(sheet.flags).toEqual([expect.stringMatching(/Security systems/)]);

    const y2024 = await api.get(`/api/reports/depreciation?year=2024&propertyId=${a}`);
    expect(y2024.body.properties[0].assets).toEqual([expect.objectContaining({ asset: 'building', thisYear: 7125 })]);
  });

  it('a property without a land value is flagged; its capital spending still counts', async () => {
    const res = await api.get('/api/reports/depreciation?year=2025');
    const sheetB = res.body.properties.find((p: { propertyId: string }) => p.propertyId === b);
    expect(sheetB.flags).toEqual([expect.stringMatching(/No land value/)]);
    expect(sheetB.total).toBe(600); // furniture, 5-year: 20% in the first year
    expect(res.body.total).toBe(9380 + 600);
  });

  it('fills Schedule E line 18 and counts it in the total expenses', async () => {
    const res = await api.get('/api/reports/schedule-e?year=2025');
    const line = (propertyId: string, n: string) =>
      res.body.worksheets
        .find((w: { propertyId: string }) => w.propertyId === propertyId)
        .lines.find((l: { line: string }) => l.line === n);
    expect(line(a, '18')).toMatchObject({ amount: 9380, flag: expect.stringMatching(/Security systems/) });
    expect(line(a, '20').amount).toBe(250 + 9380);
    expect(line(b, '18')).toMatchObject({ amount: 600, flag: expect.stringMatching(/No land value/) });
  });
});

/**
 * A COMMERCIAL property is nonresidential real property: its building and the improvements to it depreciate over 39
 * years, mid-month (IRS Pub 946 Table A-7a), and fill Schedule E line 18 like any other property's.
 */
describe('depreciation: a commercial property over 39 years', () => {
  let api: Api;
  let main: string;
  beforeAll(async () => {
    ({ api } = await newAdmin('depreciation-commercial'));
    main = (
      await created(api, '/api/properties', {
        address: '301 Main Street',
        propertyType: 'COMMERCIAL',
        acquisitionDate: '2020-01-27',
        acquisitionPrice: 610000,
        closingCosts: 18300,
        otherInitialCosts: 9500,
        landValue: 122000,
      })
    ).id;
    for (const row of [
      txn('2024-03-12', -40000, 'hvac_plumbing_electrical', main),
      txn('2024-06-03', -2000, 'appliances', main),
      txn('2024-04-01', 12000, 'rental_income', main),
    ]) {
      await created(api, '/api/transactions', row);
    }
  });

  it('the building from January 2020: 2.461% the first year, then 2.564% a year', async () => {
    const y2020 = (await api.get(`/api/reports/depreciation?year=2020&propertyId=${main}`)).body.properties[0];
    // Basis 610,000 + 18,300 + 9,500 - 122,000 = 515,800.
    expect(y2020.assets).toEqual([
      expect.objectContaining({
        asset: 'building',
        classId: 'nonresidential39',
        classLabel: '39-year nonresidential real property, straight line, mid-month',
        placedInService: '2020-01',
        basis: 515800,
        thisYear: 12693.84,
        flag: null,
      }),
    ]);
    expect(y2020.flags).toEqual([]);
    const y2024 = (await api.get(`/api/reports/depreciation?year=2024&propertyId=${main}`)).body.properties[0];
    const asset = (name: string) => y2024.assets.find((a: { asset: string }) => a.asset === name);
    expect(asset('building')).toMatchObject({
      thisYear: 13225.11,
      accumulated: 65594.28, // 12,693.84 + 4 x 13,225.11
      remaining: 450205.72,
    });
    // An improvement to the building takes its class: March, 2.033% of 40,000.
    expect(asset('hvac_plumbing_electrical')).toMatchObject({ classId: 'nonresidential39', thisYear: 813.2 });
    expect(asset('appliances')).toMatchObject({ classId: 'fiveYear', thisYear: 400 });
    expect(y2024.total).toBe(14438.31);
    expect(y2024.flags).toEqual([]);
  });

  it('fills Schedule E line 18 with no flag', async () => {
    const res = await api.get(`/api/reports/schedule-e?year=2024&propertyId=${main}`);
    expect(res.status).toBe(200);
    const sheet = res.body.worksheets.find((w: { propertyId: string }) => w.propertyId === main);
    const line = (n: string) => sheet.lines.find((l: { line: string }) => l.line === n);
    expect(line('18')).toEqual({ line: '18', label: 'Depreciation expense or depletion', amount: 14438.31, items: [] });
    expect(line('21').amount).toBe(-2438.31);
  });
});

/**
 * Money back for a capital item (a positive amount in a capital category) lowers the basis of the property's asset of
 * that category (IRS Pub 551), so the schedule's bases add up to the cash flow's net capital spending to the cent.
 */
describe('depreciation: capital refunds lower the basis', () => {
  let api: Api;
  let sameYear: string;
  let laterYear: string;
  let tooMuch: string;
  const property = (address: string) =>
    created(api, '/api/properties', {
      address,
      propertyType: 'SINGLE_FAMILY',
      acquisitionDate: '2020-01-10',
      acquisitionPrice: 200000,
      landValue: 40000,
    }).then((p) => p.id as string);
  /** The cash flow's capital spending of one property over whole months. */
  const cashFlowCapital = async (propertyId: string, from: string, to: string) => {
    const res = await api.get(`/api/reports/cash-flow?from=${from}&to=${to}&propertyId=${propertyId}`);
    expect(res.status).toBe(200);
    return res.body.figures.capitalSpending as number;
  };
  const sheet = async (propertyId: string, year: number) => {
    const res = await api.get(`/api/reports/depreciation?year=${year}&propertyId=${propertyId}`);
    expect(res.status).toBe(200);
    return res.body.properties[0];
  };
  const capexAssets = (s: { assets: { asset: string }[] }) => s.assets.filter((a) => a.asset !== 'building');

  beforeAll(async () => {
    ({ api } = await newAdmin('depreciation-refunds'));
    [sameYear, laterYear, tooMuch] = await Promise.all([
      property('7 Rebate Lane'),
      property('8 Rebate Lane'),
      property('9 Rebate Lane'),
    ]);
    const rows = [
      txn('2024-03-05', -10000, 'appliances', sameYear),
      txn('2024-09-12', 1500, 'appliances', sameYear), // a rebate six months later, the same tax year
      txn('2024-03-05', -10000, 'roof_replacement', laterYear),
      txn('2025-02-20', 1500, 'roof_replacement', laterYear), // a refund in the next tax year
      txn('2024-04-02', -1000, 'appliances', tooMuch),
      txn('2024-06-02', 1500, 'appliances', tooMuch), // more back than was spent
    ];
    for (const row of rows) await created(api, '/api/transactions', row);
  });

  it('a refund later in the same year: basis 8,500, depreciated by the 5-year table (Pub 946 Table A-1)', async () => {
    expect(await cashFlowCapital(sameYear, '2024-01', '2024-12')).toBe(8500);
    const y2024 = await sheet(sameYear, 2024);
    // One asset, placed in service when the money was spent; the refund month is no asset of its own.
    expect(capexAssets(y2024)).toEqual([
      expect.objectContaining({
        asset: 'appliances',
        placedInService: '2024-03',
        classId: 'fiveYear',
        basis: 8500,
        thisYear: 1700,
        remaining: 6800,
        flag: null,
      }),
    ]);
    expect(y2024.capital).toEqual({ spending: 8500, basis: 8500, refundsNotApplied: 0 });
    expect(y2024.flags).toEqual([]);
    // 20, 32, 19.2, 11.52, 11.52, 5.76 % of 8,500.
    const years = [1700, 2720, 1632, 979.2, 979.2, 489.6];
    for (const [i, amount] of years.entries()) {
      const asset = capexAssets(await sheet(sameYear, 2024 + i))[0];
      expect(asset, String(2024 + i)).toMatchObject({ basis: 8500, thisYear: amount });
    }
    expect(capexAssets(await sheet(sameYear, 2030))[0]).toMatchObject({ accumulated: 8500, remaining: 0 });
  });

  it('a refund in a later year: the earlier year stands, the rest is spread over the remaining recovery period', async () => {
    const y2024 = await sheet(laterYear, 2024);
    // March, 27.5 years mid-month: 9.5 of 330 months of 10,000 = 287.88 (Table A-6: 2.879%).
    expect(capexAssets(y2024)).toEqual([
      expect.objectContaining({ asset: 'roof_replacement', basis: 10000, thisYear: 287.88, flag: null }),
    ]);
    expect(y2024.capital).toEqual({ spending: 10000, basis: 10000, refundsNotApplied: 0 });
    expect(await cashFlowCapital(laterYear, '2024-01', '2024-12')).toBe(10000);

    expect(await cashFlowCapital(laterYear, '2024-01', '2025-12')).toBe(8500);
    const y2025 = await sheet(laterYear, 2025);
    // (8,500 - 287.88) over the 320.5 months left, 12 of them in 2025: 307.47.
    expect(capexAssets(y2025)).toEqual([
      expect.objectContaining({
        asset: 'roof_replacement',
        placedInService: '2024-03',
        basis: 8500,
        thisYear: 307.47,
        accumulated: 595.35,
        remaining: 7904.65,
        flag: expect.stringMatching(/Pub 946/),
      }),
    ]);
    expect(y2025.capital).toEqual({ spending: 8500, basis: 8500, refundsNotApplied: 0 });
    // Over its whole life the asset depreciates exactly its net basis.
    expect(capexAssets(await sheet(laterYear, 2060))[0]).toMatchObject({ accumulated: 8500, remaining: 0 });
  });

  it('a refund bigger than the spending: basis 0, never negative, and the rest is shown, not dropped', async () => {
    expect(await cashFlowCapital(tooMuch, '2024-01', '2024-12')).toBe(-500);
    const y2024 = await sheet(tooMuch, 2024);
    expect(capexAssets(y2024)).toEqual([
      expect.objectContaining({ asset: 'appliances', placedInService: '2024-04', basis: 0, thisYear: 0, remaining: 0 }),
      expect.objectContaining({
        asset: 'appliances',
        placedInService: null,
        basis: null,
        remaining: null,
        flag: expect.stringMatching(/\$500\.00.*preparer/),
      }),
    ]);
    expect(y2024.capital).toEqual({ spending: -500, basis: 0, refundsNotApplied: 500 });
    expect(y2024.flags).toEqual([expect.stringMatching(/\$500\.00/)]);
  });
});
