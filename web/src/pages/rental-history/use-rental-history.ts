import { isTenant } from '@rent/shared/core/roles';
import { useRentalHistory } from '../../api/leases';
import { useOrganization } from '../../api/organization';

/** Rental History's data: who is looking (a tenant gets their leases; staff get a pointer) and the history. */
export function useRentalHistoryPage() {
  const org = useOrganization();
  const tenant = isTenant(org.role);
  const query = useRentalHistory({ enabled: tenant });
  return {
    roleLoading: org.isPending,
    tenant,
    leases: query.data?.leases ?? [],
    loading: tenant && query.isPending,
    failed: query.isError,
    retry: () => void query.refetch(),
  };
}
