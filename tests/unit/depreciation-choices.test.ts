import {
  type AssetChoice,
  BONUS_NOTES,
  bonusRate,
  type DepreciableProperty,
  NO_CHOICE,
  parseAssetKey,
  propertyDepreciation,
} from '@rent/shared';
import { describe, expect, it } from 'vitest';

/** A residential rental bought January 2015: basis $275,000 (27.5 years, so a full year is exactly $10,000). */
const HOUSE: DepreciableProperty = {
  propertyType: 'SINGLE_FAMILY',
  acquisitionDate: '2015-01-10',
  acquisitionPrice: 32_500_000,
  closingCosts: null,
  initialRepairs: null,
  otherInitialCosts: null,
  landValue: 5_000_000,
};
const COMMERCIAL: DepreciableProperty = { ...HOUSE, propertyType: 'COMMERCIAL' };

const choices = (entries: Record<string, Partial<AssetChoice>>) =>
  new Map(Object.entries(entries).map(([key, c]) => [key, { ...NO_CHOICE, ...c }]));
const asset = (result: ReturnType<typeof propertyDepreciation>, key: string) => {
  const found = result.assets.find((a) => a.key === key);
  if (!found) throw new Error(`no asset ${key}`);
  return found;
};

describe('bonus depreciation: the rate by the month acquired and placed in service', () => {
  it('follows the 2017 law to January 2025 and the 2025 law after January 19, 2025', () => {
    expect(bonusRate('2018-01')).toEqual({ percent: 100, note: null });
    expect(bonusRate('2022-12')).toEqual({ percent: 100, note: null });
    expect(bonusRate('2023-01')).toEqual({ percent: 80, note: null });
    expect(bonusRate('2024-12')).toEqual({ percent: 60, note: null });
    expect(bonusRate('2025-01')).toEqual({ percent: 40, note: BONUS_NOTES.january2025 });
    expect(bonusRate('2025-02')).toEqual({ percent: 100, note: null });
    expect(bonusRate('2026-06')).toEqual({ percent: 100, note: null });
    expect(bonusRate('2031-03')).toEqual({ percent: 100, note: null });
    expect(bonusRate('2017-11')).toEqual({ percent: 0, note: BONUS_NOTES.before2018 });
  });

  it('names assets by category and month; anything else is not an asset', () => {
    expect(parseAssetKey('building')).toEqual({ category: 'building', month: null });
    expect(parseAssetKey('appliances@2024-05')).toEqual({ category: 'appliances', month: '2024-05' });
    expect(parseAssetKey('appliances@2024-13')).toBeNull();
    expect(parseAssetKey('groceries@2024-05')).toBeNull();
  });
});

describe('bonus depreciation in the schedule', () => {
  const capex = [
    { month: '2024-05', category: 'appliances', spent: 1_000_000 },
    { month: '2023-08', category: 'fencing_landscaping', spent: 2_000_000 },
    { month: '2025-03', category: 'furniture', spent: 300_000 },
    { month: '2024-05', category: 'roof_replacement', spent: 1_320_000 },
  ];

  it('is off unless chosen: the tables alone, each eligible asset showing its rate', () => {
    const result = propertyDepreciation(HOUSE, capex, 2024);
    // $10,000 appliances, Table A-1 year 1: 20%.
    expect(asset(result, 'appliances@2024-05')).toMatchObject({
      thisYear: 200_000,
      bonus: { percent: 60, amount: 0, taken: false },
    });
    expect(asset(result, 'roof_replacement@2024-05').bonus).toBeNull();
    expect(asset(result, 'building').bonus).toBeNull();
  });

  it('takes the rate of the basis in the first year and the table on the rest (hand-worked)', () => {
    const chosen = choices({
      'appliances@2024-05': { bonus: true },
      'fencing_landscaping@2023-08': { bonus: true },
      'furniture@2025-03': { bonus: true },
      // A roof is part of the building (27.5 years): a choice for it changes nothing.
      'roof_replacement@2024-05': { bonus: true },
    });
    const y2023 = propertyDepreciation(HOUSE, capex, 2023, chosen);
    // $20,000 fencing in 2023 at 80%: $16,000, and 5% of the $4,000 left: $200.
    expect(asset(y2023, 'fencing_landscaping@2023-08')).toMatchObject({
      thisYear: 1_620_000,
      accumulated: 1_620_000,
      remaining: 380_000,
      bonus: { percent: 80, amount: 1_600_000, taken: true },
    });
    const y2024 = propertyDepreciation(HOUSE, capex, 2024, chosen);
    // $10,000 appliances in 2024 at 60%: $6,000, and 20% of the $4,000 left: $800.
    expect(asset(y2024, 'appliances@2024-05')).toMatchObject({ thisYear: 680_000, remaining: 320_000 });
    // Fencing's second year: 9.5% of $4,000.
    expect(asset(y2024, 'fencing_landscaping@2023-08').thisYear).toBe(38_000);
    // The roof: $13,200 from May, 27.5 years: 15 of 660 half months = $300, no bonus.
    expect(asset(y2024, 'roof_replacement@2024-05')).toMatchObject({ thisYear: 30_000, bonus: null });
    const y2025 = propertyDepreciation(HOUSE, capex, 2025, chosen);
    // Appliances year 2: 32% of $4,000. Furniture from March 2025: 100%.
    expect(asset(y2025, 'appliances@2024-05').thisYear).toBe(128_000);
    expect(asset(y2025, 'furniture@2025-03')).toMatchObject({ thisYear: 300_000, remaining: 0 });
    const y2026 = propertyDepreciation(HOUSE, capex, 2026, chosen);
    expect(asset(y2026, 'furniture@2025-03')).toMatchObject({ thisYear: 0, accumulated: 300_000, remaining: 0 });
    // Every year of the appliances adds up to the basis.
    let total = 0;
    for (let year = 2024; year <= 2030; year++) {
      total += asset(propertyDepreciation(HOUSE, capex, year, chosen), 'appliances@2024-05').thisYear;
    }
    expect(total).toBe(1_000_000);
  });

  it('never applies to a building, residential or nonresidential', () => {
    const result = propertyDepreciation(COMMERCIAL, capex, 2024, choices({ building: { bonus: true } }));
    expect(asset(result, 'building')).toMatchObject({ classId: 'nonresidential39', bonus: null });
    expect(asset(result, 'roof_replacement@2024-05')).toMatchObject({ classId: 'nonresidential39', bonus: null });
  });

  it('flags January 2025 (the new law begins inside it) and takes 40%', () => {
    const spend = [{ month: '2025-01', category: 'appliances', spent: 100_000 }];
    const result = propertyDepreciation(HOUSE, spend, 2025, choices({ 'appliances@2025-01': { bonus: true } }));
    // 40% of $1,000 = $400, then 20% of $600 = $120.
    expect(asset(result, 'appliances@2025-01')).toMatchObject({ thisYear: 52_000, flag: BONUS_NOTES.january2025 });
  });
});

