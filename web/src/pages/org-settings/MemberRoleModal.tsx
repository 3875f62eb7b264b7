import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Role } from '@rent/shared/core/roles';
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
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={members.closeRoleDialog} disabled={dialog?.saving}>
              Cancel
            </Button>
            <Button
              variant="primary"
              onClick={() => void members.saveRole()}
              loading={dialog?.saving}
              disabled={dialog?.unchanged}
              data-testid="member-role-save"
            >
              Save
            </Button>
          </SpaceBetween>
        </Box>
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
