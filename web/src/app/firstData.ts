import { parseTransactionFilters } from '@rent/shared/core/filters';
import { isTenant, type Role } from '@rent/shared/core/roles';
import { bankStatusQuery } from '../api/banks';
import { lastOrganization } from '../api/organizationChoice';
import { propertiesQuery } from '../api/properties';
import { queryClient } from '../api/queryClient';
import { transactionPageQuery, transactionTotalsQuery } from '../api/transactions';
import { pendingInvitation } from '../auth/pendingInvitation';
import { getSessionState } from '../auth/session';
import { DESKTOP_QUERY } from '../lib/useMediaQuery';
import { ledgerPageSize } from '../pages/transactions/pageSize';

/**
 * Starts the first data requests of the page being opened from the entry module, beside the page's code, instead of
 * after its code arrived and rendered (on a phone's network a round trip or two later). Data there before the page's
 * first render is drawn in that render, which React renders in slices (a transition); an answer that arrives after
 * it draws the page again in one blocking task (react-query's results are an external store, never a transition).
 *
 * Only for a returning visitor whose session and role are known at once (the stored token, the organization as last
 * fetched): the same query keys, functions and options as the pages' hooks, so a page finds the answer, or the
 * request under way, in the cache; the server checks every request as always. Not while this tab signs in for an
 * invitation (the organization is not chosen yet).
 */
export function prefetchFirstData(pathname: string, search: string) {
  const { status, data } = getSessionState();
  if (status !== 'authenticated' || pendingInvitation()) return;
  const role = lastOrganization<{ id: string; userOrgRole?: Role }>(data?.userId)?.userOrgRole;
  if (!role) return;
  const page = pathname === '/' ? '/dashboard' : pathname;
  const prefetch = (query: Parameters<typeof queryClient.prefetchQuery>[0]) => void queryClient.prefetchQuery(query);
  if (isTenant(role)) {
    // A tenant's dashboard is their home (the properties); staff-only reads would answer 403.
    if (page === '/dashboard') prefetch(propertiesQuery());
    return;
  }
  if (page === '/dashboard') {
    // The staff dashboard's body waits for the bank status (the banner never pushes it in).
    prefetch(bankStatusQuery());
    prefetch(propertiesQuery());
  } else if (page === '/transactions') {
    const filters = parseTransactionFilters(new URLSearchParams(search));
    prefetch(transactionPageQuery(filters, ledgerPageSize(window.matchMedia(DESKTOP_QUERY).matches), null));
    prefetch(transactionTotalsQuery(filters));
    prefetch(bankStatusQuery());
    prefetch(propertiesQuery());
  } else if (page === '/properties') {
    prefetch(propertiesQuery());
  }
}
