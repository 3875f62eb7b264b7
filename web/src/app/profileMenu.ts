import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { humanizeRole, type Role } from '@rent/shared/core/roles';

/** docs/product.md "Profile menu": Switch Organization's tooltip while the person belongs to one organization. */
export const SWITCH_ORG_REASON = 'You belong to one organization. Create another to switch between them.';
export const CREATE_ORG_ITEM = 'profile-create-org';
export const SWITCH_ORG_PREFIX = 'profile-switch-org:';

export interface OrganizationChoice {
  id: string;
  name: string;
  role: Role;
  current: boolean;
}

/**
 * The profile menu. With two or more organizations, Switch Organization lists them (checkbox items: the
 * current one is checked, announced as such, and every one is reachable with the arrow keys); with one it
 * stays disabled with its tooltip, and Create Organization beside it is how to get a second.
 */
export function profileMenuItems(organizations: readonly OrganizationChoice[]): ButtonDropdownProps.Items {
  const switchOrg: ButtonDropdownProps.ItemOrGroup =
    organizations.length >= 2
      ? {
          id: 'profile-switch-org',
          text: 'Switch Organization',
          items: organizations.map((o) => ({
            id: `${SWITCH_ORG_PREFIX}${o.id}`,
            itemType: 'checkbox' as const,
            checked: o.current,
            text: o.name,
            secondaryText: o.current ? `${humanizeRole(o.role)} · current` : humanizeRole(o.role),
          })),
        }
      : {
          id: 'profile-switch-org',
          text: 'Switch Organization',
          disabled: true,
          disabledReason: SWITCH_ORG_REASON,
          iconName: 'group',
        };
  return [
    { id: 'profile-view', text: 'View Profile', href: '/settings/account', iconName: 'user-profile' },
    { id: 'profile-preferences', text: 'Preferences', href: '/settings/preferences', iconName: 'settings' },
    { id: 'profile-notifications', text: 'Notifications', href: '/settings/notifications', iconName: 'notification' },
    { id: 'profile-security', text: 'Security & Privacy', href: '/settings/security', iconName: 'security' },
    switchOrg,
    { id: CREATE_ORG_ITEM, text: 'Create Organization', iconName: 'add-plus' },
    { id: 'profile-help', text: 'Help & Support', href: '/help', iconName: 'support' },
    { id: 'profile-logout', text: 'Logout', iconName: 'sign-out' },
  ];
}

/** The organization a clicked item switches to, if it is another one than the current. */
export function switchTarget(itemId: string, organizations: readonly OrganizationChoice[]): string | null {
  if (!itemId.startsWith(SWITCH_ORG_PREFIX)) return null;
  const target = organizations.find((o) => `${SWITCH_ORG_PREFIX}${o.id}` === itemId);
  return target && !target.current ? target.id : null;
}
