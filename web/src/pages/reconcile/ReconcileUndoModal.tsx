import Modal from '@cloudscape-design/components/modal';
import { ConfirmFooter } from '../../components/ConfirmFooter';

/** Asks before a finished month is opened again (admins). */
export function ReconcileUndoModal({
  visible,
  onCancel,
  onConfirm,
  busy,
}: {
  visible: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  return (
    <Modal
      visible={visible}
      onDismiss={onCancel}
      header="Undo this reconciliation?"
      footer={
        <ConfirmFooter
          onCancel={onCancel}
          onConfirm={onConfirm}
          confirmLabel="Undo reconciliation"
          busy={busy}
          confirmTestId="reconcile-undo-confirm"
        />
      }
    >
      Its lines can be changed again and the account is no longer reconciled through this month. The undo is recorded
      with your name.
    </Modal>
  );
}
