import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, callRoute, errorMessage, isForbiddenError } from '../../api/client';
import type { Receipt } from '../../api/receipts';
import {
  saveErrorText,
  TRANSACTION_ERRORS,
  type Transaction,
  useCreateTransaction,
  useDeleteTransaction,
  useSetIgnored,
  useTransaction,
  useUpdateTransaction,
} from '../../api/transactions';
import { CategorySelect } from '../CategorySelect';
import { PropertyPicker } from '../PropertyPicker';
import { RightDrawer } from '../RightDrawer';
import { toast } from '../toast/store';
import { ReceiptsSection } from './ReceiptsSection';
import { closeTransactionFlyout, getRuleTipHandler, getTransactionFlyoutState, useTransactionFlyout } from './store';
import {
  buildTransactionBody,
  splitTransactionIssues,
  type TransactionField,
  type TransactionFormErrors,
  type TransactionFormValues,
  toFormValues,
} from './transactionForm';

/** SPEC §2/§9: the transaction flyout is at most 600px wide. */
export const TRANSACTION_FLYOUT_MAX_WIDTH = 600;
/** SPEC §4: the success toast follows a save after 100ms and lasts 3000ms; errors last 5000ms. */
export const SUCCESS_TOAST_DELAY_MS = 100;
export const SUCCESS_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 5000;
/** SPEC §4, §8, §9: the category tip follows a category change after 1500ms and lasts 5000ms. */
export const RULE_TIP_DELAY_MS = 1500;
export const RULE_TIP_MS = 5000;
export const RULE_TIP_TEXT = 'Want to automate similar categorizations? Create a categorization rule!';
export const MESSAGES_DISABLED_TEXT = 'History will be available once this transaction is saved';
export const BANK_DELETE_TEXT =
  'Bank transactions cannot be deleted: the next bank sync would bring them back. Ignore it instead; ignored transactions are left out of every total and report.';

function successToast(description: string) {
  setTimeout(
    () => toast({ type: 'success', title: 'Success', description, duration: SUCCESS_TOAST_MS }),
    SUCCESS_TOAST_DELAY_MS,
  );
}

function ruleTip(transaction: Transaction) {
  const handler = getRuleTipHandler();
  if (!handler) return;
  setTimeout(
    () =>
      toast({
        type: 'info',
        title: 'Tip',
        description: RULE_TIP_TEXT,
        duration: RULE_TIP_MS,
        action: { label: 'Create Rule', onClick: () => handler(transaction) },
      }),
    RULE_TIP_DELAY_MS,
  );
}

function errorToast(description: string) {
  toast({ type: 'error', title: 'Error', description, duration: ERROR_TOAST_MS });
}

/** The flyout the shell hosts (SPEC §2 "Transaction flyout"). A new session (every open) starts afresh. */
export default function TransactionFlyout() {
  const flyout = useTransactionFlyout();
  return <TransactionEditor key={flyout.session} />;
}

