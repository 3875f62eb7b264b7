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

/**
 * The sidebar (docs/product.md "Sidebar"): a user block, the role's links with icons, and Logout. Only rendered when
 * signed in.
 */
export function AppNavigation({ onFollowed }: { onFollowed?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const { organization, role, isPending } = useOrganization();
  const user = session.data;

  const links = useMemo(() => navigationItems(role), [role]);

  // The header, the user block and the links appear together once the person, their organization and role are
  // known: nothing in the sidebar moves as they arrive (a long organization name wraps), and a tenant never
  // glimpses staff links.
  const ready = !!user && !isPending;
  const items: SideNavigationProps.Item[] = !ready
    ? []
    : [
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
        header={ready ? { text: organization?.name ?? 'Rent.Today', href: '/dashboard' } : undefined}
        itemsControl={
          user && ready ? (
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
