import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import type { useRulesPage } from './use-rules-page';

/** "Delete rule" asked once more: what the rule categorized keeps its category. */
export function RuleDeleteModal({ page }: { page: ReturnType<typeof useRulesPage> }) {
  return (
    <Modal
      data-testid="rule-delete-modal"
      visible={page.toDelete !== null}
      onDismiss={page.cancelDelete}
      header="Delete rule"
      footer={
        <ConfirmFooter
          confirmLabel="Delete"
          onCancel={page.cancelDelete}
          onConfirm={() => void page.deleteRule()}
          busy={page.deleteBusy}
          confirmTestId="rule-delete-confirm"
        />
      }
    >
      <SpaceBetween size="s">
        <Box>
          Delete the rule <b>{page.toDelete?.name}</b>? Transactions it already categorized keep their category.
        </Box>
        {page.deleteError && (
          <Alert type="error" data-testid="rule-delete-error">
            {page.deleteError}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
