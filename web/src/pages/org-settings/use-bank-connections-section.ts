import { BANK_MESSAGES } from '@rent/shared/core/banks';
import { OWNERS, type Role, STAFF } from '@rent/shared/core/roles';
import { useState } from 'react';
import {
  type BankAccount,
  type BankConnection,
  useApplyDefaultProperty,
  useBankConnections,
  useDisconnectBank,
  useSetAccountProperty,
} from '../../api/banks';
import { errorMessage } from '../../api/client';
import { addressIn, useProperties } from '../../api/properties';
import { toast } from '../../components/toast/store';
import { useBankLink } from '../../features/bank-link/use-bank-link';
import { useSyncNow } from '../../features/bank-link/use-sync-now';

/**
 * Org Settings' bank connections (staff): the list with accounts, each account's default property, Reconnect
 * (update mode), and for the owners (ADMIN, LANDLORD) Connect bank and Disconnect (which says first that
 * transactions are kept). Read once the section is `shown`.
 */
export function useBankConnectionsSection(role: Role | null, shown: boolean) {
  const canView = !!role && STAFF.includes(role);
  const canConnect = !!role && OWNERS.includes(role);
  const list = useBankConnections({ enabled: canView && shown });
  const setProperty = useSetAccountProperty();
  const disconnect = useDisconnectBank();
  const link = useBankLink();
  const sync = useSyncNow();
  const [disconnecting, setDisconnecting] = useState<BankConnection | null>(null);
  const [savingAccount, setSavingAccount] = useState<string | null>(null);
  const properties = useProperties({ enabled: canView && shown });
  const applyDefault = useApplyDefaultProperty();
  const [applying, setApplying] = useState<{ id: string; name: string; propertyName: string } | null>(null);
  const [applyError, setApplyError] = useState<string | null>(null);
  const propertyName = (id: string) => addressIn(properties.data, id) ?? 'the default property';

  const openApply = (account: BankAccount) => {
    if (!account.propertyId) return;
    setApplyError(null);
    setApplying({ id: account.id, name: account.name, propertyName: propertyName(account.propertyId) });
  };
  const confirmApply = async () => {
    if (!applying) return;
    setApplyError(null);
    try {
      const result = await applyDefault.mutateAsync(applying.id);
      const left = Object.values(result.skipped).reduce((sum, n) => sum + n, 0);
      toast.success('Default property applied', {
        description: `${result.updatedCount === 1 ? '1 transaction' : `${result.updatedCount} transactions`} of ${applying.name} filed under ${applying.propertyName}${left > 0 ? `; ${left} left as they were` : ''}.`,
        duration: 4000,
      });
      setApplying(null);
    } catch (error) {
      setApplyError(errorMessage(error));
    }
  };

  const chooseProperty = async (accountId: string, accountName: string, propertyId: string | null) => {
    setSavingAccount(accountId);
    try {
      await setProperty.mutateAsync({ id: accountId, propertyId });
      toast.success('Default property saved', {
        description: propertyId
          ? `New transactions of ${accountName} go to this property.`
          : `New transactions of ${accountName} get no property.`,
      });
    } catch (error) {
      toast.error('Failed to save the default property', { description: errorMessage(error) });
    } finally {
      setSavingAccount(null);
    }
  };

  const confirmDisconnect = async () => {
    if (!disconnecting) return;
    try {
      await disconnect.mutateAsync(disconnecting.id);
      toast.success('Bank disconnected', {
        description: `${disconnecting.institutionName} is disconnected. Its transactions are kept.`,
      });
      setDisconnecting(null);
    } catch (error) {
      toast.error('Failed to disconnect bank', { description: errorMessage(error) });
    }
  };

  return {
    canView,
    /** Connect bank and Disconnect: the owners' decisions; every staff member may Reconnect. */
    canConnect,
    connections: list.data ?? [],
    loading: list.isPending && list.fetchStatus !== 'idle',
    error: list.error ? errorMessage(list.error) : null,
    retry: () => void list.refetch(),
    savingAccount,
    chooseProperty,
    link,
    /** Sync now: ids of the connections whose sync runs, and the action (toast with its result). */
    sync,
    /** "Apply to past transactions" of an account's default property: the open preview, and its confirmation. */
    applying,
    applyError,
    applyBusy: applyDefault.isPending,
    openApply,
    closeApply: () => !applyDefault.isPending && setApplying(null),
    confirmApply,
    disconnecting,
    disconnectText: BANK_MESSAGES.disconnectKeepsTransactions,
    disconnectPending: disconnect.isPending,
    openDisconnect: (connection: BankConnection) => setDisconnecting(connection),
    closeDisconnect: () => !disconnect.isPending && setDisconnecting(null),
    confirmDisconnect,
  };
}
