import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
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
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={page.cancelDelete}>
              Cancel
            </Button>
            <Button
              data-testid="rule-delete-confirm"
              variant="primary"
              loading={page.deleteBusy}
              onClick={() => void page.deleteRule()}
            >
              Delete
            </Button>
          </SpaceBetween>
        </Box>
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
