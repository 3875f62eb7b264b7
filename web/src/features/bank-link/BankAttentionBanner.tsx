import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { BankStatus } from '../../api/banks';
import { formatDateTime } from '../../lib/dates';
import { useBankLink } from './use-bank-link';

type Attention = BankStatus['attention'][number];

function text(item: Attention): string {
  if (item.status === 'needs_reconnect')
    return `${item.institutionName} needs you to sign in to the bank again before new transactions can arrive.`;
  const when = item.consentExpiresAt ? ` on ${formatDateTime(item.consentExpiresAt)}` : ' soon';
  return `${item.institutionName} will disconnect${when}. Reconnect to keep its transactions coming.`;
}

/**
 * The banner on Transactions and the dashboard when a bank connection needs someone: Reconnect (Link in update
 * mode) right there. Renders nothing when all is well; pages place it where it cannot push content that is
 * already on screen (they render it with the body they hold until the status is known).
 */
export function BankAttentionBanner({ attention }: { attention: readonly Attention[] }) {
  const link = useBankLink();
  if (attention.length === 0) return null;
  return (
    <Alert
      type="warning"
      header={attention.length === 1 ? 'A bank connection needs attention' : 'Bank connections need attention'}
      data-testid="bank-attention"
    >
      <SpaceBetween size="xs">
        {attention.map((item) => (
          <SpaceBetween key={item.id} direction="horizontal" size="xs" alignItems="center">
            <span>{text(item)}</span>
            <Button
              onClick={() => void link.reconnect(item.id, item.institutionName)}
              loading={link.busy === item.id}
              loadingText={`Reconnecting ${item.institutionName}`}
              ariaLabel={`Reconnect ${item.institutionName}`}
              data-testid="bank-reconnect"
            >
              Reconnect
            </Button>
          </SpaceBetween>
        ))}
      </SpaceBetween>
    </Alert>
  );
}
