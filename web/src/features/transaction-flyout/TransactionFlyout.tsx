import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import { useEffect, useState } from 'react';
import { RightDrawer } from '../../components/RightDrawer';
import { ActivityTab } from './ActivityTab';
import { closeTransactionFlyout, getTransactionFlyoutState, useTransactionFlyout } from './store';
import { TransactionDetailsForm } from './TransactionDetailsForm';
import { useActivity } from './use-activity';
import { useSplitEditor } from './use-split-editor';
import { useTransactionEditor } from './use-transaction-editor';

/** The transaction flyout is at most 600px wide. */
export const TRANSACTION_FLYOUT_MAX_WIDTH = 600;
export const MESSAGES_DISABLED_TEXT = 'History will be available once this transaction is saved';

/** The flyout the shell hosts (docs/product.md "Transaction flyout"). A new session (every open) starts afresh. */
export default function TransactionFlyout() {
  const flyout = useTransactionFlyout();
  return <TransactionEditorView key={flyout.session} />;
}

function TransactionEditorView() {
  const editor = useTransactionEditor();
  const split = useSplitEditor(editor);
  const { open, transactionId, seed, editing, transaction, values } = editor;
  const [tab, setTab] = useState('details');

  // Back to Details when the transaction changes or the flyout closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when these change
  useEffect(() => setTab('details'), [transactionId, open]);

  const title = editing ? 'Edit Transaction' : 'Add Transaction';
  const details = !values ? (
    editor.loadFailed ? (
      <Alert
        type="error"
        header={editor.forbidden ? 'Not available for your role' : 'This transaction could not be loaded'}
        action={
          editor.forbidden ? undefined : (
            <Button formAction="none" onClick={editor.retryLoad}>
              Retry
            </Button>
          )
        }
        data-testid="transaction-load-error"
      >
        {editor.loadErrorText}
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
    <TransactionDetailsForm editor={editor} split={split} values={values} title={title} />
  );

  // The Activity loads when the Messages tab shows (and only if there is any); the open count for the badge.
  const activity = useActivity(editing ? transaction : null, tab === 'messages');
  const openReviews = activity.openCount;

  return (
    <>
      <RightDrawer
        open={open}
        onClose={(method) => {
          // The "opening" flag: a click that lands on the backdrop while the flyout slides in does not close it.
          if (method === 'backdrop-click' && getTransactionFlyoutState().opening) return;
          closeTransactionFlyout();
        }}
        title={title}
        description={editing ? (transaction?.name ?? seed?.name) : 'Record money in or out by hand.'}
        maxWidth={TRANSACTION_FLYOUT_MAX_WIDTH}
        closeLabel="Close transaction"
        testId="transaction-flyout"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                formAction="none"
                variant="link"
                onClick={closeTransactionFlyout}
                disabled={editor.busy}
                data-testid="transaction-cancel"
              >
                Cancel
              </Button>
              <Button
                formAction="none"
                variant="primary"
                loading={editor.busy}
                loadingText="Saving..."
                disabled={!values || editor.receiptBusy || !!split.draft}
                disabledReason={split.draft ? 'Save or cancel the split first.' : undefined}
                onClick={() => void editor.submit()}
                data-testid="transaction-save"
              >
                {editor.busy ? 'Saving...' : editing ? 'Update Transaction' : 'Create Transaction'}
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
                  Messages <Badge color="blue">{openReviews}</Badge>
                  <span className="rt-sr-only"> open review requests</span>
                </span>
              ) : (
                'Messages'
              ),
              disabled: !editing,
              disabledReason: MESSAGES_DISABLED_TEXT,
              content: editing ? (
                <ActivityTab activity={activity} />
              ) : (
                <SpaceBetween size="m">
                  <Header variant="h3">Activity</Header>
                  <Box color="text-body-secondary">{MESSAGES_DISABLED_TEXT}</Box>
                </SpaceBetween>
              ),
            },
          ]}
        />
      </RightDrawer>
      <Modal
        visible={editor.confirmDelete}
        onDismiss={() => (editor.deleteBusy ? undefined : editor.setConfirmDelete(false))}
        header="Delete transaction"
        data-testid="transaction-delete-modal"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                formAction="none"
                variant="link"
                onClick={() => editor.setConfirmDelete(false)}
                disabled={editor.deleteBusy}
              >
                Cancel
              </Button>
              <Button
                formAction="none"
                variant="primary"
                loading={editor.deleteBusy}
                onClick={() => void editor.deleteTransaction()}
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
