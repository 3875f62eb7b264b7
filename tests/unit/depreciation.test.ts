import {
  buildingBasis,
  DEPRECIATION_FLAGS,
  type DepreciableProperty,
  depreciationInYear,
  depreciationYears,
  laterRefundFlag,
  midQuarterFlag,
  midQuarterYears,
  needsLandValue,
  noLandValueText,
  propertyDepreciation,
  RECOVERY_CLASS_IDS,
  type RecoveryClassId,
  refundNotAppliedFlag,
  scheduleEWorksheet,
  withMidQuarterFlags,
} from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** $1,000,000.00: large enough that cent rounding never shows in a 3-decimal percentage. */
const BASIS = 100_000_000;
const percent = (cents: number) => (cents / BASIS) * 100;
const within = (actual: number, expected: number, tolerance: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);

// Table A-1, half-year convention.
const A1_5_YEAR = [20, 32, 19.2, 11.52, 11.52, 5.76];
const A1_15_YEAR = [5, 9.5, 8.55, 7.7, 6.93, 6.23, 5.9, 5.9, 5.91, 5.9, 5.91, 5.9, 5.91, 5.9, 5.91, 2.95];

/**
 * The mid-month tables of IRS Publication 946, Appendix A, by month placed in service (January first), as published:
 * Table A-6 (residential rental property, 27.5 years) and Table A-7a (nonresidential real property, 39 years), in
 * percent of the basis to 3 decimals.
 */
const A6 = {
  first: [3.485, 3.182, 2.879, 2.576, 2.273, 1.97, 1.667, 1.364, 1.061, 0.758, 0.455, 0.152],
  /** Year 28: the last year for January-June; a full year (3.636) for July-December. */
  year28: [1.97, 2.273, 2.576, 2.879, 3.182, 3.485, 3.636, 3.636, 3.636, 3.636, 3.636, 3.636],
  /** Year 29: the last year for July-December (none for January-June). */
  year29: [null, null, null, null, null, null, 0.152, 0.455, 0.758, 1.061, 1.364, 1.667],
};
const A7A = {
  first: [2.461, 2.247, 2.033, 1.819, 1.605, 1.391, 1.177, 0.963, 0.749, 0.535, 0.321, 0.107],
  /** Years 2-39, every month. */
  full: 2.564,
  /** Year 40, the last year. */
  year40: [0.107, 0.321, 0.535, 0.749, 0.963, 1.177, 1.391, 1.605, 1.819, 2.033, 2.247, 2.461],
};

/** $100,000.00: a table percentage of it is a whole number of cents, and 0.001% is $1.00. */
const TABLE_BASIS = 10_000_000;
/** A year's amount in percent of TABLE_BASIS, to the 3 decimals the tables print. */
const tablePercent = (cents: number) => ((cents / TABLE_BASIS) * 100).toFixed(3);
const monthOf = (month: number) => `2020-${String(month).padStart(2, '0')}`;

describe('depreciation: Pub 946 Table A-6, 27.5-year residential rental property, mid-month', () => {
  for (let month = 1; month <= 12; month++) {
    it(`placed in service in month ${month}: the first year, the middle years and the last years`, () => {
      const years = depreciationYears(TABLE_BASIS, 'residential27_5', monthOf(month));
      const at = (n: number) => years[n - 1]!.amount;
      expect(years.map((y) => y.year)).toEqual(Array.from({ length: years.length }, (_, i) => 2020 + i));
      expect(years).toHaveLength(month <= 6 ? 28 : 29);
      expect(tablePercent(at(1))).toBe(A6.first[month - 1]!.toFixed(3));
      // Years 2-9 are 3.636 in the table; from year 10 it alternates 3.636 and 3.637 (1/27.5 = 3.63636...) to close
      // the total, so each of those years is one or the other.
      for (let n = 2; n <= 9; n++) expect(tablePercent(at(n)), `year ${n}`).toBe('3.636');
      for (let n = 10; n <= 27; n++) expect(['3.636', '3.637'], `year ${n}`).toContain(tablePercent(at(n)));
      expect(tablePercent(at(28))).toBe(A6.year28[month - 1]!.toFixed(3));
      const year29 = A6.year29[month - 1];
      if (year29 !== null) expect(tablePercent(at(29))).toBe(year29!.toFixed(3));
      expect(years.reduce((sum, y) => sum + y.amount, 0)).toBe(TABLE_BASIS);
    });
  }

  it('is basis x half months / 660, each year to the cent (the first year of January: 23 of 660)', () => {
    const years = depreciationYears(TABLE_BASIS, 'residential27_5', '2020-01');
    expect(years[0]!.amount).toBe(Math.round((TABLE_BASIS * 23) / 660)); // $3,484.85
    expect(years[1]!.amount).toBe(Math.round((TABLE_BASIS * 24) / 660)); // $3,636.36
  });
});

