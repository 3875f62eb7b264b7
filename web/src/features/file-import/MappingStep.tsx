import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { DATE_FORMAT_LABELS } from '@rent/shared/core/fileImport/dates';
import { formatCount, formatCurrency } from '@rent/shared/core/money';
import { useId } from 'react';
import type { ColumnMapping, DateFormat, ParsedRow } from './readFile';
import type { ImportWizardState } from './use-import-wizard';

const PREVIEW_ROWS = 5;

/** Step 2: which column is which (CSV), the date order when the file leaves it open, and a live preview. */
export function MappingStep({ wizard }: { wizard: ImportWizardState }) {
  const id = useId();
  const loaded = wizard.loaded;
  if (!loaded) return null;
  return (
    <SpaceBetween size="l">
      {loaded.kind === 'ofx' ? (
        <Alert type="info">OFX and QFX statements name their fields: there are no columns to map.</Alert>
      ) : (
        <>
          {wizard.mappingOrigin === 'remembered' ? (
            <Alert type="info" data-testid="import-mapping-origin">
              These are the columns you confirmed for this account last time. Check the preview.
            </Alert>
          ) : wizard.mappingOrigin === 'bank' && loaded.layout.bank ? (
            <Alert type="info" data-testid="import-mapping-origin">
              This looks like a {loaded.layout.bank.label}: its columns and date order are chosen. Check the preview.
            </Alert>
          ) : null}
          <ColumnChoices wizard={wizard} columns={loaded.layout.columns} id={id} />
        </>
      )}
      {wizard.ambiguousDates ? (
        <FormField
          label="Date order"
          description="Every day in this file is 12 or less, so its dates read two ways. Which order does your bank use?"
          errorText={wizard.dateFormat ? undefined : 'Choose one to continue.'}
        >
          <RadioGroup
            value={wizard.dateFormat}
            onChange={({ detail }) => wizard.setDateFormat(detail.value as DateFormat)}
            items={wizard.candidates.map((format) => ({ value: format, label: DATE_FORMAT_LABELS[format] }))}
            data-testid="import-date-order"
            ariaLabel="Date order"
          />
        </FormField>
      ) : null}
      <Table<ParsedRow>
        data-testid="import-mapping-preview"
        variant="embedded"
        header={
          <Box variant="h2">
            Preview: {formatCount(wizard.rows.length)} rows read
            {wizard.errors.length ? `, ${formatCount(wizard.errors.length)} could not be read` : ''}
          </Box>
        }
        items={wizard.rows.slice(0, PREVIEW_ROWS)}
        trackBy="line"
        columnDefinitions={[
          { id: 'line', header: 'Line', cell: (r) => r.line },
          { id: 'date', header: 'Date', cell: (r) => r.date },
          { id: 'name', header: 'Description', cell: (r) => r.name },
          { id: 'amount', header: 'Amount', cell: (r) => formatCurrency(r.amountCents, 2) },
          { id: 'ref', header: 'Reference', cell: (r) => r.externalId ?? '-' },
        ]}
        empty={<Box color="text-body-secondary">No row can be read with these choices yet.</Box>}
        ariaLabels={{ tableLabel: 'Rows read from the file' }}
      />
      {wizard.errors.length ? (
        <ExpandableSection
          headerText={`Lines that could not be read (${wizard.errors.length})`}
          data-testid="import-errors"
        >
          <ul>
            {wizard.errors.slice(0, 100).map((e) => (
              <li key={`${e.line}-${e.reason}`}>
                Line {e.line}: {e.reason}
              </li>
            ))}
          </ul>
        </ExpandableSection>
      ) : null}
    </SpaceBetween>
  );
}

function ColumnChoices({ wizard, columns, id }: { wizard: ImportWizardState; columns: string[]; id: string }) {
  const mapping = wizard.mapping;
  const options: SelectProps.Option[] = columns.map((c, i) => ({ value: String(i), label: c }));
  const none: SelectProps.Option = { value: '', label: 'None' };
  const pick = (value: number | undefined | null) =>
    value === undefined || value === null ? null : (options[value] ?? null);
  const set = (next: Partial<ColumnMapping>) => wizard.setMapping({ ...mapping, ...next });
  const num = (option: SelectProps.Option) => (option.value === '' ? null : Number(option.value));
  const amount = mapping.amount;
  const split = amount?.kind === 'split';
  const column = (
    label: string,
    key: string,
    value: SelectProps.Option | null,
    onChange: (o: SelectProps.Option) => void,
    extra: SelectProps.Option[] = [],
  ) => (
    <FormField label={label} controlId={`${id}-${key}`}>
      <Select
        controlId={`${id}-${key}`}
        selectedOption={value}
        options={[...extra, ...options]}
        placeholder="Choose a column"
        onChange={({ detail }) => onChange(detail.selectedOption)}
        data-testid={`import-column-${key}`}
      />
    </FormField>
  );
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={2}>
        {column('Date', 'date', pick(mapping.date), (o) => set({ date: Number(o.value) }))}
        {column('Description', 'name', pick(mapping.name), (o) => set({ name: Number(o.value) }))}
      </ColumnLayout>
      <FormField label="Amounts">
        <RadioGroup
          value={split ? 'split' : 'signed'}
          onChange={({ detail }) =>
            set({
              amount:
                detail.value === 'split'
                  ? { kind: 'split', debit: 0, credit: Math.min(1, columns.length - 1) }
                  : { kind: 'signed', column: 0 },
            })
          }
          items={[
            { value: 'signed', label: 'One amount column (money out is negative)' },
            { value: 'split', label: 'Separate debit and credit columns' },
          ]}
          ariaLabel="Amounts"
        />
      </FormField>
      <ColumnLayout columns={2}>
        {amount?.kind === 'split' ? (
          <>
            {column('Debit (money out)', 'debit', pick(amount.debit), (o) =>
              set({ amount: { ...amount, debit: Number(o.value) } }),
            )}
            {column('Credit (money in)', 'credit', pick(amount.credit), (o) =>
              set({ amount: { ...amount, credit: Number(o.value) } }),
            )}
          </>
        ) : (
          column('Amount', 'amount', pick(amount?.kind === 'signed' ? amount.column : undefined), (o) =>
            set({ amount: { kind: 'signed', column: Number(o.value) } }),
          )
        )}
        {column(
          'Bank reference (optional)',
          'reference',
          pick(mapping.externalId) ?? none,
          (o) => set({ externalId: num(o) }),
          [none],
        )}
      </ColumnLayout>
      <Checkbox
        checked={mapping.flipSign ?? false}
        onChange={({ detail }) => set({ flipSign: detail.checked })}
        description="Some card exports print charges as positive amounts."
      >
        Money out is shown as positive: flip every sign
      </Checkbox>
    </SpaceBetween>
  );
}
