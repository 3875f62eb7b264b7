import { currentLease } from '@rent/shared/core/leases';
import { isOpenMaintenance } from '@rent/shared/core/maintenance';
import { isTenant } from '@rent/shared/core/roles';
import { useRentalHistory } from '../../api/leases';
import { useMaintenancePage } from '../../api/maintenance';
import { useOrganization } from '../../api/organization';
import { useProperties } from '../../api/properties';
import { useSession } from '../../auth/session';
import { useBankAttention } from '../../features/bank-link/use-bank-attention';
import { todayIso } from '../../lib/dates';
import { sumCents, sumKnownCents } from '../../lib/money';

/** "Ada" from "Ada Lovelace"; null without a name. */
export function firstName(name: string | null | undefined): string | null {
  return name?.trim().split(/\s+/)[0] ?? null;
}

/** Requests read for a tenant's open count: their own, newest first (more than anyone has open at once). */
const OWN_REQUESTS = 50;

/**
 * The dashboard's figures: the organization, and its properties' count, units, monthly rent and market value; for a
 * tenant, this month's rent and their open requests too.
 */
export function useDashboard() {
  const session = useSession();
  const org = useOrganization();
  const tenant = isTenant(org.role);
  const properties = useProperties({ enabled: !!org.organization });
  const list = properties.data ?? [];
  // The bank banner: the body waits for the status, so the banner never pushes content in (layout shift).
  const bank = useBankAttention(org.role);
  const tenantSummary = useTenantSummary(tenant);
  return {
    org,
    bank,
    tenant,
    tenantSummary,
    properties,
    list,
    /** A property without a unit count counts as one unit. */
    units: list.reduce((n, p) => n + (p.numberOfUnits ?? 1), 0),
    rent: sumCents(list.map((p) => p.monthlyRent)),
    /** Of the properties whose market value is known; none known is null ("—"). */
    value: sumKnownCents(list.map((p) => p.currentMarketValue)),
    hello: firstName(session.data?.name),
  };
}

/**
 * A tenant's rent this month on their current lease (`currentLease`, the rule behind the API's currentAssignmentId, as
 * Rental History shows it) and their open maintenance requests: read beside the properties, not after them (the
 * summary shows with the home, and a phone's load would otherwise wait a round trip more and draw once more).
 */
function useTenantSummary(tenant: boolean) {
  const history = useRentalHistory({ enabled: tenant });
  const requests = useMaintenancePage({}, { limit: OWN_REQUESTS, cursor: null }, { enabled: tenant });
  const lease = history.data ? currentLease(history.data.leases, todayIso()) : null;
  const month = todayIso().slice(0, 7);
  return {
    rentPending: history.isPending,
    thisMonth: lease?.months.find((m) => m.month === month) ?? null,
    /** Undefined until the requests have arrived. */
    openRequests: requests.data?.maintenanceRequests.filter((r) => isOpenMaintenance(r.status)).length,
  };
}

export type TenantSummaryFigures = ReturnType<typeof useTenantSummary>;
