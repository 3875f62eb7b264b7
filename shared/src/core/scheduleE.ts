/**
 * A Schedule E (Form 1040) Part I worksheet from category nets, pure (docs/reports-and-tax.md "Schedule E"). A
 * worksheet for a person's tax preparer, not tax advice. Lines 3–22 as the IRS numbers them:
 *   3 rents (the rent and fee categories), 5 advertising, 6 auto and travel, 7 cleaning and maintenance,
 *   8 commissions, 9 insurance, 10 legal and other professional fees, 11 management fees, 12 mortgage
 *   interest paid to banks, 14 repairs, 15 supplies, 16 taxes, 17 utilities, 18 depreciation (from the
 *   depreciation schedule, core/depreciation.ts, with its flags), 19 other (itemised), 20 total expenses (5–19), 21 line 3 minus line 20.
 * `mortgage` holds principal and interest together: its amount is flagged "split into principal and
 * interest", never put on a line; `loan_principal` (the principal part of a payment split by its loan) repays the debt
 * and is excluded, not deducted; escrow is excluded too, and deducted as taxes or insurance when the lender pays them.
 * other_income, insurance_proceeds, misc_interest (Schedule B) and the bare "income" group need a human. Capital
 * spending is depreciated, not deducted; transfers are not income or expense; uncategorised money needs a category
 * first. Every category lands in exactly one place, so the
 * lines plus the excluded items equal the profit and loss.
 */

import { bookLineOf, ESCROW_CATEGORIES, ledgerSigned, lineAmount } from './books.js';
import { CATEGORY_GROUPS, categoryLabel } from './categories.js';
import type { Cents } from './money.js';

export const SCHEDULE_E_NOTICE = 'A worksheet for your tax preparer, not tax advice.';

export interface ScheduleELineDef {
  line: string;
  label: string;
  categories: readonly string[];
}

/** Income a preparer places (HUMAN_REASONS says why): the rest of the income group is rent, line 3. */
const INCOME_FOR_THE_PREPARER: readonly string[] = ['misc_interest', 'insurance_proceeds', 'other_income'];
const RENT_CATEGORIES: readonly string[] = CATEGORY_GROUPS.income.filter((c) => !INCOME_FOR_THE_PREPARER.includes(c));

export const SCHEDULE_E_EXPENSE_LINES: readonly ScheduleELineDef[] = [
  { line: '5', label: 'Advertising', categories: ['advertising'] },
  { line: '6', label: 'Auto and travel', categories: ['auto_travel'] },
  { line: '7', label: 'Cleaning and maintenance', categories: ['cleaning_maintenance'] },
  { line: '8', label: 'Commissions', categories: ['commissions'] },
  { line: '9', label: 'Insurance', categories: ['insurance'] },
  { line: '10', label: 'Legal and other professional fees', categories: ['legal_professional'] },
  { line: '11', label: 'Management fees', categories: ['management_fees'] },
  { line: '12', label: 'Mortgage interest paid to banks, etc.', categories: ['mortgage_interest'] },
  { line: '13', label: 'Other interest', categories: [] },
  { line: '14', label: 'Repairs', categories: ['repairs'] },
  { line: '15', label: 'Supplies', categories: ['supplies'] },
  { line: '16', label: 'Taxes', categories: ['taxes'] },
  { line: '17', label: 'Utilities', categories: ['utilities'] },
];

/** Line 19 "Other", itemised by category. */
const OTHER_EXPENSE_CATEGORIES = ['other_expenses', 'expenses'];

const HUMAN_REASONS: Record<string, string> = {
  other_income: 'Other income: the preparer decides whether it is rent (line 3) or reported elsewhere.',
  insurance_proceeds: 'Insurance proceeds may reduce a loss or a basis rather than count as rent.',
  misc_interest: 'Interest income belongs on Schedule B, not Schedule E.',
  income: 'Income without a subcategory: choose one so it lands on the right line.',
  uncategorized: 'Uncategorized: choose a category so it lands on the right line.',
};

/** Schedule E line 1b property type codes. */
export const SCHEDULE_E_PROPERTY_TYPES: Record<string, { code: number; label: string }> = {
  SINGLE_FAMILY: { code: 1, label: 'Single Family Residence' },
  CONDO: { code: 1, label: 'Single Family Residence' },
  TOWNHOUSE: { code: 1, label: 'Single Family Residence' },
  MOBILE_HOME: { code: 1, label: 'Single Family Residence' },
  MULTI_FAMILY: { code: 2, label: 'Multi-Family Residence' },
  APARTMENT: { code: 2, label: 'Multi-Family Residence' },
  COMMERCIAL: { code: 4, label: 'Commercial' },
  LAND: { code: 5, label: 'Land' },
  OTHER: { code: 8, label: 'Other' },
};

export interface ScheduleEItem {
  category: string;
  label: string;
  amount: Cents;
}

export interface ScheduleELine {
  line: string;
  label: string;
  amount: Cents;
  /** The categories summed on the line (line 19 itemises them). */
  items: ScheduleEItem[];
  /** Set when the line may be incomplete (depreciation without a known building basis, or assets for the preparer). */
  flag?: string;
}

export interface ScheduleEWorksheet {
  lines: ScheduleELine[];
  /** Mortgage payments (principal and interest together): to split, not on a line. */
  mortgage: { amount: Cents; flag: string } | null;
  /** Money a human must place, each with why (signed as the ledger: it is on no line yet). */
  needsReview: (ScheduleEItem & { reason: string })[];
  /** Money that is not rental income or a deductible expense (capital spending, transfers), each with why; signed as the ledger. */
  excluded: (ScheduleEItem & { reason: string })[];
}