function TransactionEditor() {
  const idPrefix = useId();
  const flyout = useTransactionFlyout();
  const { open, id: transactionId, seed } = flyout;
  const editing = !!transactionId;
  const query = useTransaction(open ? transactionId : null, seed);
  const transaction = editing ? (query.data ?? null) : null;

  const create = useCreateTransaction();
  const update = useUpdateTransaction();
  const setIgnored = useSetIgnored();
  const remove = useDeleteTransaction();

  const [tab, setTab] = useState('details');
  const [values, setValues] = useState<TransactionFormValues | null>(() =>
    editing ? (seed && seed.id === transactionId ? toFormValues(seed) : null) : toFormValues(null),
  );
  const [version, setVersion] = useState<number | null>(seed?.id === transactionId ? (seed?.version ?? null) : null);
  const [isIgnored, setIsIgnoredState] = useState<boolean>(seed?.id === transactionId ? !!seed?.isIgnored : false);
  const dirty = useRef(false);
  const [errors, setErrors] = useState<TransactionFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState<Receipt[]>([]);
  const [receiptBusy, setReceiptBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = create.isPending || update.isPending;
  const saved = useRef(false);

  // SPEC §2: back to Details when the transaction changes or the flyout closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when these change
  useEffect(() => setTab('details'), [transactionId, open]);

  // The row the caller passed is shown at once; the current version replaces it unless the user has started typing.
  const fresh = query.data && !query.isPlaceholderData && query.isFetchedAfterMount ? query.data : null;
  useEffect(() => {
    if (!editing || !fresh) return;
    if (!dirty.current) setValues(toFormValues(fresh));
    setVersion((v) => (!dirty.current || v === null ? fresh.version : v));
    setIsIgnoredState(fresh.isIgnored);
  }, [editing, fresh]);

  // Closing an unsaved new transaction discards the receipts uploaded for it (they are attached to nothing).
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  useEffect(() => {
    if (open) return;
    if (!editing && !saved.current && pendingRef.current.length > 0) {
      for (const receipt of pendingRef.current) {
        void callRoute('deleteReceipt', { params: { id: receipt.id } }).catch(() => undefined);
      }
      setPending([]);
    }
  }, [open, editing]);

  const set = <K extends keyof TransactionFormValues>(field: K, value: TransactionFormValues[K]) => {
    if (!values) return;
    dirty.current = true;
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(buildTransactionBody(next).errors);
  };

  const controlId = (field: TransactionField | 'direction' | 'ignored') => `${idPrefix}-${field}`;

  const onSubmit = async () => {
    if (!values || busy) return;
    setSubmitted(true);
    setFormError(null);
    setConflict(null);
    const { body, errors: clientErrors } = buildTransactionBody(values);
    setErrors(clientErrors);
    if (!body) {
      setFormError('Please fix the highlighted fields.');
      return;
    }
    try {
      if (editing && transactionId) {
        const updated = await update.mutateAsync({
          id: transactionId,
          body: { ...body, version: version ?? transaction?.version ?? 1 },
        });
        successToast('Transaction updated successfully!');
        if (updated.category && updated.category !== (transaction?.category ?? null)) ruleTip(updated);
      } else {
        const created = await create.mutateAsync({
          ...body,
          ...(pending.length > 0 && { receiptIds: pending.map((r) => r.id) }),
        });
        saved.current = true;
        successToast('Transaction created successfully!');
        if (created.category) ruleTip(created);
      }
      closeTransactionFlyout();
    } catch (error) {
      const fallback = editing ? TRANSACTION_ERRORS.update : TRANSACTION_ERRORS.create;
      if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) {
        const { fields, other } = splitTransactionIssues(error.issues);
        setErrors(fields);
        setFormError(other.length ? other.join(' ') : error.message);
      } else if (error instanceof ApiError && error.status === 409) {
        setConflict(error.message);
      }
      errorToast(saveErrorText(error, fallback));
    }
  };

  const onToggleIgnored = async (next: boolean) => {
    if (!transactionId) return;
    setIsIgnoredState(next);
    try {
      const result = await setIgnored.mutateAsync({ id: transactionId, isIgnored: next });
      setIsIgnoredState(result.isIgnored);
      setVersion(result.version);
    } catch (error) {
      setIsIgnoredState(!next);
      errorToast(`${TRANSACTION_ERRORS.ignore}${error instanceof Error && error.message ? `: ${error.message}` : ''}`);
    }
  };

  const onDelete = async () => {
    if (!transactionId) return;
    try {
      await remove.mutateAsync(transactionId);
      setConfirmDelete(false);
      closeTransactionFlyout();
      successToast('Transaction deleted.');
    } catch (error) {
      setConfirmDelete(false);
      errorToast(saveErrorText(error, 'Failed to delete transaction'));
    }
  };

  const loadLatest = async () => {
    const latest = await query.refetch();
    if (latest.data) {
      setValues(toFormValues(latest.data));
      setVersion(latest.data.version);
      setIsIgnoredState(latest.data.isIgnored);
      dirty.current = false;
      setConflict(null);
      setErrors({});
    }
  };

  const title = editing ? 'Edit Transaction' : 'Add Transaction';
  const forbidden = editing && isForbiddenError(query.error);
  const loadFailed = editing && !values && query.isError;

  const details = !values ? (
    loadFailed ? (
      <Alert
        type="error"
        header={forbidden ? 'Not available for your role' : 'This transaction could not be loaded'}
        action={
          forbidden ? undefined : (
            <Button formAction="none" onClick={() => void query.refetch()}>
              Retry
            </Button>
          )
        }
        data-testid="transaction-load-error"
      >
        {errorMessage(query.error, 'Please try again.')}
      </Alert>
    ) : (
      <Box padding="l" textAlign="center">
        <Spinner size="large" />
        <Box variant="p" color="text-status-inactive">
          Loading transaction...
        </Box>
      </Box>
    )
  ) : (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      data-testid="transaction-form"
    >
      {/* Enter in a field submits. */}
      <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      <SpaceBetween size="l">
        {conflict ? (
          <Alert
            type="warning"
            header="Someone else changed this transaction"
            action={
              <Button formAction="none" onClick={() => void loadLatest()}>
                Load latest version
              </Button>
            }
            data-testid="transaction-conflict"
          >
            {conflict} Your edits are still here; load the latest version to see what changed, then save again.
          </Alert>
        ) : null}
        {formError ? (
          <Alert type="error" data-testid="transaction-form-error">
            {formError}
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
                onChange={({ detail }) => set('name', detail.value)}
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
                  onChange={({ detail }) => set('date', detail.value)}
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
                constraintText="US dollars, e.g. 1250.50"
                stretch
              >
                <Input
                  controlId={controlId('amount')}
                  value={values.amount}
                  onChange={({ detail }) => set('amount', detail.value)}
                  invalid={!!errors.amount}
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
                onChange={({ detail }) => set('direction', detail.selectedId === 'out' ? 'out' : 'in')}
                options={[
                  { id: 'in', text: 'Money In', iconName: 'arrow-down' },
                  { id: 'out', text: 'Money Out', iconName: 'arrow-up' },
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
                  onChange={({ detail }) => set('notes', detail.value)}
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
            <Header variant="h3">
              <span id={`${idPrefix}-categorization`}>Categorization</span>
            </Header>
            <FormField label="Category" errorText={errors.category} controlId={controlId('category')} stretch>
              <CategorySelect
                controlId={controlId('category')}
                value={values.category}
                onChange={(value) => set('category', value)}
                invalid={!!errors.category}
                testId="transaction-category"
              />
            </FormField>
            <FormField label="Property" errorText={errors.propertyId} controlId={controlId('propertyId')} stretch>
              <PropertyPicker
                controlId={controlId('propertyId')}
                value={values.propertyId}
                onChange={(id) => set('propertyId', id)}
                allOptionLabel="No property"
                placeholder="Select property"
                invalid={!!errors.propertyId}
                testId="transaction-property"
              />
            </FormField>
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
                  checked={isIgnored}
                  disabled={setIgnored.isPending}
                  onChange={({ detail }) => void onToggleIgnored(detail.checked)}
                  data-testid="transaction-ignore"
                >
                  {isIgnored ? 'Ignored' : 'Not ignored'}
                </Toggle>
              </FormField>
              {transaction.source === 'user_created' ? (
                <SpaceBetween size="xs">
                  <Box variant="small" color="text-body-secondary">
                    You added this transaction by hand, so you can delete it.
                  </Box>
                  <div>
                    <Button formAction="none" onClick={() => setConfirmDelete(true)} data-testid="transaction-delete">
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
            transactionId={editing ? transactionId : null}
            pending={pending}
            onPendingChange={setPending}
            onBusyChange={setReceiptBusy}
          />
        </section>
      </SpaceBetween>
    </form>
  );

  const openReviews = !!transaction?.hasOpenReviewRequests;

  return (
    <>
      <RightDrawer
        open={open}
        onClose={(method) => {
          // SPEC §4 "opening" flag: a click that lands on the backdrop while the flyout slides in does not close it.
          if (method === 'backdrop-click' && getTransactionFlyoutState().opening) return;
          closeTransactionFlyout();
        }}
        title={title}
        description={editing ? (transaction?.name ?? seed?.name) : 'Record money in or out by hand.'}
        maxWidth={600}
        closeLabel="Close transaction"
        testId="transaction-flyout"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                formAction="none"
                variant="link"
                onClick={closeTransactionFlyout}
                disabled={busy}
                data-testid="transaction-cancel"
              >
                Cancel
              </Button>
              <Button
                formAction="none"
                variant="primary"
                loading={busy}
                loadingText="Saving..."
                disabled={!values || receiptBusy}
                onClick={() => void onSubmit()}
                data-testid="transaction-save"
              >
                {busy ? 'Saving...' : editing ? 'Update Transaction' : 'Create Transaction'}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) => setTab(detail.activeTabId)}
          ariaLabel="Transaction"
          tabs={[
            { id: 'details', label: 'Details', content: details },
            {
              id: 'messages',
              label: openReviews ? (
                <span>
                  Messages <Badge color="blue">Review</Badge>
                  <span className="rt-sr-only"> (open review requests)</span>
                </span>
              ) : (
                'Messages'
              ),
              disabled: !editing,
              disabledReason: MESSAGES_DISABLED_TEXT,
              content: (
                <SpaceBetween size="m">
                  <Header variant="h3">Activity</Header>
                  {editing ? (
                    <Box color="text-body-secondary" data-testid="transaction-activity">
                      Messages and review requests for this transaction will appear here.
                    </Box>
                  ) : (
                    <Box color="text-body-secondary">{MESSAGES_DISABLED_TEXT}</Box>
                  )}
                </SpaceBetween>
              ),
            },
          ]}
        />
      </RightDrawer>
      <Modal
        visible={confirmDelete}
        onDismiss={() => (remove.isPending ? undefined : setConfirmDelete(false))}
        header="Delete transaction"
        data-testid="transaction-delete-modal"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                formAction="none"
                variant="link"
                onClick={() => setConfirmDelete(false)}
                disabled={remove.isPending}
              >
                Cancel
              </Button>
              <Button
                formAction="none"
                variant="primary"
                loading={remove.isPending}
                onClick={() => void onDelete()}
                data-testid="transaction-delete-confirm"
              >
                Delete
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        Delete “{values?.name || transaction?.name}” and its receipts? This cannot be undone.
      </Modal>
    </>
  );
}
