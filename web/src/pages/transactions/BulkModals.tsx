import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { NO_PROPERTY } from '@rent/shared/core/filters';
import { useEffect, useId, useState } from 'react';
import { CategorySelect } from '../../components/CategorySelect';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { PropertyPicker } from '../../components/PropertyPicker';
import type { BulkConfirmation } from './use-bulk-actions';

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

const CONFIRM_TEXTS: Record<
  BulkConfirmation['action'],
  { header: (n: number) => string; body: (c: BulkConfirmation) => string; label: (n: number) => string }
> = {
  accept: {
    header: () => "Accept the bank's suggested categories?",
    body: (c) =>
      c.count === 0
        ? `None of the ${plural(c.selected)} selected has a suggested category without a category of its own.`
        : `${plural(c.count)} of the ${c.selected} selected will be filed under the category the bank suggests, as if chosen by hand (rules will not change them). ${c.selected - c.count > 0 ? `The other ${plural(c.selected - c.count)} already have a category or no suggestion and stay as they are.` : ''}`.trim(),
    label: (n) => (n === 1 ? 'Accept 1 suggestion' : `Accept ${n} suggestions`),
  },
  ignore: {
    header: (n) => `Ignore ${plural(n)}?`,
    body: (c) => `${plural(c.count)} will be left out of every total and report until unignored.`,
    label: (n) => `Ignore ${plural(n)}`,
  },
  unignore: {
    header: (n) => `Unignore ${plural(n)}?`,
    body: (c) => `${plural(c.count)} will count in totals and reports again.`,
    label: (n) => `Unignore ${plural(n)}`,
  },
};

/** The confirmation of a bulk change of many rows: what it does and to how many. */
export function BulkConfirmModal(props: {
  confirming: BulkConfirmation | null;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const c = props.confirming;
  const texts = c ? CONFIRM_TEXTS[c.action] : null;
  return (
    <Modal
      visible={c !== null}
      onDismiss={() => (props.busy ? undefined : props.onCancel())}
      header={c && texts ? texts.header(c.count) : ''}
      data-testid="bulk-confirm"
      footer={
        <ConfirmFooter
          confirmLabel={c && texts ? texts.label(c.count) : 'Apply'}
          onCancel={props.onCancel}
          onConfirm={props.onConfirm}
          busy={props.busy}
          busyText="Applying"
          confirmDisabled={!c || c.count === 0}
          confirmTestId="bulk-confirm-apply"
        />
      }
    >
      <SpaceBetween size="m">
        {props.error ? (
          <Alert type="error" data-testid="bulk-error">
            {props.error}
          </Alert>
        ) : null}
        <span data-testid="bulk-confirm-text">{c && texts ? texts.body(c) : ''}</span>
      </SpaceBetween>
    </Modal>
  );
}
