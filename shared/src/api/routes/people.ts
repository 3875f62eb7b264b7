import { z } from 'zod';
import {
  AcceptInvitationInput,
  AcceptInvitationResult,
  Invitation,
  InvitationInput,
  InvitationList,
  InvitationParams,
  InvitationTokenParams,
  PublicInvitation,
} from '../../domain/invitation.js';
import { Member, MemberList, MemberParams, MemberRoleUpdate } from '../../domain/member.js';
import { NotificationPreferences, NotificationPreferencesUpdate } from '../../domain/notifications.js';
import {
  MyOrganization,
  Organization,
  OrganizationUpdate,
  SwitchOrganizationInput,
} from '../../domain/organization.js';
import { ANY_ROLE, OWNERS, STAFF } from '../../domain/roles.js';
import {
  MembershipEventPage,
  SecurityLogPage,
  SecurityLogQuery,
  SignOutEverywhereResult,
} from '../../domain/security.js';
import { defineRoute } from '../route.js';

/**
 * People: sign-out and the security log, notification choices, the organization and switching to another, members
 * and their activity, invitations. Part of THE route table (../routes.ts).
 */
export const peopleRoutes = {
  // Remembers the choice server-side (requests without the header act there); checks the membership itself.
  switchOrganization: defineRoute({
    id: 'switchOrganization',
    method: 'PUT',
    path: '/api/organizations/current',
    body: SwitchOrganizationInput,
    response: MyOrganization,
    roles: ANY_ROLE,
    membership: 'optional',
  }),
  // Org Settings "Membership activity": ADMIN and LANDLORD, as the members policy (they manage members).
  listMembershipEvents: defineRoute({
    id: 'listMembershipEvents',
    method: 'GET',
    path: '/api/members/activity',
    query: SecurityLogQuery,
    response: MembershipEventPage,
    roles: OWNERS,
  }),
  logout: defineRoute({
    id: 'logout',
    method: 'POST',
    path: '/api/logout',
    response: z.object({ ok: z.literal(true) }),
    roles: ANY_ROLE,
  }),
  // Account and security: each person reads only their own log and ends only their own sessions.
  listSecurityLog: defineRoute({
    id: 'listSecurityLog',
    method: 'GET',
    path: '/api/security-log',
    query: SecurityLogQuery,
    response: SecurityLogPage,
    roles: ANY_ROLE,
  }),
  signOutEverywhere: defineRoute({
    id: 'signOutEverywhere',
    method: 'POST',
    path: '/api/sign-out-everywhere',
    response: SignOutEverywhereResult,
    roles: ANY_ROLE,
    userPoolAccess: ['cognito-idp:AdminUserGlobalSignOut'],
  }),
  // Notification emails (docs/people.md "Notification emails"): each person's own choices.
  getNotificationPreferences: defineRoute({
    id: 'getNotificationPreferences',
    method: 'GET',
    path: '/api/notification-preferences',
    response: NotificationPreferences,
    roles: ANY_ROLE,
  }),
  updateNotificationPreferences: defineRoute({
    id: 'updateNotificationPreferences',
    method: 'PUT',
    path: '/api/notification-preferences',
    body: NotificationPreferencesUpdate,
    response: NotificationPreferences,
    roles: ANY_ROLE,
  }),
  getOrganization: defineRoute({
    id: 'getOrganization',
    method: 'GET',
    path: '/api/organization',
    response: Organization,
    roles: ANY_ROLE,
  }),
  updateOrganization: defineRoute({
    id: 'updateOrganization',
    method: 'PUT',
    path: '/api/organization',
    body: OrganizationUpdate,
    response: Organization,
    roles: OWNERS,
  }),
  // Members (docs/people.md "Members and roles"): staff see the team; ADMIN and LANDLORD manage it,
  // and the members service enforces the rest (only an ADMIN grants ADMIN or changes or removes an ADMIN or a
  // LANDLORD, the last ADMIN, no change of one's own role).
  listMembers: defineRoute({
    id: 'listMembers',
    method: 'GET',
    path: '/api/members',
    response: MemberList,
    roles: STAFF,
  }),
  leaveOrganization: defineRoute({
    id: 'leaveOrganization',
    method: 'POST',
    path: '/api/members/leave',
    response: z.object({ ok: z.literal(true) }),
    roles: ANY_ROLE,
  }),
  updateMemberRole: defineRoute({
    id: 'updateMemberRole',
    method: 'PATCH',
    path: '/api/members/{userId}',
    params: MemberParams,
    body: MemberRoleUpdate,
    response: Member,
    roles: OWNERS,
  }),
  removeMember: defineRoute({
    id: 'removeMember',
    method: 'DELETE',
    path: '/api/members/{userId}',
    params: MemberParams,
    response: z.object({ userId: z.string() }),
    roles: OWNERS,
  }),
  // Invitations (docs/people.md "Invitations"): ADMIN and LANDLORD manage them; the
  // link's page reads one publicly (GET changes nothing) and acceptance is a POST by the signed-in invitee.
  listInvitations: defineRoute({
    id: 'listInvitations',
    method: 'GET',
    path: '/api/invitations',
    response: InvitationList,
    roles: OWNERS,
  }),
  createInvitation: defineRoute({
    id: 'createInvitation',
    method: 'POST',
    path: '/api/invitations',
    body: InvitationInput,
    response: Invitation,
    roles: OWNERS,
    status: 201,
    sendsEmail: true,
  }),
  resendInvitation: defineRoute({
    id: 'resendInvitation',
    method: 'POST',
    path: '/api/invitations/{id}/resend',
    params: InvitationParams,
    response: Invitation,
    roles: OWNERS,
    sendsEmail: true,
  }),
  revokeInvitation: defineRoute({
    id: 'revokeInvitation',
    method: 'POST',
    path: '/api/invitations/{id}/revoke',
    params: InvitationParams,
    response: Invitation,
    roles: OWNERS,
  }),
  getInvitationByToken: defineRoute({
    id: 'getInvitationByToken',
    method: 'GET',
    path: '/api/invitations/by-token/{token}',
    params: InvitationTokenParams,
    response: PublicInvitation,
    roles: ANY_ROLE,
    public: true,
  }),
  acceptInvitation: defineRoute({
    id: 'acceptInvitation',
    method: 'POST',
    path: '/api/invitations/accept',
    body: AcceptInvitationInput,
    response: AcceptInvitationResult,
    roles: ANY_ROLE,
    membership: 'optional',
  }),
} as const;
