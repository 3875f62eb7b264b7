import { PERIOD_CLOSED_CODE } from '@rent/shared/core/auditDiff';
import { MESSAGES } from '@rent/shared/core/messages';
import { RECONCILED_CODE } from '@rent/shared/core/reconciliation';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage, isForbiddenError } from '../../api/client';
import { useOrganization } from '../../api/organization';
import { type Receipt, useDiscardReceipts } from '../../api/receipts';
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
import { toast } from '../../components/toast/store';
import { closeTransactionFlyout, getRuleTipHandler, type TransactionDraft, useTransactionFlyout } from './store';
import {
  buildTransactionBody,
  splitTransactionIssues,
  type TransactionFormErrors,
  type TransactionFormValues,
  toFormValues,
} from './transactionForm';

/** The success toast follows a save after 100ms and lasts 3000ms; errors last 5000ms (the default). */
export const SUCCESS_TOAST_DELAY_MS = 100;
export const SUCCESS_TOAST_MS = 3000;
/** The category tip follows a category change after 1500ms and lasts 5000ms. */
export const RULE_TIP_DELAY_MS = 1500;
export const RULE_TIP_MS = 5000;
export const RULE_TIP_TEXT = 'Want to automate similar categorizations? Create a categorization rule!';
/** Why a bank transaction has no Delete button: the server's own words. */
export const BANK_DELETE_TEXT = MESSAGES.bankTransactionDelete;

/** A new transaction's form: empty, or what a draft from elsewhere starts it with. */
function draftValues(draft: TransactionDraft | null): TransactionFormValues {
  const empty = toFormValues(null);
  if (!draft) return empty;
  const { propertyId, category, direction, notes } = draft;
  return { ...empty, propertyId: propertyId ?? '', category, direction, notes };
}

/** A closed period, or a line a finished reconciliation holds (docs/reconciliation.md): the same admin override. */
const isPeriodClosed = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.code === PERIOD_CLOSED_CODE || error.code === RECONCILED_CODE);

const successToast = (description: string) =>
  toast.success('Success', { description, duration: SUCCESS_TOAST_MS, delay: SUCCESS_TOAST_DELAY_MS });
const errorToast = (description: string) => toast.error('Error', { description });

function ruleTip(transaction: Transaction) {
  const handler = getRuleTipHandler();
  if (!handler) return;
  toast.info('Tip', {
    description: RULE_TIP_TEXT,
    duration: RULE_TIP_MS,
    delay: RULE_TIP_DELAY_MS,
    action: { label: 'Create Rule', onClick: () => handler(transaction) },
  });
}

/**
 * Everything the transaction flyout does (docs/product.md "Transaction flyout"): the form and its checks, save (create
 * or update with the version read), the ignore switch (an immediate PATCH whose new version the next save uses),
 * delete, the 409 "load latest" path, and the receipts uploaded while adding (attached on create, discarded if
 * abandoned).
 */
