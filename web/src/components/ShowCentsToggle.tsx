import FormField from '@cloudscape-design/components/form-field';
import Toggle from '@cloudscape-design/components/toggle';
import { memo } from 'react';

/** The report screens' "Show cents" switch (lib/showCents.ts keeps the choice). */
export const ShowCentsToggle = memo(function ShowCentsToggle({
  show,
  onChange,
  testId,
}: {
  show: boolean;
  onChange: (show: boolean) => void;
  testId: string;
}) {
  return (
    <FormField label="Amounts">
      <Toggle checked={show} onChange={({ detail }) => onChange(detail.checked)} data-testid={testId}>
        Show cents
      </Toggle>
    </FormField>
  );
});
