import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { amountFilterCents } from '@rent/shared/core/filters';
import { useEffect, useState } from 'react';

export interface AmountFilterFieldProps {
  label: string;
  controlId: string;
  /** The filter's value from the URL ('' or absent = not set). */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  testId: string;
}

/**
 * One bound of the ledger's amount filter (absolute amount, money in or out): typed freely, applied on Enter or
 * when the field loses focus; a value the server would refuse stays in the field with the reason and is not sent.
 */
export function AmountFilterField({ label, controlId, value, onChange, testId }: AmountFilterFieldProps) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const text = draft.trim();
  const invalid = text !== '' && amountFilterCents(text) === null;
  const apply = () => {
    if (invalid || text === (value ?? '')) return;
    onChange(text || undefined);
  };
  return (
    <FormField
      label={label}
      controlId={controlId}
      stretch
      description="Money in or out, in dollars"
      errorText={invalid ? 'Enter an amount of 0 or more, such as 75 or 75.50' : undefined}
    >
      <Input
        controlId={controlId}
        value={draft}
        inputMode="decimal"
        placeholder="Any"
        onChange={({ detail }) => setDraft(detail.value)}
        onBlur={apply}
        onKeyDown={({ detail }) => {
          if (detail.key === 'Enter') apply();
        }}
        data-testid={testId}
      />
    </FormField>
  );
}
