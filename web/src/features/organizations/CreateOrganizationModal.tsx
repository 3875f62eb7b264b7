import Box from '@cloudscape-design/components/box';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ORGANIZATION_NAME_MAX } from '@rent/shared/core/organization';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { createOrganization } from '../../api/myOrganizations';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { closeCreateOrganization, useCreateOrganizationOpen } from './store';

function check(name: string): string | null {
  if (!name.trim()) return 'Organization name is required';
  if (name.trim().length > ORGANIZATION_NAME_MAX) {
    return `Organization name must be at most ${ORGANIZATION_NAME_MAX} characters`;
  }
  return null;
}

/**
 * "Create organization" (docs/people.md "Several organizations"): a name, then the person is the new organization's
 * admin and the app starts again in it. Mounted once by the shell; opened from the profile menu, Org Settings and
 * the page shown to someone who belongs to no organization.
 */
export function CreateOrganizationModal() {
  const open = useCreateOrganizationOpen();
  return open ? <CreateOrganizationForm /> : null;
}

function CreateOrganizationForm() {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = check(name);

  const close = () => !busy && closeCreateOrganization();
  const submit = async () => {
    setTouched(true);
    if (problem) return;
    setBusy(true);
    setError(null);
    try {
      await createOrganization(name.trim());
    } catch (failure) {
      setError(errorMessage(failure, 'The organization could not be created. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      onDismiss={close}
      header="Create organization"
      closeAriaLabel="Close"
      data-testid="create-org-modal"
      footer={
        <ConfirmFooter
          confirmLabel="Create organization"
          onCancel={close}
          onConfirm={() => void submit()}
          busy={busy}
          busyText="Creating"
          confirmTestId="create-org-submit"
        />
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Form errorText={error ?? undefined} errorIconAriaLabel="Error">
          <SpaceBetween size="m">
            <Box>
              A new organization starts empty, with you as its admin: its own properties, books and team. Your other
              organizations stay as they are; switch between them from the profile menu.
            </Box>
            <FormField
              label="Organization name"
              constraintText={`At most ${ORGANIZATION_NAME_MAX} characters.`}
              errorText={touched ? problem : null}
              controlId="create-org-name"
            >
              <Input
                controlId="create-org-name"
                value={name}
                onChange={({ detail }) => setName(detail.value)}
                onBlur={() => setTouched(true)}
                invalid={touched && !!problem}
                ariaRequired
                autoComplete="organization"
                data-testid="create-org-name"
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
