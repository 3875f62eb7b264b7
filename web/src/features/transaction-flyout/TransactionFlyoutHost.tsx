import { isTenant } from '@rent/shared/core/roles';
import { lazy, Suspense, useState } from 'react';
import { useOrganization } from '../../api/organization';
import { useSession } from '../../auth/session';
import { useFlyoutLink } from '../../lib/useFlyoutLink';
import { openTransactionFlyout, useTransactionFlyout } from './store';

const TransactionFlyout = lazy(() => import('./TransactionFlyout'));

/** The URL parameter that opens the flyout from a link on any page: ?transaction=new or ?transaction=<id>. */
export const FLYOUT_PARAM = 'transaction';

/**
 * Mounted once by the shell. Loads the flyout's code the first time it opens (the first page load
 * does not pay for it), and opens it from `?transaction=` links, then drops the parameter.
 */
export function TransactionFlyoutHost() {
  const flyout = useTransactionFlyout();
  const session = useSession();
  const { role } = useOrganization();
  const [needed, setNeeded] = useState(false);
  if (flyout.open && !needed) setNeeded(true);

  // Bookkeeping is for staff: a tenant never gets the flyout (the server would refuse it anyway).
  const signedIn = session.status === 'authenticated' && !!role && !isTenant(role);
  useFlyoutLink(FLYOUT_PARAM, signedIn, (id) => openTransactionFlyout(id));

  if (!needed || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <TransactionFlyout />
    </Suspense>
  );
}
