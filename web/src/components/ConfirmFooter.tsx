import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';

/** A confirmation modal's footer: Cancel, then the primary action, both held while it runs. */
export function ConfirmFooter(props: {
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
  busyText?: string;
  /** The primary action is not available yet (nothing changed). */
  confirmDisabled?: boolean;
  confirmTestId?: string;
}) {
  return (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="link" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <Button
          variant="primary"
          onClick={props.onConfirm}
          loading={props.busy}
          loadingText={props.busyText}
          disabled={props.confirmDisabled}
          data-testid={props.confirmTestId}
        >
          {props.confirmLabel}
        </Button>
      </SpaceBetween>
    </Box>
  );
}
