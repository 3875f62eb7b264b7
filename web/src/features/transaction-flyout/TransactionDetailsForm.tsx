import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { toCents } from '@rent/shared/core/money';
import { transactionSourceLabel } from '@rent/shared/core/transactions';
import { useId } from 'react';
import { CategorySelect } from '../../components/CategorySelect';
import { ConflictAlert } from '../../components/ConflictAlert';
import { PropertyPicker } from '../../components/PropertyPicker';
import { BankStatus } from './BankStatus';
import { LeasePicker } from './LeasePicker';
import { ReceiptsSection } from './ReceiptsSection';
import { SplitEditor } from './SplitEditor';
import { SplitSummary } from './SplitSummary';
import { typedFormCents } from './splitForm';
import { TransferSection } from './TransferSection';
import type { TransactionField, TransactionFormValues } from './transactionForm';
import type { SplitEditor as SplitEditorState } from './use-split-editor';
import { BANK_DELETE_TEXT, type TransactionEditor } from './use-transaction-editor';

/** Why the amount cannot change while a transaction is split (the server refuses it too). */
export const SPLIT_AMOUNT_FIXED_TEXT = 'Split: the parts add up to this amount. Unsplit to change it.';
export const SPLIT_NEEDS_SAVED_AMOUNT = 'Save the new amount first: a split shares out the saved amount.';

/**
 * The Details tab's form: details, notes, categorization, status (ignore, delete) and receipts.
 * Buttons are `formAction="none"`: Cloudscape buttons submit a surrounding form by default.
 */
