import { DELETE_CONFIRMATION_PHRASE, type DeletionReason } from '@rent/shared/core/account';
import { useState } from 'react';
import { useAccountDeletionPreview, useDeleteAccount } from '../../api/account';
import { errorMessage } from '../../api/client';
import { logout } from '../../app/logout';

/**
 * "Delete my account": the confirmation's data (what would happen, fetched when it opens), the reason, the typed
 * word, and the deletion, after which this browser's session ends (the server already refuses its token).
 */
export function useDeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DeletionReason | null>(null);
  const [details, setDetails] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const preview = useAccountDeletionPreview(open);
  const remove = useDeleteAccount();

  const blockedBy = preview.data?.blockedBy ?? [];
  const canDelete =
    !!preview.data && blockedBy.length === 0 && reason !== null && typed === DELETE_CONFIRMATION_PHRASE && !leaving;

  function show() {
    setOpen(true);
    setError(null);
    setTyped('');
  }
  function close() {
    if (!remove.isPending && !leaving) setOpen(false);
  }
  async function confirm() {
    if (!canDelete || reason === null) return;
    setError(null);
    try {
      await remove.mutateAsync({
        reason,
        details: details.trim() || undefined,
        confirmation: DELETE_CONFIRMATION_PHRASE,
      });
    } catch (failure) {
      setError(errorMessage(failure, 'Your account could not be deleted. Please try again.'));
      return;
    }
    setLeaving(true);
    await logout({ record: false });
  }

  return {
    open,
    show,
    close,
    confirm,
    reason,
    setReason,
    details,
    setDetails,
    typed,
    setTyped,
    canDelete,
    busy: remove.isPending || leaving,
    error,
    loading: open && preview.isPending,
    previewError: preview.isError ? errorMessage(preview.error, 'Could not check your organizations') : null,
    blockedBy,
    deletes: preview.data?.deletesOrganizations ?? [],
    leaves: preview.data?.leavesOrganizations ?? [],
  };
}
