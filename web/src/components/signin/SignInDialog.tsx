import Modal from '@cloudscape-design/components/modal';
import { DEFAULT_RETURN_PATH } from '../../lib/returnPath';
import { DIALOG_MIN_WIDTH_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { BottomSheet } from '../BottomSheet';
import { SIGN_IN_TITLE, SignInContent } from './SignInContent';

/**
 * The sign-in modal (docs/product.md "Sign-in modal"): a centred Cloudscape Modal from 640px, our bottom sheet below.
 * The content unmounts on close, which resets the button. Sign-in returns to /dashboard.
 */
export default function SignInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const wide = useMediaQuery(DIALOG_MIN_WIDTH_QUERY);
  return wide ? (
    <Modal
      visible={open}
      onDismiss={onClose}
      header={SIGN_IN_TITLE}
      size="small"
      closeAriaLabel="Close sign-in"
      data-testid="signin-modal"
    >
      {open ? <SignInContent returnPath={DEFAULT_RETURN_PATH} onDone={onClose} /> : null}
    </Modal>
  ) : (
    <BottomSheet open={open} onClose={onClose} title={SIGN_IN_TITLE} closeLabel="Close sign-in" testId="signin-sheet">
      <SignInContent returnPath={DEFAULT_RETURN_PATH} onDone={onClose} />
    </BottomSheet>
  );
}