describe('depreciation: Pub 946 Table A-7a, 39-year nonresidential real property, mid-month', () => {
  for (let month = 1; month <= 12; month++) {
    it(`placed in service in month ${month}: ${A7A.first[month - 1]}% first, 2.564% years 2-39, ${A7A.year40[month - 1]}% year 40`, () => {
      const years = depreciationYears(TABLE_BASIS, 'nonresidential39', monthOf(month));
      expect(years.map((y) => y.year)).toEqual(Array.from({ length: 40 }, (_, i) => 2020 + i));
      const at = (n: number) => years[n - 1]!.amount;
      expect(tablePercent(at(1))).toBe(A7A.first[month - 1]!.toFixed(3));
      for (let n = 2; n <= 39; n++) expect(tablePercent(at(n)), `year ${n}`).toBe(A7A.full.toFixed(3));
      expect(tablePercent(at(40))).toBe(A7A.year40[month - 1]!.toFixed(3));
      // Every year is the table's percentage of $100,000 to the cent, not only to the table's 3 decimals.
      const cents = (percent: number) => Math.round((percent * TABLE_BASIS) / 100);
      expect(years.map((y) => y.amount)).toEqual([
        cents(A7A.first[month - 1]!),
        ...Array.from({ length: 38 }, () => cents(A7A.full)),
        cents(A7A.year40[month - 1]!),
      ]);
      expect(years.reduce((sum, y) => sum + y.amount, 0)).toBe(TABLE_BASIS);
    });
  }

  it("the table's first year is 0.107% per half month (a month rounded to 0.214%), not 11.5/468 = 2.457%", () => {
    const [first] = depreciationYears(TABLE_BASIS, 'nonresidential39', '2020-01');
    expect(first!.amount).toBe(246_100); // $2,461.00
    expect(Math.round((TABLE_BASIS * 23) / 936)).toBe(245_726); // what the rule without the table would give
  });

  it('hand-worked: a $515,800.00 building from January (301 Main Street in the demo)', () => {
    const years = depreciationYears(51_580_000, 'nonresidential39', '2020-01');
    // 2.461% = 12,693.838 -> 12,693.84; 2.564% = 13,225.112 -> 13,225.11; year 40 takes the rest.
    expect(years.slice(0, 3).map((y) => y.amount)).toEqual([1_269_384, 1_322_511, 1_322_511]);
    expect(years.at(-1)).toEqual({ year: 2059, amount: 51_580_000 - 1_269_384 - 38 * 1_322_511 });
    expect(years.at(-1)!.amount).toBe(55_198); // 0.107% is 551.906: the rest also holds the other years' rounding
  });
});

describe('depreciation: half-year declining balance (Pub 946 Table A-1)', () => {
  it('5-year 200% DB: 20, 32, 19.2, 11.52, 11.52, 5.76', () => {
    const years = depreciationYears(BASIS, 'fiveYear', '2021-11');
    expect(years.map((y) => y.year)).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    expect(years.map((y) => percent(y.amount))).toEqual(A1_5_YEAR);
  });

  it('15-year 150% DB switching to straight line', () => {
    const years = depreciationYears(BASIS, 'fifteenYear', '2021-02');
    expect(years).toHaveLength(16);
    // The table rounds to 2 decimals (5.905 shows as 5.90 or 5.91 in turn): half a unit plus float noise.
    years.forEach((y, i) => {
      within(percent(y.amount), A1_15_YEAR[i]!, 0.0051 + 1e-9);
    });
    expect(years.reduce((sum, y) => sum + y.amount, 0)).toBe(BASIS);
  });
});