export const MORTGAGE_FLAG = 'Split into principal and interest: only the interest goes on line 12.';
/** Why loan principal is on no line (Pub 527: only the interest of a mortgage payment is deductible). */
export const LOAN_PRINCIPAL_REASON =
  'Loan principal repays the debt: it is not deductible (only the interest is, on line 12).';
export const ESCROW_REASON =
  'Escrow is deducted when the lender pays the bill from it, not when it is paid in: record what the lender paid with "Paid from escrow" on the loan.';
/** Line 18 of a worksheet without a depreciation schedule (money with no property). */
export const DEPRECIATION_FLAG = 'Not computed: capital spending is depreciated once it is assigned to a property.';

/** A property's depreciation for the year (core/depreciation.ts): the total and why it may be incomplete. */
export interface ScheduleEDepreciation {
  amount: Cents;
  flags: readonly string[];
}

/**
 * Line 20's flag when the owner also used the property (Pub 527, chapter 5, "Dividing Expenses": a dwelling used for
 * both rental and personal purposes divides its expenses by the days of each use). The worksheet does not divide
 * them: which expenses divide, and the vacation-home limits that follow, are the preparer's.
 */
export const PERSONAL_USE_FLAG =
  'With personal use days, only the rental part of these expenses is deductible (Pub 527, "Dividing Expenses"): the lines show the whole amounts for your preparer to divide.';

/**
 * The worksheet from a property's category nets for the tax year (ignored transactions already excluded), its
 * depreciation, and its personal use days (line 2).
 */
export function scheduleEWorksheet(
  nets: ReadonlyMap<string, Cents>,
  depreciation: ScheduleEDepreciation | null = null,
  personalUseDays = 0,
): ScheduleEWorksheet {
  const amountOf = (category: string) => lineAmount(category, nets.get(category) ?? 0);
  const itemsOf = (categories: readonly string[]) =>
    categories
      .filter((category) => (nets.get(category) ?? 0) !== 0)
      .map((category) => ({ category, label: categoryLabel(category), amount: amountOf(category) }));
  const sum = (items: ScheduleEItem[]) => items.reduce((total, item) => total + item.amount, 0);

  const rentItems = itemsOf(RENT_CATEGORIES);
  const rents = sum(rentItems);
  const lines: ScheduleELine[] = [
    { line: '3', label: 'Rents received', amount: rents, items: rentItems },
    { line: '4', label: 'Royalties received', amount: 0, items: [] },
  ];
  let expenses = 0;
  for (const def of SCHEDULE_E_EXPENSE_LINES) {
    const items = itemsOf(def.categories);
    expenses += sum(items);
    lines.push({ line: def.line, label: def.label, amount: sum(items), items });
  }
  const depreciationFlag = depreciation ? depreciation.flags.join(' ') : DEPRECIATION_FLAG;
  lines.push({
    line: '18',
    label: 'Depreciation expense or depletion',
    amount: depreciation?.amount ?? 0,
    items: [],
    ...(depreciationFlag ? { flag: depreciationFlag } : {}),
  });
  expenses += depreciation?.amount ?? 0;
  const other = itemsOf(OTHER_EXPENSE_CATEGORIES);
  expenses += sum(other);
  lines.push({ line: '19', label: 'Other (itemised)', amount: sum(other), items: other });
  lines.push({
    line: '20',
    label: 'Total expenses (lines 5 through 19)',
    amount: expenses,
    items: [],
    ...(personalUseDays > 0 ? { flag: PERSONAL_USE_FLAG } : {}),
  });
  lines.push({ line: '21', label: 'Income or (loss) (line 3 minus line 20)', amount: rents - expenses, items: [] });

  const placed = new Set([
    ...RENT_CATEGORIES,
    ...SCHEDULE_E_EXPENSE_LINES.flatMap((def) => def.categories),
    ...OTHER_EXPENSE_CATEGORIES,
    'mortgage',
  ]);
  const needsReview: ScheduleEWorksheet['needsReview'] = [];
  const excluded: ScheduleEWorksheet['excluded'] = [];
  for (const [category, net] of [...nets].sort(([a], [b]) => a.localeCompare(b))) {
    if (net === 0 || placed.has(category)) continue;
    // On no line, so signed as the ledger and every other report sign it (books.ts ledgerSigned).
    const item = { category, label: categoryLabel(category), amount: ledgerSigned(net) };
    const line = bookLineOf(category);
    if (category === 'loan_principal') {
      excluded.push({ ...item, reason: LOAN_PRINCIPAL_REASON });
    } else if (ESCROW_CATEGORIES.includes(category)) {
      excluded.push({ ...item, reason: ESCROW_REASON });
    } else if (line === 'capitalSpending') {
      excluded.push({ ...item, reason: 'Capital spending is depreciated over years, not deducted in the year.' });
    } else if (line === 'transfers') {
      excluded.push({ ...item, reason: 'A transfer is neither income nor an expense.' });
    } else {
      needsReview.push({ ...item, reason: HUMAN_REASONS[category] ?? 'Needs a human to place it.' });
    }
  }
  const mortgageNet = nets.get('mortgage') ?? 0;
  return {
    lines,
    mortgage: mortgageNet === 0 ? null : { amount: amountOf('mortgage'), flag: MORTGAGE_FLAG },
    needsReview,
    excluded,
  };
}
