import { isTenant } from '@rent/shared/core/roles';
import { isId } from '@rent/shared/core/validation';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMaintenanceRequest } from '../../api/maintenance';
import { useMembers } from '../../api/members';
import { useOrganization } from '../../api/organization';
import { useSession } from '../../auth/session';
import { toast } from '../../components/toast/store';
import { closeMaintenanceFlyout, openMaintenanceFlyout, useMaintenanceFlyout } from './store';

const MaintenanceFlyout = lazy(() =>
  import('./MaintenanceFlyout').then((module) => ({ default: module.MaintenanceFlyout })),
);

/** The URL parameter that opens the flyout from a link on any page: ?maintenance=new or ?maintenance=<id>. */
export const MAINTENANCE_PARAM = 'maintenance';

/**
 * Mounted once by the shell, for every member (tenants report issues; staff manage them). Loads the flyout's
 * code the first time it opens, and opens it from `?maintenance=` links, then drops the parameter.
 */
export function MaintenanceFlyoutHost() {
  const flyout = useMaintenanceFlyout();
  const session = useSession();
  const { role } = useOrganization();
  const location = useLocation();
  const navigate = useNavigate();
  const [needed, setNeeded] = useState(false);
  if (flyout.open && !needed) setNeeded(true);
  const signedIn = session.status === 'authenticated' && !!role;
  const staff = signedIn && !isTenant(role);

  const [linked, setLinked] = useState<string | null>(null);
  const linkedRequest = useMaintenanceRequest(linked);
  useEffect(() => {
    if (!signedIn) return;
    const params = new URLSearchParams(location.search);
    const wanted = params.get(MAINTENANCE_PARAM);
    if (wanted === null) return;
    params.delete(MAINTENANCE_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
    if (wanted === 'new' || wanted === '') openMaintenanceFlyout(null);
    else if (isId(wanted)) setLinked(wanted);
  }, [signedIn, location.search, location.pathname, location.hash, navigate]);
  useEffect(() => {
    if (!linked || linkedRequest.isPending) return;
    if (linkedRequest.data) openMaintenanceFlyout(linkedRequest.data);
    else toast.error('Error', { description: 'That maintenance request was not found.' });
    setLinked(null);
  }, [linked, linkedRequest.isPending, linkedRequest.data]);

  const members = useMembers({ enabled: staff && needed });
  const assignees = useMemo(
    () =>
      (members.data ?? [])
        .filter((m) => !isTenant(m.role))
        .map((m) => ({ userId: m.userId, label: m.name || m.email })),
    [members.data],
  );

  if (!needed || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceFlyout
        key={flyout.session}
        open={flyout.open}
        request={flyout.request}
        staff={staff}
        assignees={assignees}
        onClose={closeMaintenanceFlyout}
        onSaved={closeMaintenanceFlyout}
      />
    </Suspense>
  );
}