export function TransactionDetailsForm({
  editor,
  split,
  values,
  title,
}: {
  editor: TransactionEditor;
  split: SplitEditorState;
  values: TransactionFormValues;
  title: string;
}) {
  const idPrefix = useId();
  const { errors, editing, transaction, setField } = editor;
  const parts = editing ? (transaction?.parts ?? null) : null;
  // While split (or being split) the amount is the parts' sum: it cannot change.
  const amountFixed = !!parts || !!split.draft;
  const controlId = (field: TransactionField | 'direction' | 'ignored') => `${idPrefix}-${field}`;
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        // Enter in a part's field saves the split (when it can be), never the transaction under it.
        if (split.draft) void split.save();
        else void editor.submit();
      }}
      data-testid="transaction-form"
    >
      {/* Enter in a field submits. */}
      <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      <SpaceBetween size="l">
        {editor.conflict ? (
          <ConflictAlert
            thing="transaction"
            message={editor.conflict}
            onLoadLatest={() => void editor.loadLatest()}
            testId="transaction-conflict"
          />
        ) : null}
        {editor.closedPeriod ? (
          <Alert
            type="warning"
            header={editor.closedPeriod.reconciled ? 'This transaction is reconciled' : 'This period is closed'}
            action={
              editor.canOverrideClosedPeriod ? (
                <Button formAction="none" loading={editor.busy} onClick={() => void editor.overrideClosedPeriod()}>
                  {editor.closedPeriod.refused === 'delete' ? 'Delete anyway' : 'Save anyway'}
                </Button>
              ) : undefined
            }
            data-testid="transaction-period-closed"
          >
            {editor.closedPeriod.message}
            {editor.canOverrideClosedPeriod
              ? ' As an admin you can override; the change is recorded as an override in its activity.'
              : ''}
          </Alert>
        ) : null}
        {editor.editing && editor.transaction ? (
          <BankStatus
            transaction={editor.transaction}
            onAccepted={() =>
              void editor.readLatest().then((latest) => (latest ? editor.applySaved(latest) : undefined))
            }
          />
        ) : null}
        {editor.editing && editor.transaction ? (
          <TransferSection transaction={editor.transaction} onChanged={editor.applySaved} />
        ) : null}
        {editor.formError ? (
          <Alert type="error" data-testid="transaction-form-error">
            {editor.formError}
          </Alert>
        ) : null}

        <section aria-labelledby={`${idPrefix}-details`}>
          <SpaceBetween size="m">
            <Header variant="h3">
              <span id={`${idPrefix}-details`}>Transaction Details</span>
            </Header>
            <FormField label="Name" errorText={errors.name} controlId={controlId('name')} stretch>
              <Input
                controlId={controlId('name')}
                value={values.name}
                onChange={({ detail }) => setField('name', detail.value)}
                invalid={!!errors.name}
                ariaRequired
                placeholder="e.g. Rossi Plumbing"
                data-testid="transaction-name"
              />
            </FormField>
            <ColumnLayout columns={2} minColumnWidth={160}>
              <FormField
                label="Date"
                errorText={errors.date}
                controlId={controlId('date')}
                constraintText="YYYY/MM/DD"
                stretch
              >
                <DatePicker
                  controlId={controlId('date')}
                  value={values.date}
                  onChange={({ detail }) => setField('date', detail.value)}
                  invalid={!!errors.date}
                  ariaRequired
                  placeholder="YYYY/MM/DD"
                  openCalendarAriaLabel={(selected) => `Choose date${selected ? `, selected date is ${selected}` : ''}`}
                  expandToViewport
                  data-testid="transaction-date"
                />
              </FormField>
              <FormField
                label="Amount"
                errorText={errors.amount}
                controlId={controlId('amount')}
                constraintText={amountFixed ? SPLIT_AMOUNT_FIXED_TEXT : 'US dollars, e.g. 1250.50'}
                stretch
              >
                <Input
                  controlId={controlId('amount')}
                  value={values.amount}
                  onChange={({ detail }) => setField('amount', detail.value)}
                  invalid={!!errors.amount}
                  disabled={amountFixed}
                  ariaRequired
                  inputMode="decimal"
                  placeholder="0.00"
                  data-testid="transaction-amount"
                />
              </FormField>
            </ColumnLayout>
            <FormField
              label={<span id={`${idPrefix}-direction-label`}>Transaction Type</span>}
              description={values.direction === 'out' ? 'Saved as a negative amount.' : 'Saved as a positive amount.'}
              stretch
            >
              <SegmentedControl
                ariaLabelledby={`${idPrefix}-direction-label`}
                selectedId={values.direction}
                onChange={({ detail }) => setField('direction', detail.selectedId === 'out' ? 'out' : 'in')}
                options={[
                  { id: 'in', text: 'Money In', iconName: 'arrow-down', disabled: amountFixed },
                  { id: 'out', text: 'Money Out', iconName: 'arrow-up', disabled: amountFixed },
                ]}
                data-testid="transaction-direction"
              />
            </FormField>
          </SpaceBetween>
        </section>

        <section aria-labelledby={`${idPrefix}-notes-heading`}>
          <SpaceBetween size="m">
            <Header variant="h3">
              <span id={`${idPrefix}-notes-heading`}>Notes</span>
            </Header>
            <FormField errorText={errors.notes} stretch>
              <div className="rt-notes">
                <Textarea
                  ariaLabel="Notes"
                  value={values.notes}
                  onChange={({ detail }) => setField('notes', detail.value)}
                  invalid={!!errors.notes}
                  rows={5}
                  placeholder="Anything worth remembering about this transaction"
                  data-testid="transaction-notes"
                />
              </div>
            </FormField>
          </SpaceBetween>
        </section>

        <section aria-labelledby={`${idPrefix}-categorization`}>
          <SpaceBetween size="m">
            <Header
              variant="h3"
              actions={
                editing && transaction && !parts && !split.draft ? (
                  <Button
                    formAction="none"
                    onClick={split.start}
                    disabled={typedFormCents(values) !== toCents(transaction.amount)}
                    disabledReason={SPLIT_NEEDS_SAVED_AMOUNT}
                    data-testid="transaction-split"
                  >
                    Split
                  </Button>
                ) : undefined
              }
            >
              <span id={`${idPrefix}-categorization`}>Categorization</span>
            </Header>
            {split.draft ? (
              <SplitEditor split={split} draft={split.draft} />
            ) : parts && transaction ? (
              <SplitSummary transaction={transaction} parts={parts} split={split} />
            ) : (
              <>
                <FormField label="Category" errorText={errors.category} controlId={controlId('category')} stretch>
                  <CategorySelect
                    controlId={controlId('category')}
                    value={values.category}
                    onChange={(value) => setField('category', value)}
                    invalid={!!errors.category}
                    testId="transaction-category"
                  />
                </FormField>
                <FormField label="Property" errorText={errors.propertyId} controlId={controlId('propertyId')} stretch>
                  <PropertyPicker
                    controlId={controlId('propertyId')}
                    value={values.propertyId}
                    onChange={(id) => setField('propertyId', id)}
                    allOptionLabel="No property"
                    placeholder="Select property"
                    invalid={!!errors.propertyId}
                    testId="transaction-property"
                  />
                </FormField>
                <LeasePicker
                  values={values}
                  onChange={(id) => setField('leaseId', id)}
                  errorText={errors.leaseId}
                  controlId={controlId('leaseId')}
                />
              </>
            )}
          </SpaceBetween>
        </section>

        {editing && transaction ? (
          <section aria-labelledby={`${idPrefix}-status`} data-testid="transaction-status">
            <SpaceBetween size="m">
              <Header variant="h3">
                <span id={`${idPrefix}-status`}>Transaction Status</span>
              </Header>
              <FormField
                label="Ignore"
                description="Ignored transactions are excluded from all calculations and reports."
                controlId={controlId('ignored')}
              >
                <Toggle
                  controlId={controlId('ignored')}
                  checked={editor.isIgnored}
                  disabled={editor.ignoreBusy}
                  onChange={({ detail }) => void editor.toggleIgnored(detail.checked)}
                  data-testid="transaction-ignore"
                >
                  {editor.isIgnored ? 'Ignored' : 'Not ignored'}
                </Toggle>
              </FormField>
              {transaction.source !== 'plaid' ? (
                <SpaceBetween size="xs">
                  <Box variant="small" color="text-body-secondary" data-testid="transaction-source">
                    {transaction.source === 'import'
                      ? `Source: ${transactionSourceLabel(transaction)}. You imported this transaction from a bank file, so you can delete it (or undo the whole import from Import history).`
                      : 'You added this transaction by hand, so you can delete it.'}
                  </Box>
                  <div>
                    <Button
                      formAction="none"
                      onClick={() => editor.setConfirmDelete(true)}
                      data-testid="transaction-delete"
                    >
                      Delete transaction
                    </Button>
                  </div>
                </SpaceBetween>
              ) : (
                <Box variant="small" color="text-body-secondary" data-testid="transaction-bank-note">
                  This transaction came from your bank. {BANK_DELETE_TEXT}
                </Box>
              )}
            </SpaceBetween>
          </section>
        ) : null}

        <section>
          <ReceiptsSection
            transactionId={editing ? editor.transactionId : null}
            pending={editor.pending}
            onPendingChange={editor.setPending}
            onBusyChange={editor.setReceiptBusy}
          />
        </section>
      </SpaceBetween>
    </form>
  );
}
