import { isTenant } from '@rent/shared/core/roles';
import { isId } from '@rent/shared/core/validation';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOrganization } from '../../api/organization';
import { useSession } from '../../auth/session';
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
  const location = useLocation();
  const navigate = useNavigate();
  const [needed, setNeeded] = useState(false);
  if (flyout.open && !needed) setNeeded(true);

  // Bookkeeping is for staff: a tenant never gets the flyout (the server would refuse it anyway).
  const signedIn = session.status === 'authenticated' && !!role && !isTenant(role);
  useEffect(() => {
    if (!signedIn) return;
    const params = new URLSearchParams(location.search);
    const wanted = params.get(FLYOUT_PARAM);
    if (wanted === null) return;
    params.delete(FLYOUT_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
    if (wanted === 'new' || wanted === '') openTransactionFlyout(null);
    else if (isId(wanted)) openTransactionFlyout(wanted);
  }, [signedIn, location.search, location.pathname, location.hash, navigate]);

  if (!needed || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <TransactionFlyout />
    </Suspense>
  );
}
