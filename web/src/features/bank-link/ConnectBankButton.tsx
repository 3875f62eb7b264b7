import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import { OWNERS } from '@rent/shared/core/roles';
import { useOrganization } from '../../api/organization';
import { useBankLink } from './use-bank-link';

/**
 * "Connect bank": opens Plaid Link (its script loads on this click) and stores the new connection. Shown only to the
 * organization's owners (ADMIN, LANDLORD), who alone may connect a bank (docs/people.md "Roles and permissions").
 */
export function ConnectBankButton({ variant = 'normal' }: { variant?: ButtonProps['variant'] }) {
  const { role } = useOrganization();
  const link = useBankLink();
  if (!role || !OWNERS.includes(role)) return null;
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
