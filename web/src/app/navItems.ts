import { isTenant, type Role } from '@rent/shared/core/roles';

export interface NavItem {
  id: string;
  text: string;
  href: string;
  icon:
    | 'grid-view'
    | 'location-pin'
    | 'list-view'
    | 'upload-download'
    | 'file'
    | 'history'
    | 'ticket'
    | 'settings'
    | 'sign-out';
}

export const LOGOUT_HREF = '#logout';

/**
 * docs/product.md "Sidebar": non-tenants see Dashboard, Properties, Transactions, Cash Flow and Reports;
 * tenants see Rental History; everyone sees Maintenance, Org Settings and Logout.
 */
export function navigationItems(role: Role | null | undefined): NavItem[] {
  const tenant = isTenant(role);
  const items: NavItem[] = tenant
    ? [{ id: 'rental-history', text: 'Rental History', href: '/rental-history', icon: 'history' }]
    : [
        { id: 'dashboard', text: 'Dashboard', href: '/dashboard', icon: 'grid-view' },
        { id: 'properties', text: 'Properties', href: '/properties', icon: 'location-pin' },
        { id: 'transactions', text: 'Transactions', href: '/transactions', icon: 'list-view' },
        { id: 'cash-flow', text: 'Cash Flow', href: '/cash-flow', icon: 'upload-download' },
        { id: 'reports', text: 'Reports', href: '/reports', icon: 'file' },
      ];
  return [
    ...items,
    { id: 'maintenance', text: 'Maintenance', href: '/maintenance', icon: 'ticket' },
    { id: 'org-settings', text: 'Org Settings', href: '/org-settings', icon: 'settings' },
  ];
}

/** The active item by path prefix; "/" counts as the dashboard. */
export function activeHref(pathname: string, items: readonly NavItem[]): string | undefined {
  if (pathname === '/' || pathname === '') return '/dashboard';
  const match = items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return match?.href;
}