describe('depreciation: rounding', () => {
  const classes: RecoveryClassId[] = [...RECOVERY_CLASS_IDS];
  /** Any asset placed in service in 2024: its basis (cents), class and month (YYYY-MM). */
  const asset = fc.record({
    basis: fc.integer({ min: 1, max: 100_000_000_000 }),
    classId: fc.constantFrom(...classes),
    placed: fc.integer({ min: 1, max: 12 }).map((month) => `2024-${String(month).padStart(2, '0')}`),
  });
  it('integer cents every year, never negative, adding up to the basis exactly', () => {
    fc.assert(
      fc.property(asset, ({ basis, classId, placed }) => {
        const years = depreciationYears(basis, classId, placed);
        for (const y of years) {
          expect(Number.isInteger(y.amount)).toBe(true);
          expect(y.amount).toBeGreaterThanOrEqual(0);
        }
        expect(years.reduce((sum, y) => sum + y.amount, 0)).toBe(basis);
      }),
    );
  });

  it('the years up to a tax year are the whole schedule cut there', () => {
    fc.assert(
      fc.property(asset, fc.integer({ min: 2020, max: 2060 }), ({ basis, classId, placed }, through) => {
        const whole = depreciationYears(basis, classId, placed);
        expect(depreciationYears(basis, classId, placed, through)).toEqual(whole.filter((y) => y.year <= through));
      }),
    );
  });

  it('a basis of 0 has no years', () => {
    expect(depreciationYears(0, 'fiveYear', '2024-01')).toEqual([]);
  });

  it('this year, accumulated and remaining', () => {
    const years = depreciationYears(100_000, 'fiveYear', '2024-05');
    expect(depreciationInYear(100_000, years, 2023)).toEqual({ thisYear: 0, accumulated: 0, remaining: 100_000 });
    expect(depreciationInYear(100_000, years, 2025)).toEqual({
      thisYear: 32_000,
      accumulated: 52_000,
      remaining: 48_000,
    });
    expect(depreciationInYear(100_000, years, 2040)).toEqual({ thisYear: 0, accumulated: 100_000, remaining: 0 });
  });
});

const maple: DepreciableProperty = {
  propertyType: 'MULTI_FAMILY',
  acquisitionDate: '2019-06-14',
  acquisitionPrice: 41_500_000,
  closingCosts: 1_120_000,
  initialRepairs: 1_850_000,
  otherInitialCosts: 240_000,
  landValue: 8_300_000,
};

