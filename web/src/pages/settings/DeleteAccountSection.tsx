import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { useDeleteAccountDialog } from './use-delete-account';

/* The confirmation (its reason picker, text fields and the preview it reads) loads when first opened. */
const DeleteAccountModal = lazyWhenShown(() => import('./DeleteAccountModal').then((m) => m.DeleteAccountModal));

/** The danger zone of /settings/account: "Delete my account" behind a confirmation that says what will happen. */
export function DeleteAccountSection() {
  const d = useDeleteAccountDialog();
  return (
    <Container header={<Header variant="h2">Delete account</Header>} data-testid="delete-account">
      <SpaceBetween size="s">
        <Box variant="p">
          Deleting your account removes you from your organizations and erases your name and email from Rent.Today. It
          cannot be undone.
        </Box>
        <Button onClick={d.show} data-testid="delete-account-open">
          Delete my account
        </Button>
      </SpaceBetween>
      <DeleteAccountModal shown={d.open} d={d} />
    </Container>
  );
}
