/** Per-route layout options. */
export interface RouteHandle {
  /** Hides the Log In button and the sidebar (docs/product.md "Header": the hide-login flag). */
  hideLogin?: boolean;
  contentType?: 'default' | 'table' | 'form' | 'cards' | 'dashboard' | 'wizard';
}

const HANDLES: Record<string, RouteHandle> = {
  '/signin': { hideLogin: true },
  '/properties': { contentType: 'table' },
  '/transactions': { contentType: 'table' },
};

export function routeHandle(pathname: string): RouteHandle {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // An invitation link's page: no sidebar or Log In button (it has its own sign-in).
  if (path.startsWith('/invite/')) return { hideLogin: true };
  return HANDLES[path] ?? {};
}
