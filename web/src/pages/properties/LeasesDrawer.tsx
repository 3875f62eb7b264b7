import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useRef } from 'react';
import type { Lease } from '../../api/leases';
import type { Property } from '../../api/properties';
import { EmptyState } from '../../components/EmptyState';
import { RightDrawer } from '../../components/RightDrawer';
import { MoveOutStatementDownload } from '../../features/rent/MoveOutStatementDownload';
import { formatIsoDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { LeaseForm } from './LeaseFormPanel';
import { LeaseLedger } from './LeaseLedger';
import { LeaseMoveOut } from './LeaseMoveOut';
import { type LeasesDrawerModel, useLeases } from './use-leases';

const STATE = {
  active: <StatusIndicator type="success">Active</StatusIndicator>,
  upcoming: <StatusIndicator type="pending">Upcoming</StatusIndicator>,
  past: <StatusIndicator type="stopped">Ended</StatusIndicator>,
} as const;

/**
 * Tenants and leases of one property (staff): the leases and each one's ledger; add one; edit, end or delete (ADMIN
 * and LANDLORD). A lease's ledger replaces the list while it is open; the form opens below it.
 */
export function LeasesDrawer({ property, onClose }: { property: Property | null; onClose: () => void }) {
  const l = useLeases(property);
  const ledgerOf = l.ledger.leaseId;
  const movingOut = l.moveOut.lease;
  const cameFrom = useRef<string | null>(null);
  // Back from a ledger or a move-out: the keyboard returns to the button it was opened with (or the lease's Ledger
  // button, when the move-out removed its own).
  const openView = ledgerOf
    ? `[data-ledger-for="${ledgerOf}"]`
    : movingOut
      ? `[data-move-out-for="${movingOut.id}"]`
      : null;
  useEffect(() => {
    if (openView) cameFrom.current = openView;
    else if (cameFrom.current) {
      const from = cameFrom.current;
      const fallback = from.replace('data-move-out-for', 'data-ledger-for');
      (document.querySelector<HTMLElement>(from) ?? document.querySelector<HTMLElement>(fallback))?.focus();
      cameFrom.current = null;
    }
  }, [openView]);
  return (
    <RightDrawer
      open={!!property}
      onClose={onClose}
      title="Tenants and leases"
      description={property?.address}
      testId="leases-drawer"
    >
      {ledgerOf ? (
        <LeaseLedger l={l} />
      ) : movingOut ? (
        <LeaseMoveOut lease={movingOut} onBack={l.moveOut.close} />
      ) : (
        <SpaceBetween size="l">
          <Table
            data-testid="leases-table"
            variant="embedded"
            wrapLines
            items={l.leases}
            trackBy="id"
            loading={l.loading}
            loadingText="Loading leases"
            ariaLabels={{ tableLabel: 'Leases' }}
            header={
              <Header
                variant="h3"
                counter={l.loading ? undefined : `(${l.leases.length})`}
                actions={
                  l.form.open ? undefined : (
                    <Button onClick={l.form.openForm} data-testid="lease-add">
                      Add lease
                    </Button>
                  )
                }
              >
                Leases
              </Header>
            }
            empty={
              l.failed ? (
                <EmptyState title="Leases could not be loaded" action={<Button onClick={l.retry}>Retry</Button>}>
                  Please try again.
                </EmptyState>
              ) : (
                <EmptyState title="No leases">Add a lease to give a tenant this home and track their rent.</EmptyState>
              )
            }
            columnDefinitions={[
              {
                id: 'tenant',
                header: 'Tenant',
                isRowHeader: true,
                cell: (lease) => (
                  <SpaceBetween size="xxxs">
                    <span>{lease.tenant.name ?? lease.tenant.email ?? 'Former member'}</span>
                    {lease.unitLabel ? <Box variant="small">{lease.unitLabel}</Box> : null}
                  </SpaceBetween>
                ),
              },
              {
                id: 'dates',
                header: 'Dates',
                cell: (lease) =>
                  `${formatIsoDate(lease.leaseStart)} – ${lease.leaseEnd ? formatIsoDate(lease.leaseEnd) : 'month to month'}`,
              },
              {
                id: 'rent',
                header: 'Rent',
                cell: (lease) => `${formatMoney(lease.monthlyRent, 2)}, due day ${lease.rentDueDay}`,
              },
              { id: 'state', header: 'State', cell: (lease) => STATE[lease.state] },
              { id: 'actions', header: 'Actions', cell: (lease: Lease) => <LeaseActions lease={lease} l={l} /> },
            ]}
          />
          {l.form.open ? <LeaseForm l={l} /> : null}
        </SpaceBetween>
      )}
    </RightDrawer>
  );
}

function LeaseActions({ lease, l }: { lease: Lease; l: LeasesDrawerModel }) {
  const who = lease.tenant.name ?? lease.tenant.email ?? 'this tenant';
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button
        variant="inline-link"
        onClick={() => l.ledger.open(lease)}
        ariaLabel={`Ledger of ${who}`}
        data-ledger-for={lease.id}
        data-testid="lease-ledger-open"
      >
        Ledger
      </Button>
      {l.canChange ? (
        <Button
          variant="inline-link"
          disabled={l.busy || l.form.submitting}
          onClick={() => l.form.openEdit(lease)}
          ariaLabel={`Edit the lease of ${who}`}
          data-testid="lease-edit"
        >
          Edit
        </Button>
      ) : null}
      {l.canChange && !lease.moveOut && lease.state !== 'upcoming' ? (
        <Button
          variant="inline-link"
          disabled={l.busy}
          onClick={() => l.moveOut.open(lease)}
          ariaLabel={`Move out ${who}`}
          data-move-out-for={lease.id}
          data-testid="lease-move-out"
        >
          Move out
        </Button>
      ) : null}
      {lease.moveOut ? (
        <MoveOutStatementDownload
          statement={lease.moveOut}
          variant="inline-link"
          ariaLabel={`Move-out statement of ${who} (PDF)`}
        />
      ) : null}
      {l.canChange && lease.state === 'active' ? (
        <Button
          variant="inline-link"
          disabled={l.busy}
          onClick={() => void l.endToday(lease)}
          ariaLabel={`End today: the lease of ${who}`}
        >
          End today
        </Button>
      ) : null}
      {l.canChange ? (
        <Button
          variant="inline-link"
          disabled={l.busy}
          onClick={() => void l.deleteLease(lease.id)}
          ariaLabel={l.confirmDelete === lease.id ? `Confirm delete of the lease of ${who}` : `Delete lease of ${who}`}
        >
          {l.confirmDelete === lease.id ? 'Confirm delete' : 'Delete'}
        </Button>
      ) : null}
    </SpaceBetween>
  );
}
