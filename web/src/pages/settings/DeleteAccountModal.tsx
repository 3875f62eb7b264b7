import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import {
  DELETE_CONFIRMATION_PHRASE,
  DELETION_DETAILS_MAX,
  DELETION_REASONS,
  type DeletionReason,
} from '@rent/shared/core/account';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { RouterLink } from '../../lib/navigation';
import type { useDeleteAccountDialog } from './use-delete-account';

const names = (orgs: { name: string }[]) => orgs.map((o) => o.name).join(', ');

/**
 * "Delete my account" confirmed: what will happen to each organization (or why it cannot yet), a reason, anything
 * else, and the typed word.
 */
export function DeleteAccountModal({ d }: { d: ReturnType<typeof useDeleteAccountDialog> }) {
  const selected = DELETION_REASONS.find((r) => r.value === d.reason);
  return (
    <Modal
      visible={d.open}
      onDismiss={d.close}
      header="Delete your account?"
      footer={
        <ConfirmFooter
          confirmLabel="Delete my account"
          onCancel={d.close}
          onConfirm={() => void d.confirm()}
          busy={d.busy}
          confirmDisabled={!d.canDelete}
          confirmTestId="delete-account-confirm"
        />
      }
    >
      {d.loading ? (
        <Spinner />
      ) : (
        <SpaceBetween size="m">
          {d.previewError ? <Alert type="error">{d.previewError}</Alert> : null}
          {d.blockedBy.length > 0 ? (
            <Alert type="warning" header="You are the last admin" data-testid="delete-account-blocked">
              You are the last admin of {names(d.blockedBy)}, which others still belong to. Make another member an admin
              (or remove the other members) in <RouterLink href="/org-settings">Org Settings</RouterLink>, then delete
              your account.
            </Alert>
          ) : (
            <>
              {d.deletes.length > 0 ? (
                <Alert type="error" header="Your organization will be deleted" data-testid="delete-account-purge">
                  You are the only member of {names(d.deletes)}. It will be deleted with all its data: properties,
                  transactions, receipts, rules, reports and maintenance requests.
                </Alert>
              ) : null}
              {d.leaves.length > 0 ? (
                <Box variant="p">You will leave {names(d.leaves)}; its data stays with its other members.</Box>
              ) : null}
              <FormField label="Why are you leaving?">
                <Select
                  selectedOption={selected ? { value: selected.value, label: selected.label } : null}
                  onChange={({ detail }) => d.setReason(detail.selectedOption.value as DeletionReason)}
                  options={DELETION_REASONS.map((r) => ({ value: r.value, label: r.label }))}
                  placeholder="Choose a reason"
                  data-testid="delete-account-reason"
                />
              </FormField>
              <FormField label="Anything else you want to tell us?" constraintText="Optional">
                <Textarea
                  value={d.details}
                  onChange={({ detail }) => d.setDetails(detail.value.slice(0, DELETION_DETAILS_MAX))}
                  rows={3}
                />
              </FormField>
              <FormField label={`To confirm, type ${DELETE_CONFIRMATION_PHRASE}`}>
                <Input
                  value={d.typed}
                  onChange={({ detail }) => d.setTyped(detail.value)}
                  ariaLabel={`Type ${DELETE_CONFIRMATION_PHRASE} to confirm`}
                  data-testid="delete-account-typed"
                />
              </FormField>
            </>
          )}
          {d.error ? <Alert type="error">{d.error}</Alert> : null}
        </SpaceBetween>
      )}
    </Modal>
  );
}
