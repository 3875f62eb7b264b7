import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatCurrency } from '@rent/shared/core/money';
import { SPLIT_PARTS_MAX, SPLIT_PARTS_MIN } from '@rent/shared/core/splits';
import { memo, useId } from 'react';
import { CategorySelect } from '../../components/CategorySelect';
import { ConflictAlert } from '../../components/ConflictAlert';
import { PropertyPicker } from '../../components/PropertyPicker';
import {
  directionOf,
  partAmounts,
  partErrors,
  percentTotal,
  remainingCents,
  remainingText,
  type SplitAction,
  type SplitDraft,
  type SplitMode,
  type SplitPartDraft,
  type SplitPartErrors,
  saveBlockedReason,
  typedPercent,
} from './splitForm';
import type { SplitEditor as SplitEditorState } from './use-split-editor';

/**
 * The split editor, in place of the category and property pickers (a phone gets no second dialog): a card per part
 * (amount or percentage, category, property, memo), the remaining amount live, Split evenly, and Save once the
 * parts add up to the transaction to the cent. Buttons are `formAction="none"`: the flyout is a form.
 */
export function SplitEditor({ split, draft }: { split: SplitEditorState; draft: SplitDraft }) {
  const amounts = partAmounts(draft);
  const errors = partErrors(draft);
  const blocked = saveBlockedReason(draft);
  const remaining = remainingCents(draft);
  const direction = directionOf(draft.totalCents) < 0 ? 'money out' : 'money in';
  const count = draft.parts.length;
  return (
    <div data-testid="split-editor">
      <SpaceBetween size="m">
        {split.conflict ? (
          <ConflictAlert
            thing="transaction"
            message={split.conflict}
            onLoadLatest={() => void split.loadLatest()}
            testId="split-conflict"
          />
        ) : null}
        {split.closedPeriod ? (
          <Alert
            type="warning"
            header="This period is closed"
            action={
              split.canOverrideClosedPeriod ? (
                <Button
                  formAction="none"
                  loading={split.saving}
                  onClick={() => void split.save({ overrideClosedPeriod: true })}
                >
                  Save anyway
                </Button>
              ) : undefined
            }
            data-testid="split-period-closed"
          >
            {split.closedPeriod}
          </Alert>
        ) : null}
        {split.serverErrors.form || split.error ? (
          <Alert type="error" data-testid="split-error">
            {split.serverErrors.form ?? split.error}
          </Alert>
        ) : null}
        <Box variant="p" color="text-body-secondary">
          Share {formatCurrency(draft.totalCents, 2)} among categories and properties. Amounts are {direction}, like the
          transaction; put a minus sign before money going the other way.
        </Box>
        <ModeSwitch mode={draft.mode} dispatch={split.dispatch} />
        <ol className="rt-split-parts" aria-label="Parts">
          {draft.parts.map((part, index) => (
            <li key={part.key}>
              <SplitPartCard
                part={part}
                index={index}
                mode={draft.mode}
                amountText={amounts[index] === null ? null : formatCurrency(amounts[index] ?? 0, 2)}
                {...fieldErrors({ ...errors[index], ...split.serverErrors.parts[index] })}
                removable={count > SPLIT_PARTS_MIN}
                focusAmount={split.focusNewPart && index === count - 1}
                dispatch={split.dispatch}
              />
            </li>
          ))}
        </ol>
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            formAction="none"
            iconName="add-plus"
            onClick={() => split.dispatch({ type: 'add' })}
            disabled={count >= SPLIT_PARTS_MAX}
            disabledReason={`A split has at most ${SPLIT_PARTS_MAX} parts.`}
            data-testid="split-add-part"
          >
            Add part
          </Button>
          <Button formAction="none" onClick={() => split.dispatch({ type: 'evenly' })} data-testid="split-evenly">
            Split evenly
          </Button>
        </SpaceBetween>
        <div aria-live="polite" data-testid="split-remaining">
          <StatusIndicator type={remaining === 0 ? 'success' : 'warning'}>{remainingText(draft)}</StatusIndicator>
          {draft.mode === 'percent' ? (
            <Box variant="small" color="text-body-secondary" display="block">
              Percentages add up to {typedPercent(percentTotal(draft))}%.
            </Box>
          ) : null}
        </div>
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              formAction="none"
              variant="link"
              onClick={split.cancel}
              disabled={split.saving}
              data-testid="split-cancel"
            >
              Cancel split
            </Button>
            <Button
              formAction="none"
              variant="primary"
              loading={split.saving}
              loadingText="Saving split..."
              disabled={blocked !== null}
              disabledReason={blocked ?? undefined}
              onClick={() => void split.save()}
              data-testid="split-save"
            >
              Save split
            </Button>
          </SpaceBetween>
        </Box>
      </SpaceBetween>
    </div>
  );
}

