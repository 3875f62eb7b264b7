import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { BANK_STATUS_LABELS, type BankConnectionStatusName } from '@rent/shared/core/banks';
import type { BankAccount, BankConnection } from '../../api/banks';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { EmptyState } from '../../components/EmptyState';
import { PropertyPicker } from '../../components/PropertyPicker';
import { RouterButton } from '../../components/RouterButton';
import { ConnectBankButton } from '../../features/bank-link/ConnectBankButton';
import { formatDateTime } from '../../lib/dates';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { formatMoney } from '../../lib/money';
import type { useBankConnectionsSection } from './use-bank-connections-section';

type Banks = ReturnType<typeof useBankConnectionsSection>;

/** The preview and confirmation of "Apply to past transactions" load when first opened. */
const ApplyDefaultPropertyModal = lazyWhenShown(() =>
  import('../../features/bank-link/ApplyDefaultPropertyModal').then((m) => m.ApplyDefaultPropertyModal),
);

const STATUS_TYPES: Record<BankConnectionStatusName, StatusIndicatorProps.Type> = {
  connected: 'success',
  needs_reconnect: 'error',
  pending_disconnect: 'warning',
};

function StatusBadge({ connection }: { connection: BankConnection }) {
  const date =
    connection.status === 'pending_disconnect' && connection.consentExpiresAt
      ? ` (${formatDateTime(connection.consentExpiresAt)})`
      : '';
  return (
    <StatusIndicator type={STATUS_TYPES[connection.status]}>
      <span data-testid="bank-connection-status">
        {BANK_STATUS_LABELS[connection.status]}
        {date}
      </span>
    </StatusIndicator>
  );
}

const columns = (banks: Banks): TableProps.ColumnDefinition<BankAccount>[] => [
  { id: 'name', header: 'Account', cell: (a) => a.name, isRowHeader: true },
  { id: 'mask', header: 'Number', cell: (a) => (a.mask ? `••${a.mask}` : '—') },
  { id: 'type', header: 'Type', cell: (a) => [a.type, a.subtype].filter(Boolean).join(' · ') },
  { id: 'balance', header: 'Balance', cell: (a) => formatMoney(a.balance, 2) },
  {
    id: 'reconcile',
    header: 'Statements',
    cell: (a) => (
      <RouterButton
        variant="inline-link"
        href={`/transactions/reconcile?account=${encodeURIComponent(a.id)}`}
        ariaLabel={`Reconcile ${a.name}`}
        data-testid="bank-account-reconcile"
      >
        Reconcile
      </RouterButton>
    ),
  },
  {
    id: 'property',
    header: 'Default property',
    minWidth: 200,
    cell: (a) => (
      <SpaceBetween size="xxs">
        <PropertyPicker
          value={a.propertyId ?? ''}
          onChange={(id) => void banks.chooseProperty(a.id, a.name, id || null)}
          allOptionLabel="No property"
          disabled={banks.savingAccount === a.id}
          ariaLabel={`Default property of ${a.name}`}
          testId="bank-account-property"
        />
        {a.propertyId ? (
          <Button
            variant="inline-link"
            onClick={() => banks.openApply(a)}
            ariaLabel={`Apply to past transactions of ${a.name}`}
            data-testid="bank-account-apply-property"
          >
            Apply to past transactions
          </Button>
        ) : null}
      </SpaceBetween>
    ),
  },
];

