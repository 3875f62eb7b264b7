import {
  buildingBasis,
  DEPRECIATION_FLAGS,
  type DepreciableProperty,
  depreciationInYear,
  depreciationYears,
  propertyDepreciation,
  type RecoveryClassId,
  scheduleEWorksheet,
} from '@rent/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** $1,000,000.00: large enough that cent rounding never shows in a 3-decimal percentage. */
const BASIS = 100_000_000;
const percent = (cents: number) => (cents / BASIS) * 100;
const within = (actual: number, expected: number, tolerance: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);

// IRS Publication 946, Table A-6 (residential rental property, 27.5 years, mid-month convention).
const A6_FIRST_YEAR = [3.485, 3.182, 2.879, 2.576, 2.273, 1.97, 1.667, 1.364, 1.061, 0.758, 0.455, 0.152];
/** The last year: year 28 for January-June, year 29 for July-December. */
const A6_LAST_YEAR = [1.97, 2.273, 2.576, 2.879, 3.182, 3.485, 0.152, 0.455, 0.758, 1.061, 1.364, 1.667];
// Table A-1, half-year convention.
const A1_5_YEAR = [20, 32, 19.2, 11.52, 11.52, 5.76];
const A1_15_YEAR = [5, 9.5, 8.55, 7.7, 6.93, 6.23, 5.9, 5.9, 5.91, 5.9, 5.91, 5.9, 5.91, 5.9, 5.91, 2.95];

describe('depreciation: 27.5-year residential rental, mid-month (Pub 946 Table A-6)', () => {
  for (let month = 1; month <= 12; month++) {
    const placed = `2020-${String(month).padStart(2, '0')}`;
    it(`placed in service in month ${month}: first year, years 2-27 and the last year`, () => {
      const years = depreciationYears(BASIS, 'residential27_5', placed);
      const at = (n: number) => years[n - 1]!;
      expect(at(1).year).toBe(2020);
      expect(percent(at(1).amount).toFixed(3)).toBe(A6_FIRST_YEAR[month - 1]!.toFixed(3));
      // Years 2-9 are 3.636 in the table; from year 10 it alternates 3.636/3.637 to close the total.
      for (let n = 2; n <= 9; n++) expect(percent(at(n).amount).toFixed(3)).toBe('3.636');
      for (let n = 10; n <= 27; n++) within(percent(at(n).amount), 3.636, 0.0011);
      expect(years).toHaveLength(month <= 6 ? 28 : 29);
      expect(percent(at(years.length).amount).toFixed(3)).toBe(A6_LAST_YEAR[month - 1]!.toFixed(3));
      expect(years.reduce((sum, y) => sum + y.amount, 0)).toBe(BASIS);
    });
  }
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
  const classes: RecoveryClassId[] = ['residential27_5', 'fiveYear', 'fifteenYear'];
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
    expect(buildingBasis({ ...maple, propertyType: 'COMMERCIAL' }).flag).toBe(DEPRECIATION_FLAGS.commercial);
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
