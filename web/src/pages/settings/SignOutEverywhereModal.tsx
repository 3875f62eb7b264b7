import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { SIGN_OUT_EVERYWHERE_FAILED, type useSecurityPage } from './use-security-page';

/** "Sign out of all devices" asked once more, with what it does: every session ends, this one included. */
export function SignOutEverywhereModal({ page }: { page: ReturnType<typeof useSecurityPage> }) {
  return (
    <Modal
      data-testid="security-signout-everywhere-modal"
      visible={page.confirming}
      onDismiss={page.cancelSignOutEverywhere}
      header="Sign out of all devices"
      footer={
        <ConfirmFooter
          confirmLabel="Sign out of all devices"
          onCancel={page.cancelSignOutEverywhere}
          onConfirm={() => void page.confirmSignOutEverywhere()}
          busy={page.signOutAllBusy}
          busyText="Signing out of all devices"
          confirmTestId="security-signout-everywhere-confirm"
        />
      }
    >
      <SpaceBetween size="s">
        <Box variant="p">
          Every browser and device signed in to your account, including this one, will be signed out at once. You can
          sign in again with Google afterwards.
        </Box>
        {page.signOutAllError && (
          <Alert type="error" header={SIGN_OUT_EVERYWHERE_FAILED}>
            {page.signOutAllError}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