function ModeSwitch({ mode, dispatch }: { mode: SplitMode; dispatch: (action: SplitAction) => void }) {
  const labelId = useId();
  return (
    <FormField label={<span id={labelId}>Split by</span>} stretch>
      <SegmentedControl
        ariaLabelledby={labelId}
        selectedId={mode}
        onChange={({ detail }) =>
          dispatch({ type: 'mode', mode: detail.selectedId === 'percent' ? 'percent' : 'amount' })
        }
        options={[
          { id: 'amount', text: 'By amount' },
          { id: 'percent', text: 'By percentage' },
        ]}
        data-testid="split-mode"
      />
    </FormField>
  );
}

/** A label that reads "Amount of part 2" to a screen reader and "Amount" on screen (the card names the part). */
const partLabel = (field: string, n: number) => (
  <>
    {field}
    <span className="rt-sr-only"> of part {n}</span>
  </>
);

/** A part's errors as plain props, so the memoized card compares them by value. */
const fieldErrors = (errors: SplitPartErrors) => ({
  amountError: errors.amount,
  percentError: errors.percent,
  categoryError: errors.category,
  propertyError: errors.propertyId ?? errors.leaseId,
  memoError: errors.memo,
});

/** One part's card; memoized, so typing in one part redraws that part (a split may have 250). */
const SplitPartCard = memo(function SplitPartCard({
  part,
  index,
  mode,
  amountText,
  amountError,
  percentError,
  categoryError,
  propertyError,
  memoError,
  removable,
  focusAmount,
  dispatch,
}: {
  part: SplitPartDraft;
  index: number;
  mode: SplitMode;
  /** What the part comes to, formatted; null while it cannot be read. */
  amountText: string | null;
  amountError?: string;
  percentError?: string;
  categoryError?: string;
  propertyError?: string;
  memoError?: string;
  removable: boolean;
  focusAmount: boolean;
  dispatch: (action: SplitAction) => void;
}) {
  const id = useId();
  const n = index + 1;
  const set = (field: 'amount' | 'percent' | 'category' | 'propertyId' | 'memo', value: string) =>
    dispatch({ type: 'set', index, field, value });
  return (
    <Container
      data-testid="split-part"
      header={
        <Header
          variant="h3"
          headingTagOverride="h4"
          actions={
            <Button
              formAction="none"
              variant="icon"
              iconName="remove"
              ariaLabel={`Remove part ${n}`}
              disabled={!removable}
              disabledReason={`A split has at least ${SPLIT_PARTS_MIN} parts.`}
              onClick={() => dispatch({ type: 'remove', index })}
              data-testid="split-part-remove"
            />
          }
        >
          Part {n}
        </Header>
      }
    >
      <ColumnLayout columns={2} minColumnWidth={200}>
        {mode === 'amount' ? (
          <FormField label={partLabel('Amount', n)} errorText={amountError} controlId={`${id}-amount`} stretch>
            <Input
              controlId={`${id}-amount`}
              ariaLabel={`Amount of part ${n}`}
              value={part.amount}
              onChange={({ detail }) => set('amount', detail.value)}
              invalid={!!amountError}
              inputMode="decimal"
              placeholder="0.00"
              autoFocus={focusAmount}
              data-testid="split-part-amount"
            />
          </FormField>
        ) : (
          <FormField
            label={partLabel('Percentage', n)}
            description={amountText ? `Comes to ${amountText}` : 'Comes to —'}
            errorText={percentError ?? amountError}
            controlId={`${id}-percent`}
            stretch
          >
            <Input
              controlId={`${id}-percent`}
              ariaLabel={`Percentage of part ${n}`}
              value={part.percent}
              onChange={({ detail }) => set('percent', detail.value)}
              invalid={!!percentError}
              inputMode="decimal"
              placeholder="0"
              autoFocus={focusAmount}
              data-testid="split-part-percent"
            />
          </FormField>
        )}
        <FormField label={partLabel('Category', n)} errorText={categoryError} controlId={`${id}-category`} stretch>
          <CategorySelect
            controlId={`${id}-category`}
            ariaLabel={`Category of part ${n}`}
            value={part.category}
            onChange={(value) => set('category', value)}
            invalid={!!categoryError}
            testId="split-part-category"
          />
        </FormField>
        <FormField label={partLabel('Property', n)} errorText={propertyError} controlId={`${id}-property`} stretch>
          <PropertyPicker
            controlId={`${id}-property`}
            ariaLabel={`Property of part ${n}`}
            value={part.propertyId}
            onChange={(propertyId) => set('propertyId', propertyId)}
            allOptionLabel="No property"
            placeholder="Select property"
            invalid={!!propertyError}
            testId="split-part-property"
          />
        </FormField>
        <FormField label={partLabel('Memo', n)} errorText={memoError} controlId={`${id}-memo`} stretch>
          <Input
            controlId={`${id}-memo`}
            ariaLabel={`Memo of part ${n}`}
            value={part.memo}
            onChange={({ detail }) => set('memo', detail.value)}
            invalid={!!memoError}
            placeholder="Optional"
            data-testid="split-part-memo"
          />
        </FormField>
      </ColumnLayout>
    </Container>
  );
});
