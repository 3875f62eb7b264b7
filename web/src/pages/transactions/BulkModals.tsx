import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { NO_PROPERTY } from '@rent/shared/core/filters';
import { useEffect, useId, useState } from 'react';
import { CategorySelect } from '../../components/CategorySelect';
import { PropertyPicker } from '../../components/PropertyPicker';

const NO_PROPERTY_OPTION = [{ value: NO_PROPERTY, label: 'No property' }];

export type BulkKind = 'categorize' | 'property';

export interface BulkModalProps {
  kind: BulkKind | null;
  count: number;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  /** The chosen category or property id; null clears it (Uncategorized / No property). */
  onApply: (value: string | null) => void;
}

const plural = (n: number) => (n === 1 ? '1 transaction' : `${n} transactions`);

/** Choose a category or a property for the selected transactions. */
export function BulkModal({ kind, count, busy, error, onCancel, onApply }: BulkModalProps) {
  const id = useId();
  // Nothing is chosen at first, so Apply cannot clear a category or property by accident.
  const [category, setCategory] = useState<string | null>(null);
  const [property, setProperty] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh choice every time the modal opens
  useEffect(() => {
    setCategory(null);
    setProperty('');
  }, [kind]);
  const categorize = kind === 'categorize';
  const chosen = categorize ? category !== null : property !== '';
  const apply = () => {
    if (categorize) onApply(category || null);
    else onApply(property === NO_PROPERTY ? null : property);
  };
  return (
    <Modal
      visible={kind !== null}
      onDismiss={() => (busy ? undefined : onCancel())}
      header={categorize ? `Categorize ${plural(count)}` : `Assign a property to ${plural(count)}`}
      data-testid="bulk-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" loading={busy} disabled={!chosen} onClick={apply} data-testid="bulk-apply">
              Apply
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {error ? (
          <Alert type="error" data-testid="bulk-error">
            {error}
          </Alert>
        ) : null}
        {categorize ? (
          <FormField
            label="Category"
            description="Choose Uncategorized to clear the category."
            controlId={`${id}-category`}
            stretch
          >
            <CategorySelect
              controlId={`${id}-category`}
              value={category}
              onChange={setCategory}
              testId="bulk-category"
            />
          </FormField>
        ) : (
          <FormField
            label="Property"
            description="Choose No property to clear it."
            controlId={`${id}-property`}
            stretch
          >
            <PropertyPicker
              controlId={`${id}-property`}
              value={property}
              onChange={setProperty}
              showAllOption={false}
              extraOptions={NO_PROPERTY_OPTION}
              testId="bulk-property"
            />
          </FormField>
        )}
      </SpaceBetween>
    </Modal>
  );
}
