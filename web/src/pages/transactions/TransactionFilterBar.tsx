import Checkbox from '@cloudscape-design/components/checkbox';
import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import TextFilter from '@cloudscape-design/components/text-filter';
import { NO_PROPERTY } from '@rent/shared/core/filters';
import { useEffect, useId, useRef, useState } from 'react';
import type { TransactionFilters } from '../../api/transactions';
import { CategoryFilterSelect, categoryFilterFromValue, categoryFilterValue } from '../../components/CategorySelect';
import { PropertyPicker } from '../../components/PropertyPicker';
import { todayIso } from '../../lib/dates';
import { AmountFilterField } from './AmountFilterField';
import { shiftIsoDate } from './filters';

const SEARCH_DEBOUNCE_MS = 350;
const NO_PROPERTY_OPTIONS: SelectProps.Option[] = [{ value: NO_PROPERTY, label: 'No property' }];

const RELATIVE: DateRangePickerProps.RelativeOption[] = [
  { key: 'previous-30-days', amount: 30, unit: 'day', type: 'relative' },
  { key: 'previous-3-months', amount: 3, unit: 'month', type: 'relative' },
  { key: 'previous-12-months', amount: 12, unit: 'month', type: 'relative' },
  { key: 'previous-2-years', amount: 2, unit: 'year', type: 'relative' },
];

const DIRECTION_OPTIONS: SelectProps.Option[] = [
  { value: '', label: 'Money in and out' },
  { value: 'in', label: 'Money in' },
  { value: 'out', label: 'Money out' },
];
const IGNORED_OPTIONS: SelectProps.Option[] = [
  { value: '', label: 'Ignored or not' },
  { value: 'false', label: 'Not ignored' },
  { value: 'true', label: 'Ignored only' },
];
const RECEIPT_OPTIONS: SelectProps.Option[] = [
  { value: '', label: 'With or without receipt' },
  { value: 'true', label: 'Has a receipt' },
  { value: 'false', label: 'No receipt' },
];

const pick = (options: SelectProps.Option[], value: string | undefined) =>
  options.find((o) => o.value === (value ?? '')) ?? options[0]!;

function toRange(value: DateRangePickerProps.Value | null): { from?: string; to?: string } {
  if (!value) return {};
  if (value.type === 'absolute') return { from: value.startDate.slice(0, 10), to: value.endDate.slice(0, 10) };
  const today = todayIso();
  const unit = value.unit === 'year' || value.unit === 'month' || value.unit === 'week' ? value.unit : 'day';
  const amount = unit === 'day' && value.unit !== 'day' ? 1 : value.amount;
  return { from: shiftIsoDate(today, unit, -amount), to: today };
}

export interface TransactionFilterBarProps {
  filters: TransactionFilters;
  onChange: (next: TransactionFilters) => void;
}

/**
 * The ledger's filters (all server-side): text on the name, a date range, property (or none),
 * category or group (or uncategorized), direction, ignored, receipt (or none), amount range and open review requests.
 */
