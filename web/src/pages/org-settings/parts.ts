import { PartLoading } from '../../app/PageLoading';
import { partLoader, partOr } from '../../app/pageLoader';

/** The members table: a desktop's (with the page); a phone shows a list instead (MembersSection). */
export const membersTable = partLoader(() => import('./MembersTable').then((m) => m.MembersTable));

/*
 * The sections below the members, each in a chunk of its own: invitations (with the invite form's pickers), bank
 * connections, membership activity and the closed period (with its date picker). A desktop loads them with the page
 * (routes.tsx), so its first render has them; a phone loads them when their place nears the screen (BelowTheFold).
 */
const invitations = partLoader(() => import('./InvitationsSection').then((m) => m.InvitationsSection));
const bankConnections = partLoader(() => import('./BankConnectionsSection').then((m) => m.BankConnectionsSection));
const membershipActivity = partLoader(() =>
  import('./MembershipActivitySection').then((m) => m.MembershipActivitySection),
);
const closedPeriod = partLoader(() => import('./ClosedPeriodSection').then((m) => m.ClosedPeriodSection));

export const InvitationsSection = partOr(invitations, PartLoading);
export const BankConnectionsSection = partOr(bankConnections, PartLoading);
export const MembershipActivitySection = partOr(membershipActivity, PartLoading);
export const ClosedPeriodSection = partOr(closedPeriod, PartLoading);
export const ORG_SETTINGS_DESKTOP_PARTS = [
  membersTable,
  invitations,
  bankConnections,
  membershipActivity,
  closedPeriod,
];
