import TopNavigation, { type TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { humanizeRole } from '@rent/shared/core/roles';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/client';
import { switchOrganization, useMyOrganizations } from '../api/myOrganizations';
import { useOrganization } from '../api/organization';
import { useSession } from '../auth/session';
import { Avatar } from '../components/Avatar';
import { useSignInModal } from '../components/signin/SignInModal';
import { toast } from '../components/toast/store';
import { openCreateOrganization } from '../features/organizations/store';
import { useMediaQuery } from '../lib/useMediaQuery';
import { logout } from './logout';
import { CREATE_ORG_ITEM, profileMenuItems, switchTarget } from './profileMenu';

/** docs/product.md "Header": the header switches to its scrolled style after 50px. */
export const HEADER_SCROLL_THRESHOLD = 50;

export { SWITCH_ORG_REASON } from './profileMenu';

/**
 * Where the name stands beside the logo. On a phone the logo stands alone: beside the organization and the profile
 * menu the name seldom fits, and TopNavigation, which hides what does not fit, learns that only by measuring after it
 * mounts, then draws the whole bar again in every page's first task. From this width it is given the name and decides.
 */
const NAME_BESIDE_LOGO_QUERY = '(min-width: 480px)';

function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

/**
 * TopNavigation renders its utilities twice (a hidden copy for measuring). Our test hooks go on
 * the visible copy only, and are re-applied when Cloudscape re-renders the bar.
 */
function useUtilityTestIds(container: React.RefObject<HTMLElement | null>, ids: Record<number, string>) {
  const key = JSON.stringify(ids);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const wanted = JSON.parse(key) as Record<string, string>;
    const apply = () => {
      const header = root.querySelector('header');
      if (!header) return;
      for (const el of Array.from(header.querySelectorAll('[data-testid-utility]'))) {
        const index = el.closest('[data-utility-index]')?.getAttribute('data-utility-index');
        if (!index || !wanted[index]) {
          el.removeAttribute('data-testid');
          el.removeAttribute('data-testid-utility');
        }
      }
      for (const [index, testId] of Object.entries(wanted)) {
        const target = header.querySelector<HTMLElement>(`[data-utility-index="${index}"] :is(a, button)`);
        if (target && target.getAttribute('data-testid') !== testId) {
          target.setAttribute('data-testid', testId);
          target.setAttribute('data-testid-utility', '');
        }
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, key]);
}

export function AppHeader({ hideLogin }: { hideLogin: boolean }) {
  const navigate = useNavigate();
  const session = useSession();
  const { organization, role } = useOrganization();
  const { organizations } = useMyOrganizations();
  const signInModal = useSignInModal();
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD);
  const ref = useRef<HTMLDivElement>(null);
  const nameBesideLogo = useMediaQuery(NAME_BESIDE_LOGO_QUERY);

  const signedIn = session.status === 'authenticated' && !!session.data;
  const user = session.data;
  const displayName = user?.name || user?.email || 'Signed in';
  const utilities: TopNavigationProps.Utility[] = [];
  const testIds: Record<number, string> = {};

  if (signedIn && organization) {
    testIds[utilities.length] = 'header-org-name';
    utilities.push({
      type: 'button',
      variant: 'link',
      text: organization.name,
      title: organization.name,
      href: '/org-settings',
      ariaLabel: `Organization: ${organization.name}`,
      disableUtilityCollapse: true,
      onFollow: (event) => {
        event.preventDefault();
        navigate('/org-settings');
      },
    });
  }
  if (signedIn && user) {
    testIds[utilities.length] = 'profile-menu';
    utilities.push({
      type: 'menu-dropdown',
      ariaLabel: `Profile menu for ${displayName}`,
      iconSvg: (
        <Avatar
          name={user.name}
          email={user.email}
          image={user.image}
          size={24}
          testId="profile-avatar"
          key={user.image ?? 'generated'}
        />
      ),
      title: user.email || user.name || 'Your account',
      description: [humanizeRole(role), organization?.name].filter(Boolean).join(' · '),
      disableUtilityCollapse: true,
      items: profileMenuItems(organizations),
      onItemFollow: (event) => {
        if (event.detail.href) {
          event.preventDefault();
          navigate(event.detail.href);
        }
      },
      onItemClick: (event) => {
        if (event.detail.id === 'profile-logout') void logout();
        if (event.detail.id === CREATE_ORG_ITEM) openCreateOrganization();
        const target = switchTarget(event.detail.id, organizations);
        if (target) {
          switchOrganization(target).catch((error: unknown) =>
            toast.error('Failed to switch organization', { description: errorMessage(error) }),
          );
        }
      },
    });
  } else if (!hideLogin && session.status === 'unauthenticated') {
    testIds[utilities.length] = 'header-login';
    utilities.push({
      type: 'button',
      variant: 'primary-button',
      text: 'Log In',
      disableUtilityCollapse: true,
      onClick: () => signInModal.open(),
    });
  }
  useUtilityTestIds(ref, testIds);

  return (
    <div ref={ref} className="rt-header-inner" data-scrolled={scrolled ? 'true' : 'false'}>
      <TopNavigation
        identity={{
          href: '/',
          ...(nameBesideLogo && { title: 'Rent.Today' }),
          logo: { src: '/logo.svg', alt: 'Rent.Today home' },
          onFollow: (event) => {
            event.preventDefault();
            navigate('/');
          },
        }}
        utilities={utilities}
        i18nStrings={{ overflowMenuTriggerText: 'More', overflowMenuTitleText: 'All' }}
      />
    </div>
  );
}
