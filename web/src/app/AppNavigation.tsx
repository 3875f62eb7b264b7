import Box from '@cloudscape-design/components/box';
import Icon from '@cloudscape-design/components/icon';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { humanizeRole } from '@rent/shared/core/roles';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOrganization } from '../api/organization';
import { useSession } from '../auth/session';
import { Avatar } from '../components/Avatar';
import { logout } from './logout';
import { activeHref, LOGOUT_HREF, navigationItems } from './navItems';

/** The sidebar (SPEC §2): a user block, the role's links with icons, and Logout. Only rendered when signed in. */
export function AppNavigation({ onFollowed }: { onFollowed?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const { organization, role, isPending } = useOrganization();
  const user = session.data;

  // While the role is unknown show only what everyone sees, so a tenant never glimpses staff links.
  const links = useMemo(() => {
    const all = navigationItems(role);
    return isPending && !role ? all.filter((l) => l.id === 'maintenance' || l.id === 'org-settings') : all;
  }, [role, isPending]);

  const items: SideNavigationProps.Item[] = [
    ...links.map<SideNavigationProps.Item>((link) => ({
      type: 'link',
      text: link.text,
      href: link.href,
      icon: <Icon name={link.icon} />,
    })),
    { type: 'divider' },
    { type: 'link', text: 'Logout', href: LOGOUT_HREF, icon: <Icon name="sign-out" /> },
  ];

  return (
    <div data-testid="sidebar">
      <SideNavigation
        header={{ text: organization?.name ?? 'Rent.Today', href: '/dashboard' }}
        itemsControl={
          user ? (
            <div className="rt-user-block" data-testid="sidebar-user">
              <Avatar name={user.name} email={user.email} image={user.image} size={36} />
              <div className="rt-user-block-text">
                <Box fontWeight="bold">{user.name || user.email}</Box>
                <Box variant="small" color="text-body-secondary">
                  {humanizeRole(role)}
                </Box>
              </div>
            </div>
          ) : undefined
        }
        activeHref={activeHref(pathname, links)}
        items={items}
        onFollow={(event) => {
          event.preventDefault();
          if (event.detail.href === LOGOUT_HREF) {
            void logout();
            return;
          }
          navigate(event.detail.href);
          onFollowed?.();
        }}
      />
    </div>
  );
}
