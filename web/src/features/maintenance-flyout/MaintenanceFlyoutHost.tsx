import { isTenant } from '@rent/shared/core/roles';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMaintenanceRequest } from '../../api/maintenance';
import { useAssignees } from '../../api/members';
import { useOrganization } from '../../api/organization';
import { useSession } from '../../auth/session';
import { toast } from '../../components/toast/store';
import { useFlyoutLink } from '../../lib/useFlyoutLink';
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
  const [needed, setNeeded] = useState(false);
  if (flyout.open && !needed) setNeeded(true);
  const signedIn = session.status === 'authenticated' && !!role;
  const staff = signedIn && !isTenant(role);

  const [linked, setLinked] = useState<string | null>(null);
  const linkedRequest = useMaintenanceRequest(linked);
  useFlyoutLink(MAINTENANCE_PARAM, signedIn, (id) => (id ? setLinked(id) : openMaintenanceFlyout(null)));
  useEffect(() => {
    if (!linked || linkedRequest.isPending) return;
    if (linkedRequest.data) openMaintenanceFlyout(linkedRequest.data);
    else toast.error('Error', { description: 'That maintenance request was not found.' });
    setLinked(null);
  }, [linked, linkedRequest.isPending, linkedRequest.data]);

  const assignees = useAssignees({ enabled: staff && needed });

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