export function TransactionFilterBar({ filters, onChange }: TransactionFilterBarProps) {
  const id = useId();
  const update = (patch: Partial<TransactionFilters>) => onChange({ ...filters, ...patch });

  // Search: typed freely, sent after a pause.
  const [search, setSearch] = useState(filters.search ?? '');
  const lastSent = useRef(filters.search ?? '');
  useEffect(() => {
    if ((filters.search ?? '') !== lastSent.current) {
      lastSent.current = filters.search ?? '';
      setSearch(filters.search ?? '');
    }
  }, [filters.search]);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  useEffect(() => {
    if (search.trim() === (lastSent.current ?? '').trim()) return;
    const timer = setTimeout(() => {
      lastSent.current = search.trim();
      onChange({ ...filtersRef.current, search: search.trim() || undefined });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  // The date range keeps the relative choice it was given; the URL holds the dates.
  const [range, setRange] = useState<DateRangePickerProps.Value | null>(() =>
    filters.from && filters.to ? { type: 'absolute', startDate: filters.from, endDate: filters.to } : null,
  );
  useEffect(() => {
    setRange((current) => {
      const shown = toRange(current);
      if (shown.from === filters.from && shown.to === filters.to) return current;
      return filters.from && filters.to ? { type: 'absolute', startDate: filters.from, endDate: filters.to } : null;
    });
  }, [filters.from, filters.to]);

  return (
    <div className="rt-txn-filters" data-testid="transactions-filters">
      <div className="rt-txn-filter-search">
        <FormField label="Search" controlId={`${id}-search`} stretch>
          <TextFilter
            filteringText={search}
            onChange={({ detail }) => setSearch(detail.filteringText)}
            filteringPlaceholder="Search by name"
            filteringAriaLabel="Search transactions by name"
            filteringClearAriaLabel="Clear search"
            data-testid="transactions-search"
          />
        </FormField>
      </div>
      <FormField label="Date range" controlId={`${id}-dates`} stretch>
        <DateRangePicker
          value={range}
          onChange={({ detail }) => {
            setRange(detail.value);
            const { from, to } = toRange(detail.value);
            update({ from, to });
          }}
          relativeOptions={RELATIVE}
          isValidRange={(value) => {
            if (value?.type === 'absolute') {
              if (!value.startDate || !value.endDate)
                return { valid: false, errorMessage: 'Choose a start and an end date.' };
              if (value.startDate > value.endDate)
                return { valid: false, errorMessage: 'The end date must be on or after the start date.' };
            }
            return { valid: true };
          }}
          dateOnly
          placeholder="All dates"
          ariaLabel="Date range"
          showClearButton
          expandToViewport
          data-testid="transactions-date-range"
        />
      </FormField>
      <FormField label="Property" controlId={`${id}-property`} stretch>
        <PropertyPicker
          controlId={`${id}-property`}
          value={filters.propertyId ?? ''}
          onChange={(value) => update({ propertyId: value || undefined })}
          extraOptions={NO_PROPERTY_OPTIONS}
          testId="transactions-property-filter"
        />
      </FormField>
      <FormField label="Category" controlId={`${id}-category`} stretch>
        <CategoryFilterSelect
          controlId={`${id}-category`}
          value={categoryFilterValue(filters)}
          onChange={(value) =>
            update({ category: undefined, categoryGroup: undefined, ...categoryFilterFromValue(value) })
          }
          testId="transactions-category-filter"
        />
      </FormField>
      <FormField label="Money in or out" controlId={`${id}-direction`} stretch>
        <Select
          controlId={`${id}-direction`}
          selectedOption={pick(DIRECTION_OPTIONS, filters.direction)}
          options={DIRECTION_OPTIONS}
          onChange={({ detail }) =>
            update({ direction: (detail.selectedOption.value || undefined) as TransactionFilters['direction'] })
          }
          data-testid="transactions-direction-filter"
        />
      </FormField>
      <FormField label="Ignored" controlId={`${id}-ignored`} stretch>
        <Select
          controlId={`${id}-ignored`}
          selectedOption={pick(IGNORED_OPTIONS, filters.ignored)}
          options={IGNORED_OPTIONS}
          onChange={({ detail }) =>
            update({ ignored: (detail.selectedOption.value || undefined) as TransactionFilters['ignored'] })
          }
          data-testid="transactions-ignored-filter"
        />
      </FormField>
      <FormField label="Receipt" controlId={`${id}-receipt`} stretch>
        <Select
          controlId={`${id}-receipt`}
          selectedOption={pick(RECEIPT_OPTIONS, filters.hasReceipt)}
          options={RECEIPT_OPTIONS}
          onChange={({ detail }) =>
            update({ hasReceipt: (detail.selectedOption.value || undefined) as TransactionFilters['hasReceipt'] })
          }
          data-testid="transactions-receipt-filter"
        />
      </FormField>
      <AmountFilterField
        label="Amount at least"
        controlId={`${id}-min-amount`}
        value={filters.minAmount}
        onChange={(minAmount) => update({ minAmount })}
        testId="transactions-min-amount-filter"
      />
      <AmountFilterField
        label="Amount at most"
        controlId={`${id}-max-amount`}
        value={filters.maxAmount}
        onChange={(maxAmount) => update({ maxAmount })}
        testId="transactions-max-amount-filter"
      />
      <FormField label="Review" stretch>
        <Checkbox
          checked={filters.needsReview === 'true'}
          onChange={({ detail }) => update({ needsReview: detail.checked ? 'true' : undefined })}
          description="Open review requests"
          data-testid="transactions-review-filter"
        >
          Needs review
        </Checkbox>
        <Checkbox
          checked={filters.waitingOnMe === 'true'}
          onChange={({ detail }) => update({ waitingOnMe: detail.checked ? 'true' : undefined })}
          description="Reviews assigned to you"
          data-testid="transactions-waiting-filter"
        >
          Waiting on me
        </Checkbox>
      </FormField>
    </div>
  );
}
