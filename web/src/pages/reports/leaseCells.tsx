import { formatMoney } from '../../lib/money';

/** What the tables of the lease reports (aging, security deposits) and their phone lists both show. */
export const money = (value: number) => <span className="rt-nowrap">{formatMoney(value, 2)}</span>;

/** A lease's tenant as the reports name them. */
export const tenantName = (tenant: { name: string | null; email: string | null }) =>
  tenant.name ?? tenant.email ?? 'A former member';

/** Where a lease is: the address, and the unit when it has one. */
export const placeOf = (lease: { address: string; unitLabel: string | null }) =>
  lease.unitLabel ? `${lease.address}, ${lease.unitLabel}` : lease.address;

/** A property's deposits when no lease there asks for one. */
export const NO_DEPOSIT_LEASE = "No lease running at the month's end asks for a deposit here.";
