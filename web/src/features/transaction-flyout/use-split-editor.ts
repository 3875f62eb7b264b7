import { PERIOD_CLOSED_CODE } from '@rent/shared/core/auditDiff';
import { toCents } from '@rent/shared/core/money';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client';
import { saveErrorText, useSplitTransaction, useUnsplitTransaction } from '../../api/transactions';
import { isVersionConflict } from '../../components/ConflictAlert';
import { toast } from '../../components/toast/store';
import {
  buildSplitParts,
  type SplitAction,
  type SplitDraft,
  type SplitServerErrors,
  splitIssues,
  splitReducer,
  startSplit,
} from './splitForm';
import { SUCCESS_TOAST_DELAY_MS, SUCCESS_TOAST_MS, type TransactionEditor } from './use-transaction-editor';

export const SPLIT_ERRORS = { split: 'Error splitting transaction', unsplit: 'Error unsplitting transaction' } as const;

const NO_SERVER_ERRORS: SplitServerErrors = { form: null, parts: {} };

const isPeriodClosed = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === PERIOD_CLOSED_CODE;

/** A refusal the split editor or the parts' view shows where the person is looking. */
interface Refusal {
  /** 409 CONFLICT: someone else saved the transaction since it was read. */
  conflict: string | null;
  /** 409 PERIOD_CLOSED: the server's words (an ADMIN may do it anyway). */
  closedPeriod: string | null;
  /** Anything else the server said. */
  error: string | null;
}
const NO_REFUSAL: Refusal = { conflict: null, closedPeriod: null, error: null };

function refusalOf(error: unknown, fallback: string): Refusal {
  if (isVersionConflict(error)) return { ...NO_REFUSAL, conflict: error.message };
  if (isPeriodClosed(error)) return { ...NO_REFUSAL, closedPeriod: error.message };
  return { ...NO_REFUSAL, error: saveErrorText(error, fallback) };
}

const successToast = (description: string) =>
  toast.success('Success', { description, duration: SUCCESS_TOAST_MS, delay: SUCCESS_TOAST_DELAY_MS });

/**
 * Splitting in the transaction flyout (docs/ledger.md "Split transactions"): the draft of parts being edited (null
 * while none is), PUT /split with the version the flyout holds, and unsplit after a confirmation. Each save hands
 * the saved transaction back to the flyout's editor, so its next save sends the new version.
 */
export function useSplitEditor(editor: TransactionEditor) {
  const { transaction, transactionId } = editor;
  const splitMutation = useSplitTransaction();
  const unsplitMutation = useUnsplitTransaction();
  const [draft, setDraft] = useState<SplitDraft | null>(null);
  // A part was just added: its amount takes the focus (keyboard people carry on typing there).
  const [focusNewPart, setFocusNewPart] = useState(false);
  const [serverErrors, setServerErrors] = useState<SplitServerErrors>(NO_SERVER_ERRORS);
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [confirmUnsplit, setConfirmUnsplit] = useState(false);

  // Stable, so a part's card redraws only when that part changes (a split may have 250).
  const dispatch = useCallback((action: SplitAction) => {
    setFocusNewPart(action.type === 'add');
    // The server's word on a part is about what it was sent: editing that part (or the list) retires it.
    setServerErrors((current) => {
      if (action.type === 'set') {
        if (!(action.index in current.parts)) return current;
        const { [action.index]: _edited, ...others } = current.parts;
        return { ...current, parts: others };
      }
      return action.type === 'add' || action.type === 'remove' ? { ...current, parts: {} } : current;
    });
    setDraft((current) => current && splitReducer(current, action));
  }, []);

  const start = () => {
    if (!transaction) return;
    setDraft(startSplit(transaction));
    setFocusNewPart(false);
    setServerErrors(NO_SERVER_ERRORS);
    setRefusal(NO_REFUSAL);
  };

  const cancel = () => {
    setDraft(null);
    setServerErrors(NO_SERVER_ERRORS);
    setRefusal(NO_REFUSAL);
  };

  const save = async ({ overrideClosedPeriod = false } = {}) => {
    if (!draft || !transactionId || splitMutation.isPending) return;
    const parts = buildSplitParts(draft);
    if (!parts) return;
    setServerErrors(NO_SERVER_ERRORS);
    setRefusal(NO_REFUSAL);
    try {
      const saved = await splitMutation.mutateAsync({
        id: transactionId,
        body: { version: editor.version ?? 1, parts },
        overrideClosedPeriod,
      });
      editor.applySaved(saved);
      setDraft(null);
      successToast(`Transaction split into ${parts.length} parts.`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setServerErrors(splitIssues(error.issues, error.message));
      else setRefusal(refusalOf(error, SPLIT_ERRORS.split));
      toast.error('Error', { description: saveErrorText(error, SPLIT_ERRORS.split) });
    }
  };

  /** After a 409: the saved transaction's version (and amount) under the person's parts, to save again. */
  const loadLatest = async () => {
    const latest = await editor.readLatest();
    if (!latest) return;
    editor.applySaved(latest);
    dispatch({ type: 'total', totalCents: toCents(latest.amount) ?? 0 });
    setRefusal(NO_REFUSAL);
  };

  /** Back to one line: the whole amount on the first part's category and property. */
  const unsplit = async ({ overrideClosedPeriod = false } = {}) => {
    const first = transaction?.parts?.[0];
    if (!transactionId || !first || unsplitMutation.isPending) return;
    setRefusal(NO_REFUSAL);
    try {
      const saved = await unsplitMutation.mutateAsync({
        id: transactionId,
        body: { version: editor.version ?? 1, category: first.category, propertyId: first.propertyId },
        overrideClosedPeriod,
      });
      editor.applySaved(saved);
      setConfirmUnsplit(false);
      successToast('Transaction unsplit: one category and property again.');
    } catch (error) {
      setConfirmUnsplit(false);
      setRefusal(refusalOf(error, SPLIT_ERRORS.unsplit));
      toast.error('Error', { description: saveErrorText(error, SPLIT_ERRORS.unsplit) });
    }
  };

  return {
    /** The parts being edited; null while the editor is closed. */
    draft,
    focusNewPart,
    dispatch,
    start,
    cancel,
    save,
    saving: splitMutation.isPending,
    serverErrors,
    ...refusal,
    canOverrideClosedPeriod: editor.canOverrideClosedPeriod,
    loadLatest,
    confirmUnsplit,
    setConfirmUnsplit,
    unsplit,
    unsplitting: unsplitMutation.isPending,
  };
}

export type SplitEditor = ReturnType<typeof useSplitEditor>;
