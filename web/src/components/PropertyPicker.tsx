import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Property, propertiesKey, useProperties } from '../api/properties';

export const ALL_PROPERTIES_LABEL = 'All Properties';
export const PICKER_TEXTS = {
  placeholder: 'Select property',
  loading: 'Loading properties...',
  empty: 'No properties available',
  noMatch: 'No properties found',
  error: 'Failed to load properties',
} as const;

/** Case-insensitive "contains" on the address (docs/product.md "Property picker"). */
export function filterProperties<T extends { address: string }>(properties: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...properties];
  return properties.filter((p) => p.address.toLowerCase().includes(needle));
}

const ALL_OPTION: SelectProps.Option = { value: '', label: ALL_PROPERTIES_LABEL };

export interface PropertyPickerProps {
  /** The chosen property id; '' means "All Properties" (or nothing chosen). */
  value: string;
  onChange: (id: string, property: Property | null) => void;
  placeholder?: string;
  /** Shown by default; pass false to hide the "All Properties" choice. */
  showAllOption?: boolean;
  /** The label of the empty-valued first choice (default "All Properties"; e.g. "No property" in a form). */
  allOptionLabel?: string;
  /** Fixed choices after the first one, before the properties (e.g. "No property" in a filter). */
  extraOptions?: readonly SelectProps.Option[];
  disabled?: boolean;
  invalid?: boolean;
  /** Pass FormField's controlId or an aria label so the control is named. */
  controlId?: string;
  ariaLabel?: string;
  ariaLabelledby?: string;
  testId?: string;
}

/**
 * A searchable property select. Options are labelled by address and valued by id. The list loads
 * lazily: the first time the picker is opened or focused, or at once when it is shown while the
 * list is empty and not loading. It shares the cache with the Properties page.
 */
export function PropertyPicker({
  value,
  onChange,
  placeholder = PICKER_TEXTS.placeholder,
  showAllOption = true,
  allOptionLabel = ALL_PROPERTIES_LABEL,
  extraOptions,
  disabled,
  invalid,
  controlId,
  ariaLabel,
  ariaLabelledby,
  testId = 'property-picker',
}: PropertyPickerProps) {
  const client = useQueryClient();
  const [requested, setRequested] = useState(() => {
    const state = client.getQueryState(propertiesKey);
    // Shown while the list is empty and not loading: load now. Otherwise wait to be opened.
    return !state?.data && state?.fetchStatus !== 'fetching';
  });
  const [filterText, setFilterText] = useState('');
  const query = useProperties({ enabled: requested });
  const properties = query.data ?? [];

  const matches = useMemo(() => filterProperties(properties, filterText), [properties, filterText]);
  const allOption = useMemo<SelectProps.Option>(
    () => (allOptionLabel === ALL_PROPERTIES_LABEL ? ALL_OPTION : { value: '', label: allOptionLabel }),
    [allOptionLabel],
  );
  const options: SelectProps.Option[] = useMemo(() => {
    if (properties.length === 0) return [];
    const list = matches.map((p) => ({ value: p.id, label: p.address }));
    const needle = filterText.trim().toLowerCase();
    const fixed = [...(showAllOption ? [allOption] : []), ...(extraOptions ?? [])].filter(
      (o) => !needle || (o.label ?? '').toLowerCase().includes(needle),
    );
    return [...fixed, ...list];
  }, [properties.length, matches, showAllOption, filterText, allOption, extraOptions]);

  const selected = value ? properties.find((p) => p.id === value) : undefined;
  const extra = value ? extraOptions?.find((o) => o.value === value) : undefined;
  const selectedOption: SelectProps.Option | null = selected
    ? { value: selected.id, label: selected.address }
    : extra
      ? extra
      : value
        ? { value, label: query.isPending ? PICKER_TEXTS.loading : value }
        : showAllOption
          ? allOption
          : null;

  const loading = query.isPending && query.fetchStatus === 'fetching';
  const statusType: SelectProps['statusType'] = loading ? 'loading' : query.isError ? 'error' : 'finished';

  const request = () => {
    if (!requested) setRequested(true);
  };

  return (
    <Select
      data-testid={testId}
      controlId={controlId}
      ariaLabel={ariaLabel}
      ariaLabelledby={ariaLabelledby}
      selectedOption={selectedOption}
      onChange={({ detail }) => {
        const id = detail.selectedOption.value ?? '';
        onChange(id, properties.find((p) => p.id === id) ?? null);
      }}
      options={options}
      placeholder={placeholder}
      filteringType="manual"
      filteringPlaceholder="Search by address"
      filteringAriaLabel="Search properties by address"
      filteringClearAriaLabel="Clear search"
      onLoadItems={({ detail }) => {
        request();
        setFilterText(detail.filteringText);
        if (detail.firstPage && query.isError) void query.refetch();
      }}
      onFocus={request}
      statusType={statusType}
      loadingText={PICKER_TEXTS.loading}
      errorText={PICKER_TEXTS.error}
      recoveryText="Retry"
      empty={filterText.trim() && properties.length > 0 ? PICKER_TEXTS.noMatch : PICKER_TEXTS.empty}
      filteringResultsText={() => (matches.length === 1 ? '1 property' : `${matches.length} properties`)}
      disabled={disabled}
      invalid={invalid}
      virtualScroll={properties.length > 200}
    />
  );
}
