import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatMoney } from '../../lib/money';

/** What the tables of the lease reports (aging, security deposits) and their phone lists both show. */
export const money = (value: number) => <span className="rt-nowrap">{formatMoney(value, 2)}</span>;

type Tenant = { name: string | null; email: string | null };

/** A lease's tenant as the reports name them. */
export const tenantName = (tenant: Tenant) => tenant.name ?? tenant.email ?? 'A former member';

/** A table's tenant cell: the name, and the email under it when both are known. */
export function TenantCell({ tenant }: { tenant: Tenant }) {
  return (
    <SpaceBetween size="xxxs">
      <span>{tenantName(tenant)}</span>
      {tenant.name && tenant.email ? (
        <Box variant="small" color="text-body-secondary">
          {tenant.email}
        </Box>
      ) : null}
    </SpaceBetween>
  );
}

/** A phone list row's tenant: the name as its title, and the email under it when both are known. */
export function TenantLines({ tenant }: { tenant: Tenant }) {
  return (
    <>
      <span className="rt-list-title">{tenantName(tenant)}</span>
      {tenant.name && tenant.email ? <span className="rt-list-meta">{tenant.email}</span> : null}
    </>
  );
}

/** Where a lease is: the address, and the unit when it has one. */
export const placeOf = (lease: { address: string; unitLabel: string | null }) =>
  lease.unitLabel ? `${lease.address}, ${lease.unitLabel}` : lease.address;

/** A property's deposits when no lease there asks for one. */
export const NO_DEPOSIT_LEASE = "No lease running at the month's end asks for a deposit here.";
