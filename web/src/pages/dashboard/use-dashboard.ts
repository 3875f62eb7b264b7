import { isTenant } from '@rent/shared/core/roles';
import { useOrganization } from '../../api/organization';
import { useProperties } from '../../api/properties';
import { useSession } from '../../auth/session';
import { useBankAttention } from '../../features/bank-link/use-bank-attention';
import { sumCents, sumKnownCents } from '../../lib/money';

/** "Ada" from "Ada Lovelace"; null without a name. */
export function firstName(name: string | null | undefined): string | null {
  return name?.trim().split(/\s+/)[0] ?? null;
}

/** The dashboard's figures: the organization, and its properties' count, units, monthly rent and market value. */
export function useDashboard() {
  const session = useSession();
  const org = useOrganization();
  const properties = useProperties({ enabled: !!org.organization });
  const list = properties.data ?? [];
  // The bank banner: the body waits for the status, so the banner never pushes content in (layout shift).
  const bank = useBankAttention(org.role);
  return {
    org,
    bank,
    tenant: isTenant(org.role),
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
