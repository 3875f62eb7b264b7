/**
 * The category taxonomy (docs/product.md "Categories"): four groups, each with its subcategories. A transaction's
 * category is one of these values (normally a subcategory; a group value such as "transfer" is accepted too,
 * because bank data and the transfer rule both name groups) or null (uncategorized).
 */
export const CATEGORY_GROUPS = {
  income: [
    'rental_income',
    'section_8_rents',
    'short_term_rents',
    'application_fees',
    'late_fees',
    'pet_fees',
    'laundry',
    'storage',
    'parking',
    'tenant_pass_throughs',
    'misc_interest',
    'insurance_proceeds',
    'cleaning_other_upsells',
    'other_income',
  ],
  expenses: [
    'advertising',
    'auto_travel',
    'cleaning_maintenance',
    'commissions',
    'insurance',
    'legal_professional',
    'management_fees',
    'mortgage',
    'mortgage_interest',
    'repairs',
    'supplies',
    'taxes',
    'utilities',
    'other_expenses',
  ],
  capital_expenditures: [
    'appliances',
    'furniture',
    'renovations',
    'hvac_plumbing_electrical',
    'roof_replacement',
    'fencing_landscaping',
    'driveways_sidewalks',
    'security_systems',
  ],
  transfer: [
    'account_transfers',
    'security_deposit',
    'credit_card_payments',
    'owner_distributions',
    'owner_contributions',
    'general_escrow_payments',
    'property_tax_escrows',
    'insurance_escrows',
    'pmi_escrows',
    'hoa_escrows',
    'down_payments',
    'sale_proceeds',
    'taxes_to_remit',
    'loan_principal',
  ],
} as const;

export type CategoryGroup = keyof typeof CATEGORY_GROUPS;
export type Subcategory = (typeof CATEGORY_GROUPS)[CategoryGroup][number];
export type Category = CategoryGroup | Subcategory;

export const CATEGORY_GROUP_VALUES = Object.keys(CATEGORY_GROUPS) as CategoryGroup[];
export const SUBCATEGORY_VALUES = Object.values(CATEGORY_GROUPS).flat() as Subcategory[];
/** Every value a transaction's category may hold. */
export const CATEGORY_VALUES: readonly Category[] = [...CATEGORY_GROUP_VALUES, ...SUBCATEGORY_VALUES];

/** Words that are not simply capitalised ("hvac" -> "HVAC", "and" -> "&"). */
const LABEL_OVERRIDES: Partial<Record<Category, string>> = {
  capital_expenditures: 'Capital expenditures',
  transfer: 'Transfers',
  account_transfers: 'Transfers between accounts',
  section_8_rents: 'Section 8 rents',
  short_term_rents: 'Short-term rents',
  tenant_pass_throughs: 'Tenant pass-throughs',
  misc_interest: 'Miscellaneous interest',
  cleaning_other_upsells: 'Cleaning & other upsells',
  auto_travel: 'Auto & travel',
  cleaning_maintenance: 'Cleaning & maintenance',
  legal_professional: 'Legal & professional fees',
  hvac_plumbing_electrical: 'HVAC, plumbing & electrical',
  fencing_landscaping: 'Fencing & landscaping',
  driveways_sidewalks: 'Driveways & sidewalks',
  pmi_escrows: 'PMI escrows',
  hoa_escrows: 'HOA escrows',
};

function defaultLabel(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const CATEGORY_LABELS = Object.fromEntries(
  CATEGORY_VALUES.map((value) => [value, LABEL_OVERRIDES[value] ?? defaultLabel(value)]),
) as Record<Category, string>;

export const UNCATEGORIZED_LABEL = 'Uncategorized';

const GROUP_OF = new Map<string, CategoryGroup>(
  CATEGORY_GROUP_VALUES.flatMap((group) => [
    [group, group] as const,
    ...CATEGORY_GROUPS[group].map((sub) => [sub, group] as const),
  ]),
);

export const isCategory = (value: unknown): value is Category => typeof value === 'string' && GROUP_OF.has(value);
export const isCategoryGroup = (value: unknown): value is CategoryGroup =>
  typeof value === 'string' && Object.hasOwn(CATEGORY_GROUPS, value); // not `in`: "constructor" is no group

/** The group a category belongs to (a group is its own group); null for uncategorized. */
export function categoryGroupOf(category: string | null | undefined): CategoryGroup | null {
  return category ? (GROUP_OF.get(category) ?? null) : null;
}

/** Every category value inside a group: the group value itself and its subcategories. */
export function categoriesInGroup(group: CategoryGroup): Category[] {
  return [group, ...CATEGORY_GROUPS[group]];
}

/** A category counts as a transfer if it is "transfer" or one of its subcategories. */
export const isTransferCategory = (category: string | null | undefined) => categoryGroupOf(category) === 'transfer';

export function categoryLabel(category: string | null | undefined): string {
  return isCategory(category) ? CATEGORY_LABELS[category] : UNCATEGORIZED_LABEL;
}

/** A category in words; a value that is not one of ours as it is, and none as "Uncategorized". */
export const categoryText = (category: string | null | undefined) =>
  category && !isCategory(category) ? category : categoryLabel(category);

/** For grouped pickers: each group with its label and its subcategories' values and labels. */
export const CATEGORY_OPTIONS = CATEGORY_GROUP_VALUES.map((group) => ({
  group,
  label: CATEGORY_LABELS[group],
  options: CATEGORY_GROUPS[group].map((value) => ({ value, label: CATEGORY_LABELS[value] })),
}));