function ConnectionTable({ connection, banks }: { connection: BankConnection; banks: Banks }) {
  const reconnecting = banks.link.busy === connection.id;
  const syncing = banks.sync.syncing.has(connection.id);
  return (
    <Table
      data-testid="bank-connection"
      variant="embedded"
      items={connection.accounts}
      trackBy="id"
      wrapLines
      columnDefinitions={columns(banks)}
      ariaLabels={{ tableLabel: `${connection.institutionName} accounts` }}
      empty={<Box color="text-body-secondary">The bank listed no accounts.</Box>}
      header={
        <Header
          variant="h3"
          description={
            <SpaceBetween direction="horizontal" size="s">
              <StatusBadge connection={connection} />
              <span>
                Last successful sync: {connection.lastSyncedAt ? formatDateTime(connection.lastSyncedAt) : 'not yet'}
              </span>
              {syncing ? (
                <StatusIndicator type="loading">
                  <span data-testid="bank-connection-syncing">Syncing with the bank</span>
                </StatusIndicator>
              ) : null}
            </SpaceBetween>
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                onClick={() => void banks.sync.syncNow(connection)}
                loading={syncing}
                loadingText={`Syncing ${connection.institutionName}`}
                // The visible words start the accessible name (axe: label-content-name-mismatch).
                ariaLabel={
                  syncing ? `Syncing ${connection.institutionName}` : `Sync now, ${connection.institutionName}`
                }
                data-testid="bank-connection-sync"
              >
                {syncing ? 'Syncing' : 'Sync now'}
              </Button>
              <Button
                onClick={() => void banks.link.reconnect(connection.id, connection.institutionName)}
                loading={reconnecting}
                ariaLabel={`Reconnect ${connection.institutionName}`}
                data-testid="bank-connection-reconnect"
              >
                Reconnect
              </Button>
              {banks.canConnect ? (
                <Button
                  onClick={() => banks.openDisconnect(connection)}
                  ariaLabel={`Disconnect ${connection.institutionName}`}
                  data-testid="bank-connection-disconnect"
                >
                  Disconnect
                </Button>
              ) : null}
            </SpaceBetween>
          }
        >
          <span data-testid="bank-connection-name">{connection.institutionName}</span>
        </Header>
      }
    />
  );
}

/**
 * Org Settings → Bank connections (staff): each connection with its accounts and Reconnect; Connect bank and
 * Disconnect for the owners only.
 */
export function BankConnectionsSection({ banks }: { banks: Banks }) {
  return (
    <Container
      id="bank-connections"
      data-testid="bank-connections"
      header={
        <Header
          variant="h2"
          description={
            banks.canConnect
              ? 'Transactions from connected banks arrive by themselves. Give an account a default property to file its transactions there.'
              : 'Transactions from connected banks arrive by themselves. Give an account a default property to file its transactions there. Admins and landlords connect and disconnect banks.'
          }
          actions={<ConnectBankButton />}
        >
          Bank connections
        </Header>
      }
    >
      {banks.loading ? (
        <StatusIndicator type="loading">Loading bank connections</StatusIndicator>
      ) : banks.error ? (
        <SpaceBetween size="xs">
          <StatusIndicator type="error">{banks.error}</StatusIndicator>
          <Button onClick={banks.retry}>Retry</Button>
        </SpaceBetween>
      ) : banks.connections.length === 0 ? (
        <EmptyState title="No bank connected">
          {banks.canConnect
            ? 'Connect a bank to bring its transactions in automatically.'
            : 'An admin or a landlord can connect a bank to bring its transactions in automatically.'}
        </EmptyState>
      ) : (
        <SpaceBetween size="l">
          {banks.connections.map((connection) => (
            <ConnectionTable key={connection.id} connection={connection} banks={banks} />
          ))}
        </SpaceBetween>
      )}
      <Modal
        visible={!!banks.disconnecting}
        onDismiss={banks.closeDisconnect}
        header={banks.disconnecting ? `Disconnect ${banks.disconnecting.institutionName}?` : 'Disconnect bank?'}
        footer={
          <ConfirmFooter
            confirmLabel="Disconnect"
            onCancel={banks.closeDisconnect}
            onConfirm={() => void banks.confirmDisconnect()}
            busy={banks.disconnectPending}
            busyText="Disconnecting"
            confirmTestId="bank-disconnect-confirm"
          />
        }
      >
        <span data-testid="bank-disconnect-text">{banks.disconnectText}</span>
      </Modal>
      <ApplyDefaultPropertyModal
        shown={banks.applying !== null}
        account={banks.applying}
        busy={banks.applyBusy}
        error={banks.applyError}
        onCancel={banks.closeApply}
        onConfirm={() => void banks.confirmApply()}
      />
    </Container>
  );
}
