/**
 * The notification emails a person can get (docs/people.md "Notification emails").
 * Data-driven: the preferences API, the server's senders and /settings/notifications all read this list,
 * so a later kind (bank-connection problems, ...) is one entry here plus its sender. Zod-free.
 */
export const NOTIFICATION_KINDS = [
  'INVITATION',
  'REVIEW_REQUESTED',
  'REVIEW_CLOSED',
  'MAINTENANCE_UPDATED',
  'BANK_CONNECTION',
  'RENT_REMINDER',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationKindInfo {
  kind: NotificationKind;
  label: string;
  description: string;
  /** False: always sent, shown but not switchable (invitations). */
  optional: boolean;
  /** Sent only to staff (ADMIN, LANDLORD, PROPERTY_MANAGER): a person who is staff nowhere is not shown it. */
  staffOnly?: true;
  /** How the kind reads to someone who is staff nowhere, when it differs. */
  tenantDescription?: string;
}

export const NOTIFICATIONS: readonly NotificationKindInfo[] = [
  {
    kind: 'INVITATION',
    label: 'Invitations',
    description: 'When someone invites you to an organization. Always sent: the link in it is the only way in.',
    optional: false,
  },
  {
    kind: 'REVIEW_REQUESTED',
    label: 'Review requests',
    description: 'When someone asks you to review a transaction.',
    optional: true,
    staffOnly: true,
  },
  {
    kind: 'REVIEW_CLOSED',
    label: 'Review results',
    description: 'When a review you asked for is resolved or declined.',
    optional: true,
    staffOnly: true,
  },
  {
    kind: 'MAINTENANCE_UPDATED',
    label: 'Maintenance updates',
    description:
      'When a maintenance request you reported changes status or gets a comment, and (staff) when one is reported, assigned to you or reopened, or a tenant comments on one assigned to you.',
    tenantDescription: 'When a maintenance request you reported changes status or gets a comment.',
    optional: true,
  },
  {
    kind: 'BANK_CONNECTION',
    label: 'Bank connections',
    description: 'When a bank connection needs attention: sign in to the bank again, or it is about to disconnect.',
    optional: true,
    staffOnly: true,
  },
  {
    kind: 'RENT_REMINDER',
    label: 'Rent reminders',
    description: 'A few days before rent is due, when some of it is still to pay; and when it is late.',
    optional: true,
  },
];

export const OPTIONAL_NOTIFICATION_KINDS = NOTIFICATIONS.filter((n) => n.optional).map((n) => n.kind);

export type NotificationPreferenceMap = Record<NotificationKind, boolean>;

/**
 * The kinds /settings/notifications shows a person: all of them to someone who is staff in any of their
 * organizations (the choices are the person's, not per organization), the tenant's few, in a tenant's words, to
 * someone who is a tenant everywhere.
 */
export function notificationsShownTo(staffSomewhere: boolean): NotificationKindInfo[] {
  if (staffSomewhere) return [...NOTIFICATIONS];
  return NOTIFICATIONS.filter((n) => !n.staffOnly).map((n) => ({
    ...n,
    description: n.tenantDescription ?? n.description,
  }));
}

/** Everything on except the kinds turned off; kinds that are not optional are always on. */
export function notificationPreferences(off: readonly string[]): NotificationPreferenceMap {
  return Object.fromEntries(
    NOTIFICATIONS.map((n) => [n.kind, !n.optional || !off.includes(n.kind)]),
  ) as NotificationPreferenceMap;
}