describe('depreciation taken before the books, carried in', () => {
  // Table A-6, January: 2015 is 23 of 660 half months ($9,583.33), 2016-2019 $10,000 each.
  const BY_TABLE_2019 = 958_333 + 4 * 1_000_000;

  it('continues the same schedule: the years after keep their amounts, accumulated counts the carry-in', () => {
    const chosen = choices({ building: { priorDepreciation: BY_TABLE_2019, priorThroughYear: 2019 } });
    const result = propertyDepreciation(HOUSE, [], 2020, chosen);
    expect(asset(result, 'building')).toMatchObject({
      thisYear: 1_000_000,
      accumulated: BY_TABLE_2019 + 1_000_000,
      remaining: 27_500_000 - BY_TABLE_2019 - 1_000_000,
      prior: { entered: BY_TABLE_2019, throughYear: 2019, byTable: BY_TABLE_2019 },
      flag: null,
    });
    expect(result.total).toBe(1_000_000);
  });

  it('shows an amount unlike the schedule beside it, flagged, and does not re-base the years after', () => {
    const chosen = choices({ building: { priorDepreciation: 5_000_000, priorThroughYear: 2019 } });
    const result = propertyDepreciation(HOUSE, [], 2021, chosen);
    expect(asset(result, 'building')).toMatchObject({
      thisYear: 1_000_000,
      accumulated: 7_000_000,
      remaining: 20_500_000,
      prior: { entered: 5_000_000, byTable: BY_TABLE_2019 },
    });
    expect(asset(result, 'building').flag).toBe(
      'Depreciation taken through 2019 entered as $50,000.00; the schedule gives $49,583.33 (more by $416.67). ' +
        "The later years keep the schedule's amounts. Tell your preparer.",
    );
  });

  it('in a year the carry-in covers, the row is the schedule and the carry-in is shown', () => {
    const chosen = choices({ building: { priorDepreciation: 5_000_000, priorThroughYear: 2019 } });
    const result = propertyDepreciation(HOUSE, [], 2018, chosen);
    expect(asset(result, 'building')).toMatchObject({
      thisYear: 1_000_000,
      accumulated: 958_333 + 3 * 1_000_000,
      prior: { entered: 5_000_000, byTable: BY_TABLE_2019 },
    });
  });

  it('never takes more than the basis: a carry-in of all of it leaves nothing for later years', () => {
    const spend = [{ month: '2020-01', category: 'appliances', spent: 100_000 }];
    const chosen = choices({ 'appliances@2020-01': { priorDepreciation: 100_000, priorThroughYear: 2020 } });
    const result = propertyDepreciation(HOUSE, spend, 2021, chosen);
    expect(asset(result, 'appliances@2020-01')).toMatchObject({ thisYear: 0, accumulated: 100_000, remaining: 0 });
    // The table gives 20% ($200) for 2020: the difference is flagged.
    expect(asset(result, 'appliances@2020-01').flag).toContain('the schedule gives $200.00 (more by $800.00)');
  });

  it('continues after a bonus taken in the first year', () => {
    const spend = [{ month: '2024-05', category: 'appliances', spent: 1_000_000 }];
    const chosen = choices({
      'appliances@2024-05': { bonus: true, priorDepreciation: 680_000, priorThroughYear: 2024 },
    });
    const result = propertyDepreciation(HOUSE, spend, 2025, chosen);
    expect(asset(result, 'appliances@2024-05')).toMatchObject({
      thisYear: 128_000,
      accumulated: 808_000,
      remaining: 192_000,
      flag: null,
    });
  });
});