describe('depreciation: a property', () => {
  it('building basis = price + closing + repairs + other - land', () => {
    expect(buildingBasis(maple)).toEqual({ basis: 36_410_000, flag: null });
    expect(buildingBasis({ ...maple, closingCosts: null, initialRepairs: null, otherInitialCosts: null })).toEqual({
      basis: 33_200_000,
      flag: null,
    });
  });

  it('flags what it cannot compute', () => {
    expect(buildingBasis({ ...maple, landValue: null }).flag).toBe(DEPRECIATION_FLAGS.noLandValue);
    expect(buildingBasis({ ...maple, acquisitionDate: null }).flag).toBe(DEPRECIATION_FLAGS.noAcquisitionDate);
    expect(buildingBasis({ ...maple, acquisitionPrice: null }).flag).toBe(DEPRECIATION_FLAGS.noAcquisitionPrice);
    expect(buildingBasis({ ...maple, landValue: 90_000_000 }).flag).toBe(DEPRECIATION_FLAGS.landOverCost);
    expect(buildingBasis({ ...maple, propertyType: 'LAND' }).flag).toBe(DEPRECIATION_FLAGS.land);
  });

  it('a property needs a land value when it has a price and none (LAND has no building)', () => {
    expect(needsLandValue(maple)).toBe(false);
    expect(needsLandValue({ ...maple, landValue: null })).toBe(true);
    expect(needsLandValue({ ...maple, landValue: 0 })).toBe(false);
    expect(needsLandValue({ ...maple, landValue: null, propertyType: 'COMMERCIAL' })).toBe(true);
    expect(needsLandValue({ ...maple, landValue: null, acquisitionPrice: null })).toBe(false);
    expect(needsLandValue({ ...maple, landValue: null, propertyType: 'LAND' })).toBe(false);
  });

  it('the "Needs attention" text: one property by its street, several by their number', () => {
    expect(noLandValueText(['220 Birch Lane, Peoria, IL 61602'])).toBe(
      '220 Birch Lane has no land value: its building cannot be depreciated. Add the land value.',
    );
    expect(noLandValueText(['1 A Street', '2 B Street'])).toBe(
      '2 properties have no land value: their buildings cannot be depreciated. Add the land values.',
    );
  });

  it('COMMERCIAL: the building and its improvements over 39 years (Table A-7a), the rest by their class', () => {
    const main: DepreciableProperty = {
      propertyType: 'COMMERCIAL',
      acquisitionDate: '2020-01-27',
      acquisitionPrice: 61_000_000,
      closingCosts: 1_830_000,
      initialRepairs: null,
      otherInitialCosts: 950_000,
      landValue: 12_200_000,
    };
    expect(buildingBasis(main)).toEqual({ basis: 51_580_000, flag: null });
    const result = propertyDepreciation(
      main,
      [
        { month: '2024-03', category: 'hvac_plumbing_electrical', spent: 4_000_000 },
        { month: '2024-06', category: 'appliances', spent: 200_000 },
      ],
      2024,
    );
    const byAsset = Object.fromEntries(result.assets.map((a) => [a.asset, a]));
    // 2020: 2.461% of 515,800 = 12,693.84; 2021-2024: 2.564% = 13,225.11 each.
    expect(byAsset.building).toMatchObject({
      classId: 'nonresidential39',
      classLabel: '39-year nonresidential real property, straight line, mid-month',
      placedInService: '2020-01',
      basis: 51_580_000,
      thisYear: 1_322_511,
      accumulated: 1_269_384 + 4 * 1_322_511,
      flag: null,
    });
    // March: 19 half months x 0.107% = 2.033% of 40,000 = 813.20.
    expect(byAsset.hvac_plumbing_electrical).toMatchObject({
      classId: 'nonresidential39',
      thisYear: 81_320,
      flag: null,
    });
    expect(byAsset.appliances).toMatchObject({ classId: 'fiveYear', thisYear: 40_000 });
    expect(result.total).toBe(1_322_511 + 81_320 + 40_000);
    expect(result.flags).toEqual([]);
  });

  it('COMMERCIAL without a land value: the building is flagged with the reason, never a silent 0', () => {
    const result = propertyDepreciation(
      { ...maple, propertyType: 'COMMERCIAL', landValue: null },
      [{ month: '2022-05', category: 'roof_replacement', spent: 1_000_000 }],
      2022,
    );
    expect(result.assets[0]).toMatchObject({ asset: 'building', basis: null, flag: DEPRECIATION_FLAGS.noLandValue });
    // May: 15 half months x 0.107% = 1.605% of 10,000.
    expect(result.assets[1]).toMatchObject({ classId: 'nonresidential39', thisYear: 16_050 });
    expect(result.flags).toEqual([DEPRECIATION_FLAGS.noLandValue]);
  });

  it('LAND: no building; spending on it that would improve a building is left to the preparer', () => {
    const result = propertyDepreciation(
      { ...maple, propertyType: 'LAND' },
      [
        { month: '2022-05', category: 'renovations', spent: 1_000_000 },
        { month: '2022-05', category: 'fencing_landscaping', spent: 100_000 },
      ],
      2022,
    );
    expect(result.assets.map((a) => [a.asset, a.classId, a.thisYear, a.flag])).toEqual([
      ['fencing_landscaping', 'fifteenYear', 5_000, null],
      ['renovations', null, 0, DEPRECIATION_FLAGS.landImprovement],
    ]);
  });

  it('hand-worked: the building and capital spending by class in 2020', () => {
    const result = propertyDepreciation(
      maple,
      [
        { month: '2020-03', category: 'appliances', spent: 120_000 },
        { month: '2020-07', category: 'fencing_landscaping', spent: 400_000 },
        { month: '2020-10', category: 'roof_replacement', spent: 1_320_000 },
        { month: '2020-05', category: 'security_systems', spent: 90_000 },
        { month: '2021-01', category: 'furniture', spent: 50_000 },
      ],
      2020,
    );
    const byAsset = Object.fromEntries(result.assets.map((a) => [a.asset, a]));
    // 2019: 6.5 of 330 months = 717,166.67 -> 717,167; 2020: 36,410,000 / 27.5 = 1,324,000.
    expect(byAsset.building!).toMatchObject({ basis: 36_410_000, thisYear: 1_324_000, accumulated: 2_041_167 });
    expect(byAsset.building!.remaining).toBe(36_410_000 - 2_041_167);
    expect(byAsset.appliances).toMatchObject({ thisYear: 24_000, accumulated: 24_000, remaining: 96_000 });
    expect(byAsset.fencing_landscaping).toMatchObject({ thisYear: 20_000, placedInService: '2020-07' });
    // October: 2.5 of 330 months of 1,320,000 = 10,000.
    expect(byAsset.roof_replacement).toMatchObject({ thisYear: 10_000, classId: 'residential27_5' });
    expect(byAsset.security_systems).toMatchObject({
      thisYear: 0,
      remaining: null,
      flag: DEPRECIATION_FLAGS.security_systems,
    });
    expect(byAsset.furniture).toBeUndefined(); // placed in service after the year
    expect(result.total).toBe(1_324_000 + 24_000 + 20_000 + 10_000);
    expect(result.flags).toEqual([DEPRECIATION_FLAGS.security_systems]);
  });

  it('without a land value the building is flagged and capital spending still counts', () => {
    const result = propertyDepreciation(
      { ...maple, landValue: null },
      [{ month: '2022-01', category: 'furniture', spent: 10_000 }],
      2022,
    );
    expect(result.total).toBe(2_000);
    expect(result.flags).toEqual([DEPRECIATION_FLAGS.noLandValue]);
    expect(result.assets[0]).toMatchObject({ asset: 'building', basis: null, flag: DEPRECIATION_FLAGS.noLandValue });
  });
});

