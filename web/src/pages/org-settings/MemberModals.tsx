import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Role } from '@rent/shared/core/roles';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import type { Members } from './MembersSection';
import { memberLabel } from './use-org-settings';

/** Changing a member's role: the new role from those the signed-in person may assign. */
export function MemberRoleModal({ members }: { members: Members }) {
  const dialog = members.roleDialog;
  const selectedOption = dialog?.options.find((o) => o.value === dialog.role) ?? null;
  return (
    <Modal
      visible={!!dialog}
      onDismiss={members.closeRoleDialog}
      header="Change role"
      closeAriaLabel="Close"
      data-testid="member-role-modal"
      footer={
        <ConfirmFooter
          confirmLabel="Save"
          onCancel={members.closeRoleDialog}
          onConfirm={() => void members.saveRole()}
          busy={dialog?.saving}
          confirmDisabled={dialog?.unchanged}
          confirmTestId="member-role-save"
        />
      }
    >
      {dialog ? (
        <FormField
          label={`Role of ${memberLabel(dialog.member)}`}
          description="The new role applies from their next action."
          controlId="member-role-select"
        >
          <Select
            controlId="member-role-select"
            selectedOption={selectedOption}
            options={dialog.options}
            onChange={({ detail }) => members.chooseRole(detail.selectedOption.value as Role)}
            data-testid="member-role-select"
          />
        </FormField>
      ) : null}
    </Modal>
  );
}

/** Removing a member, with what happens to what they recorded. */
export function MemberRemoveModal({ members, organizationName }: { members: Members; organizationName: string }) {
  return (
    <Modal
      visible={!!members.removing}
      onDismiss={members.closeRemove}
      header="Remove member"
      closeAriaLabel="Close"
      data-testid="member-remove-modal"
      footer={
        <ConfirmFooter
          confirmLabel="Remove"
          onCancel={members.closeRemove}
          onConfirm={() => void members.confirmRemove()}
          busy={members.removePending}
          confirmTestId="member-remove-confirm"
        />
      }
    >
      {members.removing ? (
        <SpaceBetween size="s">
          <Box>
            Remove {memberLabel(members.removing)} ({members.removing.email}) from {organizationName}?
          </Box>
          <Alert type="warning">
            Their access ends at once. What they recorded (such as maintenance requests) stays, attributed to them.
          </Alert>
        </SpaceBetween>
      ) : null}
    </Modal>
  );
}

/** Leaving the organization oneself. */
export function MemberLeaveModal({ members, organizationName }: { members: Members; organizationName: string }) {
  return (
    <Modal
      visible={members.leaving}
      onDismiss={members.closeLeave}
      header="Leave organization"
      closeAriaLabel="Close"
      data-testid="member-leave-modal"
      footer={
        <ConfirmFooter
          confirmLabel="Leave"
          onCancel={members.closeLeave}
          onConfirm={() => void members.confirmLeave()}
          busy={members.leavePending}
          confirmTestId="member-leave-confirm"
        />
      }
    >
      Leave {organizationName}? You lose access to its properties and books at once. If you sign in again, you start in
      a new organization of your own.
    </Modal>
  );
}
