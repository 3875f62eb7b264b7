import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { CATEGORY_OPTIONS, categoryLabel, isCategory, UNCATEGORIZED_LABEL } from '@rent/shared/core/categories';
import { UNCATEGORIZED } from '@rent/shared/core/filters';
import { useMemo } from 'react';

/** The grouped category picker's empty state, and its dropdown's maximum height (docs/product.md "Category picker"). */
export const NO_CATEGORIES_TEXT = 'No categories found';
export const CATEGORY_DROPDOWN_MAX_HEIGHT = 280;

const GROUPED: SelectProps.OptionGroup[] = CATEGORY_OPTIONS.map((group) => ({
  label: group.label,
  options: group.options.map((o) => ({ value: o.value, label: o.label })),
}));

const UNCATEGORIZED_OPTION: SelectProps.Option = { value: '', label: UNCATEGORIZED_LABEL };

export interface CategorySelectProps {
  /** A category value; '' is uncategorized; null is "nothing chosen yet" (the placeholder shows). */
  value: string | null;
  onChange: (value: string) => void;
  controlId?: string;
  ariaLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
  testId?: string;
  /** Offer "Uncategorized" first (true); a rule, which sets a category, leaves it out. */
  allowUncategorized?: boolean;
}

/**
 * The grouped category picker (docs/product.md "Category picker"): "Uncategorized" first, then each group's
 * subcategories under the group's name, searchable. Its list is at most 280px high.
 */
export function CategorySelect({
  value,
  onChange,
  controlId,
  ariaLabel,
  invalid,
  disabled,
  testId,
  allowUncategorized = true,
}: CategorySelectProps) {
  const selected: SelectProps.Option | null =
    value === null || (value === '' && !allowUncategorized)
      ? null
      : value
        ? { value, label: isCategory(value) ? categoryLabel(value) : value }
        : UNCATEGORIZED_OPTION;
  return (
    <div
      className="rt-category-select"
      style={{ ['--rt-dropdown-max' as string]: `${CATEGORY_DROPDOWN_MAX_HEIGHT}px` }}
    >
      <Select
        data-testid={testId}
        controlId={controlId}
        ariaLabel={ariaLabel}
        selectedOption={selected}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
        options={allowUncategorized ? [UNCATEGORIZED_OPTION, ...GROUPED] : GROUPED}
        placeholder="Choose a category"
        filteringType="auto"
        filteringPlaceholder="Search categories"
        filteringAriaLabel="Search categories"
        filteringClearAriaLabel="Clear search"
        empty={NO_CATEGORIES_TEXT}
        noMatch={NO_CATEGORIES_TEXT}
        invalid={invalid}
        disabled={disabled}
      />
    </div>
  );
}

/** Filter values: '' (all), "uncategorized", "group:<group>" or "cat:<category>". */
export function categoryFilterValue(filters: { category?: string; categoryGroup?: string }): string {
  if (filters.categoryGroup) return `group:${filters.categoryGroup}`;
  if (filters.category === UNCATEGORIZED) return UNCATEGORIZED;
  if (filters.category) return `cat:${filters.category}`;
  return '';
}

export function categoryFilterFromValue(value: string): { category?: string; categoryGroup?: string } {
  if (value === UNCATEGORIZED) return { category: UNCATEGORIZED };
  if (value.startsWith('group:')) return { categoryGroup: value.slice(6) };
  if (value.startsWith('cat:')) return { category: value.slice(4) };
  return {};
}

/** The category filter: all, uncategorized, a whole group, or one category. */
export function CategoryFilterSelect({
  value,
  onChange,
  controlId,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  controlId?: string;
  testId?: string;
}) {
  const options = useMemo<SelectProps.Options>(
    () => [
      { value: '', label: 'All categories' },
      { value: UNCATEGORIZED, label: UNCATEGORIZED_LABEL },
      ...CATEGORY_OPTIONS.map((group) => ({
        label: group.label,
        options: [
          { value: `group:${group.group}`, label: `All ${group.label.toLowerCase()}`, tags: ['Whole group'] },
          ...group.options.map((o) => ({ value: `cat:${o.value}`, label: o.label })),
        ],
      })),
    ],
    [],
  );
  const flat = useMemo(
    () => options.flatMap((o) => ('options' in o ? [...o.options] : [o])) as SelectProps.Option[],
    [options],
  );
  const selected = flat.find((o) => o.value === value) ?? flat[0]!;
  return (
    <div className="rt-category-select">
      <Select
        data-testid={testId}
        controlId={controlId}
        selectedOption={selected}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
        options={options}
        filteringType="auto"
        filteringPlaceholder="Search categories"
        filteringAriaLabel="Search categories"
        filteringClearAriaLabel="Clear search"
        empty={NO_CATEGORIES_TEXT}
        noMatch={NO_CATEGORIES_TEXT}
      />
    </div>
  );
}
