import { type IssueType, MAINTENANCE_PAGE_DEFAULT, type MaintenanceStatus } from '@rent/shared/core/maintenance';
import { isTenant } from '@rent/shared/core/roles';
import { isId } from '@rent/shared/core/validation';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type MaintenanceRequest,
  useMaintenancePage as useMaintenanceList,
  useMaintenanceRequest,
} from '../../api/maintenance';
import { useAssignees } from '../../api/members';
import { useOrganization } from '../../api/organization';
import { toast } from '../../components/toast/store';
import { openMaintenanceFlyout } from '../../features/maintenance-flyout/store';
import { useCursorPages } from '../../lib/useCursorPages';

/** The URL parameter that opens a request: /maintenance?request=<id>. */
export const REQUEST_PARAM = 'request';

export interface MaintenanceFilters {
  status: MaintenanceStatus | '';
  propertyId: string;
  issueType: IssueType | '';
  assignedToId: string;
  q: string;
}
const NO_FILTERS: MaintenanceFilters = { status: '', propertyId: '', issueType: '', assignedToId: '', q: '' };

/**
 * The Maintenance page's data and state: the caller's role (a tenant's own requests or the organization's),
 * staff filters, cursor pages and staff members (assignees). The flyout is the shell's (MaintenanceFlyoutHost):
 * the page opens it.
 */
export function useMaintenancePage() {
  const org = useOrganization();
  const tenant = isTenant(org.role);
  const staff = !!org.role && !tenant;
  const [filters, setFilters] = useState<MaintenanceFilters>(NO_FILTERS);
  const filter = useMemo(
    () => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Partial<MaintenanceFilters>,
    [filters],
  );
  const pages = useCursorPages(JSON.stringify(filter));
  const query = useMaintenanceList(filter as never, { limit: MAINTENANCE_PAGE_DEFAULT, cursor: pages.cursor });
  pages.record(query);

  const assignees = useAssignees({ enabled: staff });
  const assigneeName = (userId: string | null) =>
    userId ? (assignees.find((a) => a.userId === userId)?.label ?? 'Former member') : 'Nobody';

  // /maintenance?request=<id> (a link in a message or e-mail) opens that request, then drops the parameter.
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get(REQUEST_PARAM);
  const linkedRequest = useMaintenanceRequest(linked && isId(linked) ? linked : null);
  useEffect(() => {
    if (!linked || (linkedRequest.isPending && isId(linked))) return;
    if (linkedRequest.data) openMaintenanceFlyout(linkedRequest.data);
    else toast.error('Error', { description: 'That maintenance request was not found.' });
    const next = new URLSearchParams(searchParams);
    next.delete(REQUEST_PARAM);
    setSearchParams(next, { replace: true });
  }, [linked, linkedRequest.isPending, linkedRequest.data, searchParams, setSearchParams]);

  return {
    tenant,
    staff,
    roleLoading: org.isPending,
    query,
    requests: query.data?.maintenanceRequests ?? [],
    pages,
    filters,
    setFilter: <K extends keyof MaintenanceFilters>(key: K, value: MaintenanceFilters[K]) =>
      setFilters((f) => ({ ...f, [key]: value })),
    clearFilters: () => setFilters(NO_FILTERS),
    filtered: Object.keys(filter).length > 0,
    assignees,
    assigneeName,
    openNew: () => openMaintenanceFlyout(null),
    openRequest: (request: MaintenanceRequest) => openMaintenanceFlyout(request),
  };
}
