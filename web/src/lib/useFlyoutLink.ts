import { isId } from '@rent/shared/core/validation';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A flyout the shell hosts opens from a link on any page: `?<param>=new` or `?<param>=<id>`. Once signed in,
 * the parameter is dropped from the URL (replace, so Back does not reopen it) and `open` gets `null` (new) or
 * the id; anything else is ignored.
 */
export function useFlyoutLink(param: string, enabled: boolean, open: (id: string | null) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const opener = useRef(open);
  opener.current = open;
  useEffect(() => {
    if (!enabled) return;
    const params = new URLSearchParams(location.search);
    const wanted = params.get(param);
    if (wanted === null) return;
    params.delete(param);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
    if (wanted === 'new' || wanted === '') opener.current(null);
    else if (isId(wanted)) opener.current(wanted);
  }, [param, enabled, location.search, location.pathname, location.hash, navigate]);
}
