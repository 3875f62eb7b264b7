import { describe, expect, it } from 'vitest';
import { activeHref, navigationItems } from '../../web/src/app/navItems';

const staffItems = navigationItems('LANDLORD');
const tenantItems = navigationItems('TENANT');

describe('activeHref: the active sidebar item by path prefix', () => {
  it.each([
    ['/', '/dashboard'],
    ['', '/dashboard'],
    ['/dashboard', '/dashboard'],
    ['/transactions', '/transactions'],
    ['/transactions/rules', '/transactions'],
    ['/properties/abc/edit', '/properties'],
    ['/org-settings', '/org-settings'],
    ['/maintenance/123', '/maintenance'],
  ])('%j -> %j for staff', (path, href) => {
    expect(activeHref(path, staffItems)).toBe(href);
  });

  it.each([
    ['a path that only shares letters with an item', '/transactionsx'],
    ['a page with no sidebar item', '/help'],
  ])('no item is active on %s', (_case, path) => {
    expect(activeHref(path, staffItems)).toBeUndefined();
  });

  it('no item is active for a tenant on a staff page', () => {
    expect(activeHref('/transactions', tenantItems)).toBeUndefined();
  });

  it('the longest matching prefix wins', () => {
    const items = [
      { id: 'a', text: 'A', href: '/reports', icon: 'file' as const },
      { id: 'b', text: 'B', href: '/reports/tax', icon: 'file' as const },
    ];
    expect(activeHref('/reports/tax/2026', items)).toBe('/reports/tax');
  });
});

describe('navigationItems (the sidebar)', () => {
  it('staff see the bookkeeping pages, then Maintenance and Org Settings', () => {
    expect(staffItems.map((i) => i.href)).toEqual([
      '/dashboard',
      '/properties',
      '/transactions',
      '/cash-flow',
      '/reports',
      '/maintenance',
      '/org-settings',
    ]);
  });

  it('tenants see Rental History, Maintenance and Org Settings', () => {
    expect(tenantItems.map((i) => i.href)).toEqual(['/rental-history', '/maintenance', '/org-settings']);
  });

  it('an unknown role is shown the staff list (the sidebar hides it until the role loads)', () => {
    expect(navigationItems(null).map((i) => i.id)).toEqual(staffItems.map((i) => i.id));
  });
});

describe('routeHandle: the invitation page', () => {
  it('hides the sidebar and the Log In button on /invite/<token> (it has its own sign-in), not elsewhere', async () => {
    const { routeHandle } = await import('../../web/src/app/routeHandle');
    expect(routeHandle('/invite/abc').hideLogin).toBe(true);
    expect(routeHandle('/invite/abc/').hideLogin).toBe(true);
    expect(routeHandle('/invitations').hideLogin).toBeUndefined();
    expect(routeHandle('/signin').hideLogin).toBe(true);
  });
});
