/**
 * People: sign-out and the security log, notification choices, the organization and switching to another, members
 * and their activity, invitations. Part of THE route table (../routes.ts).
 */

import { Done } from '../../domain/common.js';
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
import { Member, MemberList, MemberParams, MemberRoleUpdate, RemovedMember } from '../../domain/member.js';
import { NotificationPreferences, NotificationPreferencesUpdate } from '../../domain/notifications.js';
import {
  CreateOrganizationInput,
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
import type { RouteDef } from '../route.js';

// Remembers the choice server-side (requests without the header act there); checks the membership itself.
export const switchOrganization = {
  id: 'switchOrganization',
  method: 'PUT',
  path: '/api/organizations/current',
  body: SwitchOrganizationInput,
  response: MyOrganization,
  roles: ANY_ROLE,
  membership: 'optional',
} as const satisfies RouteDef;

// Anyone signed in may start an organization of their own and becomes its ADMIN; `membership: 'optional'` so a
// person who belongs to none (removed from their last one) can too. It becomes their remembered choice.
export const createOrganization = {
  id: 'createOrganization',
  method: 'POST',
  path: '/api/organizations',
  body: CreateOrganizationInput,
  response: MyOrganization,
  roles: ANY_ROLE,
  membership: 'optional',
  status: 201,
} as const satisfies RouteDef;

// Org Settings "Membership activity": ADMIN and LANDLORD, as the members policy (they manage members).
export const listMembershipEvents = {
  id: 'listMembershipEvents',
  method: 'GET',
  path: '/api/members/activity',
  query: SecurityLogQuery,
  response: MembershipEventPage,
  roles: OWNERS,
} as const satisfies RouteDef;

export const logout = {
  id: 'logout',
  method: 'POST',
  path: '/api/logout',
  response: Done,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

// Account and security: each person reads only their own log and ends only their own sessions.
export const listSecurityLog = {
  id: 'listSecurityLog',
  method: 'GET',
  path: '/api/security-log',
  query: SecurityLogQuery,
  response: SecurityLogPage,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

export const signOutEverywhere = {
  id: 'signOutEverywhere',
  method: 'POST',
  path: '/api/sign-out-everywhere',
  response: SignOutEverywhereResult,
  roles: ANY_ROLE,
  userPoolAccess: ['cognito-idp:AdminUserGlobalSignOut'],
} as const satisfies RouteDef;

// Notification emails (docs/people.md "Notification emails"): each person's own choices.
export const getNotificationPreferences = {
  id: 'getNotificationPreferences',
  method: 'GET',
  path: '/api/notification-preferences',
  response: NotificationPreferences,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

export const updateNotificationPreferences = {
  id: 'updateNotificationPreferences',
  method: 'PUT',
  path: '/api/notification-preferences',
  body: NotificationPreferencesUpdate,
  response: NotificationPreferences,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

export const getOrganization = {
  id: 'getOrganization',
  method: 'GET',
  path: '/api/organization',
  response: Organization,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

export const updateOrganization = {
  id: 'updateOrganization',
  method: 'PUT',
  path: '/api/organization',
  body: OrganizationUpdate,
  response: Organization,
  roles: OWNERS,
} as const satisfies RouteDef;

// Members (docs/people.md "Members and roles"): staff see the team; ADMIN and LANDLORD manage it,
// and the members service enforces the rest (only an ADMIN grants ADMIN or changes or removes an ADMIN or a
// LANDLORD, the last ADMIN, no change of one's own role).
export const listMembers = {
  id: 'listMembers',
  method: 'GET',
  path: '/api/members',
  response: MemberList,
  roles: STAFF,
} as const satisfies RouteDef;

export const leaveOrganization = {
  id: 'leaveOrganization',
  method: 'POST',
  path: '/api/members/leave',
  response: Done,
  roles: ANY_ROLE,
} as const satisfies RouteDef;

export const updateMemberRole = {
  id: 'updateMemberRole',
  method: 'PATCH',
  path: '/api/members/{userId}',
  params: MemberParams,
  body: MemberRoleUpdate,
  response: Member,
  roles: OWNERS,
} as const satisfies RouteDef;

export const removeMember = {
  id: 'removeMember',
  method: 'DELETE',
  path: '/api/members/{userId}',
  params: MemberParams,
  response: RemovedMember,
  roles: OWNERS,
} as const satisfies RouteDef;

// Invitations (docs/people.md "Invitations"): staff manage them (a PROPERTY_MANAGER tenants' only, which the
// invitations service enforces); the
// link's page reads one publicly (GET changes nothing) and acceptance is a POST by the signed-in invitee.
export const listInvitations = {
  id: 'listInvitations',
  method: 'GET',
  path: '/api/invitations',
  response: InvitationList,
  roles: STAFF,
} as const satisfies RouteDef;

export const createInvitation = {
  id: 'createInvitation',
  method: 'POST',
  path: '/api/invitations',
  body: InvitationInput,
  response: Invitation,
  roles: STAFF,
  status: 201,
  sendsEmail: true,
} as const satisfies RouteDef;

export const resendInvitation = {
  id: 'resendInvitation',
  method: 'POST',
  path: '/api/invitations/{id}/resend',
  params: InvitationParams,
  response: Invitation,
  roles: STAFF,
  sendsEmail: true,
} as const satisfies RouteDef;

export const revokeInvitation = {
  id: 'revokeInvitation',
  method: 'POST',
  path: '/api/invitations/{id}/revoke',
  params: InvitationParams,
  response: Invitation,
  roles: STAFF,
} as const satisfies RouteDef;

export const getInvitationByToken = {
  id: 'getInvitationByToken',
  method: 'GET',
  path: '/api/invitations/by-token/{token}',
  params: InvitationTokenParams,
  response: PublicInvitation,
  roles: ANY_ROLE,
  public: true,
} as const satisfies RouteDef;

export const acceptInvitation = {
  id: 'acceptInvitation',
  method: 'POST',
  path: '/api/invitations/accept',
  body: AcceptInvitationInput,
  response: AcceptInvitationResult,
  roles: ANY_ROLE,
  membership: 'optional',
} as const satisfies RouteDef;
