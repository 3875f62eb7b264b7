import { useState } from 'react';
import { useConfirmReconnect, useCreateLinkToken, useExchangePublicToken } from '../../api/banks';
import { errorMessage } from '../../api/client';
import { toast } from '../../components/toast/store';
import { openPlaidLink } from '../../lib/plaidLink';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Connect a bank (Link, then the server exchanges the public token) and Reconnect one (Link in update mode, then
 * the server checks the item works again; nothing is exchanged). `busy` is what runs: 'new' or a connection id.
 */
export function useBankLink() {
  const linkToken = useCreateLinkToken();
  const exchange = useExchangePublicToken();
  const confirm = useConfirmReconnect();
  const [busy, setBusy] = useState<string | null>(null);

  const connect = async () => {
    if (busy) return;
    setBusy('new');
    try {
      const token = await linkToken.mutateAsync(null);
      const result = await openPlaidLink(token.linkToken);
      if (!result) return;
      if (!result.institution) throw new Error('The bank sign-in did not say which bank it was. Please try again.');
      const connection = await exchange.mutateAsync({
        publicToken: result.publicToken,
        institution: result.institution,
      });
      toast.success('Bank connected', {
        description: `${connection.institutionName}: ${plural(connection.accounts.length, 'account')}. Transactions arrive shortly.`,
      });
    } catch (error) {
      toast.error('Failed to connect bank', { description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const reconnect = async (connectionId: string, institutionName: string) => {
    if (busy) return;
    setBusy(connectionId);
    try {
      const token = await linkToken.mutateAsync(connectionId);
      const result = await openPlaidLink(token.linkToken);
      if (!result) return;
      await confirm.mutateAsync(connectionId);
      toast.success('Bank reconnected', { description: `${institutionName} is connected again.` });
    } catch (error) {
      toast.error('Failed to reconnect bank', { description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return { connect, reconnect, busy };
}
