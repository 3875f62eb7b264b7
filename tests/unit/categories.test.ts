import {
  CATEGORY_GROUPS,
  CATEGORY_LABELS,
  CATEGORY_OPTIONS,
  CATEGORY_VALUES,
  categoriesInGroup,
  categoryGroupOf,
  categoryLabel,
  categoryText,
  isCategory,
  isCategoryGroup,
  isTransferCategory,
} from '@rent/shared';
import { describe, expect, it } from 'vitest';

describe('the category taxonomy', () => {
  it('has the four groups with the SPEC subcategories, in order', () => {
    expect(Object.keys(CATEGORY_GROUPS)).toEqual(['income', 'expenses', 'capital_expenditures', 'transfer']);
    expect(CATEGORY_GROUPS.income).toHaveLength(14);
    expect(CATEGORY_GROUPS.expenses).toHaveLength(14);
    expect(CATEGORY_GROUPS.capital_expenditures).toHaveLength(8);
    expect(CATEGORY_GROUPS.transfer).toHaveLength(14);
    expect(CATEGORY_GROUPS.transfer[0]).toBe('account_transfers');
    expect(CATEGORY_GROUPS.income[0]).toBe('rental_income');
    expect(CATEGORY_GROUPS.transfer.at(-1)).toBe('loan_principal');
    expect(CATEGORY_LABELS.loan_principal).toBe('Loan principal');
  });

  it('has no value twice, and only lower-case snake_case values (rollup attribute names rely on it)', () => {
    expect(new Set(CATEGORY_VALUES).size).toBe(CATEGORY_VALUES.length);
    for (const value of CATEGORY_VALUES) expect(value).toMatch(/^[a-z0-9_]+$/);
    expect(CATEGORY_VALUES).not.toContain('uncategorized');
  });

  it('labels every value, with the special words spelled out', () => {
    for (const value of CATEGORY_VALUES) expect(CATEGORY_LABELS[value].length).toBeGreaterThan(2);
    expect(CATEGORY_LABELS.rental_income).toBe('Rental income');
    expect(CATEGORY_LABELS.hvac_plumbing_electrical).toBe('HVAC, plumbing & electrical');
    expect(CATEGORY_LABELS.section_8_rents).toBe('Section 8 rents');
    expect(CATEGORY_LABELS.transfer).toBe('Transfers');
    expect(categoryLabel(null)).toBe('Uncategorized');
    expect(categoryLabel('nonsense')).toBe('Uncategorized');
    // In words where a value is shown as given: a value that is not a category stays itself.
    expect(categoryText('rental_income')).toBe('Rental income');
    expect(categoryText('nonsense')).toBe('nonsense');
    expect(categoryText(null)).toBe('Uncategorized');
    expect(categoryText('')).toBe('Uncategorized');
  });

  it('knows each value’s group, and what a group contains', () => {
    expect(categoryGroupOf('late_fees')).toBe('income');
    expect(categoryGroupOf('roof_replacement')).toBe('capital_expenditures');
    expect(categoryGroupOf('transfer')).toBe('transfer');
    expect(categoryGroupOf(null)).toBeNull();
    expect(categoryGroupOf('groceries')).toBeNull();
    expect(categoriesInGroup('transfer')).toEqual(['transfer', ...CATEGORY_GROUPS.transfer]);
    expect(isCategory('repairs')).toBe(true);
    expect(isCategory('Repairs')).toBe(false);
    expect(isCategory('')).toBe(false);
    expect(isCategoryGroup('income')).toBe(true);
    expect(isCategoryGroup('rental_income')).toBe(false);
    expect(isCategoryGroup('constructor')).toBe(false);
    expect(isCategory('toString')).toBe(false);
  });

  it('counts "transfer" and its subcategories as transfers, nothing else', () => {
    expect(isTransferCategory('transfer')).toBe(true);
    for (const sub of CATEGORY_GROUPS.transfer) expect(isTransferCategory(sub), sub).toBe(true);
    for (const value of CATEGORY_VALUES.filter((v) => categoryGroupOf(v) !== 'transfer')) {
      expect(isTransferCategory(value), value).toBe(false);
    }
    expect(isTransferCategory(null)).toBe(false);
    expect(isTransferCategory(undefined)).toBe(false);
  });

  it('offers grouped picker options covering every subcategory once', () => {
    expect(CATEGORY_OPTIONS.map((g) => g.group)).toEqual(Object.keys(CATEGORY_GROUPS));
    const values = CATEGORY_OPTIONS.flatMap((g) => g.options.map((o) => o.value));
    expect(values).toEqual(Object.values(CATEGORY_GROUPS).flat());
  });
});
