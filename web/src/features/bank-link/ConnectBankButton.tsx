import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import { useBankLink } from './use-bank-link';

/** "Connect bank": opens Plaid Link (its script loads on this click) and stores the new connection. */
export function ConnectBankButton({ variant = 'normal' }: { variant?: ButtonProps['variant'] }) {
  const link = useBankLink();
  return (
    <Button
      variant={variant}
      iconName="add-plus"
      onClick={() => void link.connect()}
      loading={link.busy === 'new'}
      loadingText="Connecting bank"
      data-testid="connect-bank"
    >
      Connect bank
    </Button>
  );
}