describe('depreciation: the mid-quarter test (Pub 946, chapter 4)', () => {
  const assets = (spends: { month: string; category: string; spent: number }[], property = maple) =>
    propertyDepreciation(property, spends, 2026).assets;

  it('holds when more than 40% of a year’s property other than buildings came in its last quarter', () => {
    // The only appliance of 2025, bought in December: all of that year's basis in the last quarter.
    expect(midQuarterYears(assets([{ month: '2025-12', category: 'appliances', spent: 500_000 }]))).toEqual(
      new Set([2025]),
    );
    // Exactly 40% is not more than 40%; a cent more is.
    const fortyPercent = [
      { month: '2024-03', category: 'furniture', spent: 300_000 },
      { month: '2024-11', category: 'fencing_landscaping', spent: 200_000 },
    ];
    expect(midQuarterYears(assets(fortyPercent))).toEqual(new Set());
    expect(midQuarterYears(assets([...fortyPercent, { month: '2024-10', category: 'appliances', spent: 1 }]))).toEqual(
      new Set([2024]),
    );
    // Buildings and their improvements (27.5 years) are not counted, whenever they came.
    expect(
      midQuarterYears(
        assets([
          { month: '2023-12', category: 'roof_replacement', spent: 9_000_000 },
          { month: '2023-02', category: 'appliances', spent: 100_000 },
        ]),
      ),
    ).toEqual(new Set());
  });

  it("counts every property's assets together and flags each asset of such a year, and the property", () => {
    const spring = assets([{ month: '2025-05', category: 'appliances', spent: 100_000 }]);
    const winter = assets([{ month: '2025-12', category: 'furniture', spent: 100_000 }]);
    // Alone, spring's property passes the test; together, half of 2025's basis came in December.
    expect(midQuarterYears(spring)).toEqual(new Set());
    const years = midQuarterYears([...spring, ...winter]);
    expect(years).toEqual(new Set([2025]));
    const result = withMidQuarterFlags(
      propertyDepreciation(maple, [{ month: '2025-05', category: 'appliances', spent: 100_000 }], 2026),
      years,
    );
    const appliance = result.assets.find((a) => a.asset === 'appliances')!;
    expect(appliance.flag).toBe(midQuarterFlag(2025));
    expect(result.assets.find((a) => a.asset === 'building')!.flag).toBeNull();
    expect(result.flags).toContain(midQuarterFlag(2025));
    // The amounts stay the half-year convention's: the flag says the preparer recomputes them.
    expect(appliance.thisYear).toBe(
      propertyDepreciation(maple, [{ month: '2025-05', category: 'appliances', spent: 100_000 }], 2026).assets.find(
        (a) => a.asset === 'appliances',
      )!.thisYear,
    );
  });
});

