import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PERIOD_PRESETS, type PeriodPreset } from '@rent/shared/core/books';
import { NO_PROPERTY } from '@rent/shared/core/filters';
import { memo, useMemo } from 'react';
import { PropertyPicker } from '../../components/PropertyPicker';
import { monthChoices, monthLabel, type ReportPeriod } from './period';

const NO_PROPERTY_OPTIONS: SelectProps.Option[] = [{ value: NO_PROPERTY, label: 'No property' }];

const PRESET_OPTIONS: SelectProps.Option[] = [
  ...PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label })),
  { value: 'custom', label: 'Custom' },
];

/**
 * Period presets (trailing 12 months, year to date, last year, custom months) and, optionally, a property. Memoized:
 * a report's answer redraws the report, not these controls.
 */
export const PeriodControls = memo(function PeriodControls({
  period,
  onChange,
  today,
  withProperty = true,
  idPrefix,
}: {
  period: ReportPeriod;
  onChange: (change: Partial<ReportPeriod>) => void;
  today: string;
  withProperty?: boolean;
  idPrefix: string;
}) {
  const months = useMemo(() => monthChoices(today).map((m) => ({ value: m, label: monthLabel(m) })), [today]);
  const option = (value: string) => months.find((m) => m.value === value) ?? { value, label: monthLabel(value) };
  return (
    <SpaceBetween direction="horizontal" size="s">
      <FormField label="Period" controlId={`${idPrefix}-period`}>
        <Select
          controlId={`${idPrefix}-period`}
          data-testid={`${idPrefix}-period`}
          selectedOption={PRESET_OPTIONS.find((o) => o.value === period.preset) ?? null}
          options={PRESET_OPTIONS}
          onChange={({ detail }) => onChange({ preset: detail.selectedOption.value as PeriodPreset })}
        />
      </FormField>
      {period.preset === 'custom' ? (
        <>
          <FormField label="From" controlId={`${idPrefix}-from`}>
            <Select
              controlId={`${idPrefix}-from`}
              data-testid={`${idPrefix}-from`}
              filteringType="auto"
              selectedOption={option(period.from)}
              options={months.filter((m) => m.value <= period.to)}
              onChange={({ detail }) => onChange({ from: detail.selectedOption.value })}
            />
          </FormField>
          <FormField label="To" controlId={`${idPrefix}-to`}>
            <Select
              controlId={`${idPrefix}-to`}
              data-testid={`${idPrefix}-to`}
              filteringType="auto"
              selectedOption={option(period.to)}
              options={months.filter((m) => m.value >= period.from)}
              onChange={({ detail }) => onChange({ to: detail.selectedOption.value })}
            />
          </FormField>
        </>
      ) : null}
      {withProperty ? (
        <FormField label="Property" controlId={`${idPrefix}-property`}>
          <PropertyPicker
            controlId={`${idPrefix}-property`}
            testId={`${idPrefix}-property`}
            value={period.propertyId ?? ''}
            extraOptions={NO_PROPERTY_OPTIONS}
            onChange={(id) => onChange({ propertyId: id || undefined })}
          />
        </FormField>
      ) : null}
    </SpaceBetween>
  );
});
