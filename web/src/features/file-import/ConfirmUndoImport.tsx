import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatCount } from '@rent/shared/core/money';
import { errorMessage } from '../../api/client';
import { useUndoImport } from '../../api/imports';
import { toast } from '../../components/toast/store';
import { undoneText } from './use-import-wizard';

/** What the confirmation names: the import's file and how many transactions it brought. */
export interface UndoTarget {
  id: string;
  fileName: string;
  importedCount: number;
}

const transactions = (n: number) => `${formatCount(n)} transaction${n === 1 ? '' : 's'}`;

/**
 * "Undo import" asks first (docs/banking.md "One import is one batch"): it says how many transactions go, and
 * that the ones people changed since are kept. Cancel leaves everything as it is.
 */
export function ConfirmUndoImport({ target, onClose }: { target: UndoTarget; onClose: () => void }) {
  const undo = useUndoImport();
  const run = async () => {
    try {
      const result = await undo.mutateAsync(target.id);
      toast.success('Import undone', { description: undoneText(result), duration: 6000 });
      onClose();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'The import could not be undone.') });
    }
  };
  return (
    <Modal
      visible
      onDismiss={() => (undo.isPending ? undefined : onClose())}
      header="Undo import?"
      data-testid="import-undo-confirm"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={undo.isPending}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void run()} loading={undo.isPending} data-testid="import-undo-ok">
              Remove {transactions(target.importedCount)}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box>
          This removes the {transactions(target.importedCount)} imported from <strong>{target.fileName}</strong>.
        </Box>
        <Box color="text-body-secondary">
          Transactions changed since the import (edited, categorized, or given a receipt or a message) are kept.
        </Box>
      </SpaceBetween>
    </Modal>
  );
}