describe('depreciation on Schedule E line 18', () => {
  const nets = new Map([
    ['rental_income', 1_000_000],
    ['repairs', -50_000],
  ]);
  const line = (sheet: ReturnType<typeof scheduleEWorksheet>, n: string) => sheet.lines.find((l) => l.line === n);

  it('takes the amount, counts it in the expenses, and has no flag when nothing is missing', () => {
    const sheet = scheduleEWorksheet(nets, { amount: 132_400, flags: [] });
    expect(line(sheet, '18')).toEqual({
      line: '18',
      label: 'Depreciation expense or depletion',
      amount: 132_400,
      items: [],
    });
    expect(line(sheet, '20')?.amount).toBe(50_000 + 132_400);
    expect(line(sheet, '21')?.amount).toBe(1_000_000 - 50_000 - 132_400);
  });

  it('carries the flags when the basis is unknown', () => {
    const sheet = scheduleEWorksheet(nets, { amount: 0, flags: [DEPRECIATION_FLAGS.noLandValue] });
    expect(line(sheet, '18')).toMatchObject({ amount: 0, flag: DEPRECIATION_FLAGS.noLandValue });
  });
});

describe('depreciation: refunds lower the basis (Pub 551), later ones prospectively (Pub 946)', () => {
  const sum = (years: { amount: number }[]) => years.reduce((n, y) => n + y.amount, 0);

  it('a refund in the first year: the tables apply to the lowered basis', () => {
    for (const classId of RECOVERY_CLASS_IDS) {
      expect(
        depreciationYears(1_000_000, classId, '2024-03', Number.POSITIVE_INFINITY, [{ year: 2024, amount: 150_000 }]),
      ).toEqual(depreciationYears(850_000, classId, '2024-03'));
    }
  });

  it('hand-worked, 5-year: $10,000 in 2023, $1,500 back in 2024', () => {
    const years = depreciationYears(1_000_000, 'fiveYear', '2023-06', Number.POSITIVE_INFINITY, [
      { year: 2024, amount: 150_000 },
    ]);
    // 2023 stands (20% of 10,000); from 2024: 40% of what is left (8,000 - 1,500 = 6,500), switching to straight
    // line over the 1.5 years left in 2027.
    expect(years.map((y) => y.amount)).toEqual([200_000, 260_000, 156_000, 93_600, 93_600, 46_800]);
    expect(sum(years)).toBe(850_000);
  });

  it('hand-worked, 27.5-year: $10,000 in March 2024, $1,500 back in 2025', () => {
    const years = depreciationYears(1_000_000, 'residential27_5', '2024-03', Number.POSITIVE_INFINITY, [
      { year: 2025, amount: 150_000 },
    ]);
    // 2024: 19 of 660 half months of 10,000; 2025: (8,500 - 287.88) x 24 of the 641 half months left.
    expect(years.slice(0, 3).map((y) => y.amount)).toEqual([28_788, 30_747, 30_747]);
    expect(years.at(-1)?.year).toBe(2051);
    expect(sum(years)).toBe(850_000);
  });

  const classes: RecoveryClassId[] = [...RECOVERY_CLASS_IDS];
  /** An asset placed in service in 2024 with up to three later refunds, each a share of what is left at its year. */
  const refunded = fc
    .record({
      basis: fc.integer({ min: 1, max: 10_000_000_000 }),
      classId: fc.constantFrom(...classes),
      placed: fc.integer({ min: 1, max: 12 }).map((month) => `2024-${String(month).padStart(2, '0')}`),
      refunds: fc.array(
        fc.record({ after: fc.integer({ min: 0, max: 30 }), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
        {
          maxLength: 3,
        },
      ),
    })
    .map(({ basis, classId, placed, refunds }) => {
      const decreases: { year: number; amount: number }[] = [];
      for (const { after, share } of [...refunds].sort((a, b) => a.after - b.after)) {
        const year = 2024 + after;
        const before = sum(depreciationYears(basis, classId, placed, year - 1, decreases));
        const taken = decreases.reduce((n, d) => n + d.amount, 0);
        decreases.push({ year, amount: Math.floor(share * (basis - taken - (after === 0 ? 0 : before))) });
      }
      return { basis, classId, placed, decreases };
    });

  it('integer cents, never negative, adding up to the basis less the refunds; the years before a refund stand', () => {
    fc.assert(
      fc.property(refunded, ({ basis, classId, placed, decreases }) => {
        const years = depreciationYears(basis, classId, placed, Number.POSITIVE_INFINITY, decreases);
        for (const y of years) {
          expect(Number.isInteger(y.amount)).toBe(true);
          expect(y.amount).toBeGreaterThanOrEqual(0);
        }
        expect(sum(years)).toBe(basis - decreases.reduce((n, d) => n + d.amount, 0));
        const later = decreases.filter((d) => d.year > 2024);
        if (later.length > 0) {
          const first = Math.min(...later.map((d) => d.year));
          const before = depreciationYears(
            basis,
            classId,
            placed,
            first - 1,
            decreases.filter((d) => d.year === 2024),
          );
          expect(years.filter((y) => y.year < first)).toEqual(before);
        }
        for (const through of [2024, 2026, 2030, 2045]) {
          expect(depreciationYears(basis, classId, placed, through, decreases)).toEqual(
            years.filter((y) => y.year <= through),
          );
        }
      }),
    );
  });

  const single: DepreciableProperty = { ...maple, propertyType: 'SINGLE_FAMILY' };
  const capexOf = (result: ReturnType<typeof propertyDepreciation>) =>
    result.assets.filter((a) => a.asset !== 'building');

  it('money back lowers the latest asset of its category before it, then the ones before that', () => {
    const result = propertyDepreciation(
      single,
      [
        { month: '2024-02', category: 'appliances', spent: 100_000 },
        { month: '2024-05', category: 'appliances', spent: 30_000 },
        { month: '2024-05', category: 'furniture', spent: 40_000 },
        { month: '2024-08', category: 'appliances', spent: -50_000 }, // 30,000 off May's, 20,000 off February's
        { month: '2024-09', category: 'furniture', spent: -10_000 },
      ],
      2024,
    );
    expect(capexOf(result).map((a) => [a.asset, a.placedInService, a.basis, a.thisYear])).toEqual([
      ['appliances', '2024-02', 80_000, 16_000],
      ['appliances', '2024-05', 0, 0],
      ['furniture', '2024-05', 30_000, 6_000],
    ]);
    expect(result.capital).toEqual({ spending: 110_000, basis: 110_000, refundsNotApplied: 0 });
    expect(result.flags).toEqual([]);
  });

  it('a refund in a later year is flagged for the preparer and cannot take back what was depreciated', () => {
    const capex = [
      { month: '2023-01', category: 'appliances', spent: 100_000 },
      { month: '2025-03', category: 'appliances', spent: -70_000 }, // 48,000 was left after 2023 and 2024
    ];
    const result = propertyDepreciation(single, capex, 2025);
    const flag = laterRefundFlag(48_000, [2025]);
    expect(capexOf(result)).toEqual([
      expect.objectContaining({ basis: 52_000, thisYear: 0, accumulated: 52_000, remaining: 0, flag }),
      expect.objectContaining({
        label: 'Appliances: refund not applied',
        placedInService: null,
        basis: null,
        remaining: null,
        flag: refundNotAppliedFlag(22_000, 'Appliances', ['2025-03']),
      }),
    ]);
    expect(result.capital).toEqual({ spending: 30_000, basis: 52_000, refundsNotApplied: 22_000 });
    expect(result.flags).toEqual([flag, refundNotAppliedFlag(22_000, 'Appliances', ['2025-03'])]);
    // The year before the refund is as it was.
    expect(capexOf(propertyDepreciation(single, capex, 2024))).toEqual([
      expect.objectContaining({ basis: 100_000, thisYear: 32_000, accumulated: 52_000, flag: null }),
    ]);
  });

  it('money back with nothing spent before it lowers no basis and says so', () => {
    const result = propertyDepreciation(
      single,
      [
        { month: '2024-02', category: 'roof_replacement', spent: -5_000 },
        { month: '2024-04', category: 'roof_replacement', spent: 100_000 },
      ],
      2024,
    );
    expect(capexOf(result).map((a) => [a.label, a.basis])).toEqual([
      ['Roof replacement', 100_000],
      ['Roof replacement: refund not applied', null],
    ]);
    expect(result.capital).toEqual({ spending: 95_000, basis: 100_000, refundsNotApplied: 5_000 });
  });

  const CATEGORIES = ['appliances', 'roof_replacement', 'fencing_landscaping', 'security_systems'];
  const spends = (years: number[]) =>
    fc.array(
      fc.record({
        month: fc
          .tuple(fc.constantFrom(...years), fc.integer({ min: 1, max: 12 }))
          .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`),
        category: fc.constantFrom(...CATEGORIES),
        spent: fc.integer({ min: -500_000, max: 1_000_000 }).filter((n) => n !== 0),
      }),
      { maxLength: 12 },
    );
  /** Refunds no basis could take if nothing were depreciated: per category, a running balance kept at 0 or above. */
  const overdrawn = (capex: { month: string; category: string; spent: number }[], year: number) => {
    const byMonth = new Map<string, number>();
    for (const s of capex) {
      if (Number(s.month.slice(0, 4)) > year) continue;
      byMonth.set(`${s.month}|${s.category}`, (byMonth.get(`${s.month}|${s.category}`) ?? 0) + s.spent);
    }
    const balance = new Map<string, number>();
    let over = 0;
    for (const [key, spent] of [...byMonth].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const category = key.split('|')[1]!;
      const next = (balance.get(category) ?? 0) + spent;
      if (next < 0) over -= next;
      balance.set(category, Math.max(0, next));
    }
    return over;
  };
  const checkReconciliation = (result: ReturnType<typeof propertyDepreciation>, spending: number) => {
    const assets = capexOf(result);
    expect(result.capital.spending).toBe(spending);
    expect(result.capital.basis).toBe(assets.reduce((n, a) => n + (a.basis ?? 0), 0));
    expect(result.capital.basis).toBe(result.capital.spending + result.capital.refundsNotApplied);
    for (const a of assets) {
      if (a.basis !== null) expect(a.basis).toBeGreaterThanOrEqual(0);
      if (a.remaining !== null) expect(a.remaining).toBeGreaterThanOrEqual(0);
      if (a.basis !== null) expect(a.accumulated).toBeLessThanOrEqual(a.basis);
    }
  };

  it('bases = net capital spending + refunds not applied, never negative; within one year exactly the overdrawn part', () => {
    fc.assert(
      fc.property(spends([2024]), (capex) => {
        const result = propertyDepreciation(single, capex, 2024);
        // Merged per month and category, as the capital ledger stores it.
        checkReconciliation(
          result,
          capex.reduce((n, s) => n + s.spent, 0),
        );
        expect(result.capital.refundsNotApplied).toBe(overdrawn(capex, 2024));
      }),
    );
  });

  it('over years: the same reconciliation, each asset depreciates exactly its basis over its life', () => {
    fc.assert(
      fc.property(spends([2022, 2023, 2024, 2025]), fc.integer({ min: 2022, max: 2025 }), (capex, year) => {
        const merged = new Map<string, { month: string; category: string; spent: number }>();
        for (const s of capex) {
          const key = `${s.month}|${s.category}`;
          const m = merged.get(key) ?? { month: s.month, category: s.category, spent: 0 };
          m.spent += s.spent;
          merged.set(key, m);
        }
        const ledger = [...merged.values()];
        const upTo = ledger.filter((s) => Number(s.month.slice(0, 4)) <= year);
        const result = propertyDepreciation(single, ledger, year);
        checkReconciliation(
          result,
          upTo.reduce((n, s) => n + s.spent, 0),
        );
        // Depreciation already taken can hold a refund off a basis, never the other way round.
        expect(result.capital.refundsNotApplied).toBeGreaterThanOrEqual(overdrawn(ledger, year));
        // Later years never change this one; over its whole life each asset depreciates exactly its basis.
        expect(propertyDepreciation(single, upTo, year)).toEqual(result);
        const life = capexOf(propertyDepreciation(single, upTo, 2100));
        for (const a of life) if (a.classId !== null) expect(a.accumulated).toBe(a.basis);
      }),
    );
  });
});