export function useTransactionEditor() {
  const flyout = useTransactionFlyout();
  const { open, id: transactionId, seed } = flyout;
  const editing = !!transactionId;
  const query = useTransaction(open ? transactionId : null, seed);
  const transaction = editing ? (query.data ?? null) : null;
  const seeded = seed?.id === transactionId ? seed : null;

  const create = useCreateTransaction();
  const update = useUpdateTransaction();
  const setIgnored = useSetIgnored();
  const remove = useDeleteTransaction();
  const discardReceipts = useDiscardReceipts();

  const [values, setValues] = useState<TransactionFormValues | null>(() =>
    editing ? (seeded ? toFormValues(seeded) : null) : draftValues(flyout.draft),
  );
  const [version, setVersion] = useState<number | null>(seeded?.version ?? null);
  const [isIgnored, setIsIgnoredState] = useState<boolean>(!!seeded?.isIgnored);
  const dirty = useRef(false);
  const [errors, setErrors] = useState<TransactionFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  // A 409 PERIOD_CLOSED: the server's words, and what was refused (an ADMIN may do it again with an override).
  const [closedPeriod, setClosedPeriod] = useState<{
    message: string;
    refused: 'save' | 'delete';
    reconciled?: boolean;
  } | null>(null);
  const canOverrideClosedPeriod = useOrganization().role === 'ADMIN';
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState<Receipt[]>([]);
  const [receiptBusy, setReceiptBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = create.isPending || update.isPending;
  const saved = useRef(false);

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
  const discardRef = useRef(discardReceipts.mutate);
  discardRef.current = discardReceipts.mutate;
  useEffect(() => {
    if (open) return;
    if (!editing && !saved.current && pendingRef.current.length > 0) {
      discardRef.current(pendingRef.current.map((receipt) => receipt.id));
      setPending([]);
    }
  }, [open, editing]);

  const setField = <K extends keyof TransactionFormValues>(field: K, value: TransactionFormValues[K]) => {
    if (!values) return;
    dirty.current = true;
    const next = { ...values, [field]: value };
    // A lease belongs to its property: a new property forgets the lease (the server's rule decides again).
    if (field === 'propertyId' && value !== values.propertyId)
      Object.assign(next, { leaseId: '', leaseChoice: 'auto' });
    if (field === 'leaseId') next.leaseChoice = 'changed';
    setValues(next);
    if (submitted) setErrors(buildTransactionBody(next).errors);
  };

  const submit = async ({ overrideClosedPeriod = false } = {}) => {
    if (!values || busy) return;
    setSubmitted(true);
    setFormError(null);
    setConflict(null);
    setClosedPeriod(null);
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
          overrideClosedPeriod,
        });
        successToast('Transaction updated successfully!');
        if (updated.category && updated.category !== (transaction?.category ?? null)) ruleTip(updated);
      } else {
        const created = await create.mutateAsync({
          body: {
            ...body,
            ...(pending.length > 0 && { receiptIds: pending.map((r) => r.id) }),
            ...(flyout.draft && { maintenanceRequestId: flyout.draft.maintenanceRequestId }),
          },
          overrideClosedPeriod,
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
      } else if (isPeriodClosed(error)) {
        setClosedPeriod({ message: error.message, refused: 'save', reconciled: error.code === RECONCILED_CODE });
      } else if (error instanceof ApiError && error.status === 409) {
        setConflict(error.message);
      }
      errorToast(saveErrorText(error, fallback));
    }
  };

  const toggleIgnored = async (next: boolean) => {
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

  const deleteTransaction = async ({ overrideClosedPeriod = false } = {}) => {
    if (!transactionId) return;
    setClosedPeriod(null);
    try {
      await remove.mutateAsync({ id: transactionId, overrideClosedPeriod });
      setConfirmDelete(false);
      closeTransactionFlyout();
      successToast('Transaction deleted.');
    } catch (error) {
      setConfirmDelete(false);
      if (isPeriodClosed(error)) {
        setClosedPeriod({ message: error.message, refused: 'delete', reconciled: error.code === RECONCILED_CODE });
      }
      errorToast(saveErrorText(error, 'Failed to delete transaction'));
    }
  };

  /** An ADMIN does what the closed period refused, explicitly (each audit entry records the override). */
  const overrideClosedPeriod = () =>
    closedPeriod?.refused === 'delete'
      ? deleteTransaction({ overrideClosedPeriod: true })
      : submit({ overrideClosedPeriod: true });

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

  /**
   * Another write of the flyout saved the transaction (a split or an unsplit): its version, category, property and
   * lease become the form's, and what the person typed elsewhere (name, notes) stays for the next save.
   */
  const applySaved = (saved: Transaction) => {
    const savedValues = toFormValues(saved);
    setVersion(saved.version);
    setIsIgnoredState(saved.isIgnored);
    setValues((current) =>
      current
        ? {
            ...current,
            category: savedValues.category,
            propertyId: savedValues.propertyId,
            leaseId: savedValues.leaseId,
            leaseChoice: savedValues.leaseChoice,
            leaseReason: savedValues.leaseReason,
          }
        : savedValues,
    );
    setErrors({});
    setConflict(null);
  };

  /** The transaction as saved now (after a 409), or null when it could not be read. */
  const readLatest = async () => (await query.refetch()).data ?? null;

  return {
    open,
    transactionId,
    seed,
    editing,
    transaction,
    /** The single-transaction read failed before there was anything to show; `retryLoad` asks again. */
    loadFailed: editing && !values && query.isError,
    forbidden: editing && isForbiddenError(query.error),
    loadErrorText: errorMessage(query.error, 'Please try again.'),
    retryLoad: () => void query.refetch(),
    values,
    setField,
    errors,
    formError,
    conflict,
    closedPeriod,
    canOverrideClosedPeriod,
    overrideClosedPeriod,
    busy,
    isIgnored,
    ignoreBusy: setIgnored.isPending,
    toggleIgnored,
    pending,
    setPending,
    receiptBusy,
    setReceiptBusy,
    confirmDelete,
    setConfirmDelete,
    deleteBusy: remove.isPending,
    deleteTransaction,
    submit,
    loadLatest,
    /** The version the next write sends (an ignore switch or a split moves it on). */
    version: version ?? transaction?.version ?? null,
    applySaved,
    readLatest,
  };
}

export type TransactionEditor = ReturnType<typeof useTransactionEditor>;
