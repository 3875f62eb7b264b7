import { z } from 'zod';
import { INVITATION_STATUSES, INVITATION_TOKEN_PATTERN } from '../core/invitations.js';
import { ROLES } from '../core/roles.js';
import { Id, IsoDate, Timestamp } from './common.js';
import { Role } from './roles.js';

export const InvitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

const Email = z
  .string({ error: 'An email address is required' })
  .trim()
  .max(254, { error: 'That email address is too long' })
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((email) => email.toLowerCase());

/**
 * Invite a person. A TENANT invitation names the property they rent (and optionally the lease dates,
 * kept for the tenancy); other roles name no property.
 */
export const InvitationInput = z
  .strictObject({
    email: Email,
    role: z.enum(ROLES, { error: 'Choose a role: ADMIN, LANDLORD, PROPERTY_MANAGER or TENANT' }),
    propertyId: Id.nullish(),
    leaseStart: IsoDate.nullish(),
    leaseEnd: IsoDate.nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.role === 'TENANT' && !value.propertyId) {
      ctx.addIssue({ code: 'custom', path: ['propertyId'], message: 'Choose the property the tenant rents' });
    }
    if (value.role !== 'TENANT' && (value.propertyId || value.leaseStart || value.leaseEnd)) {
      ctx.addIssue({ code: 'custom', path: ['propertyId'], message: 'Only a tenant invitation names a property' });
    }
    if (value.leaseStart && value.leaseEnd && value.leaseEnd < value.leaseStart) {
      ctx.addIssue({ code: 'custom', path: ['leaseEnd'], message: 'The lease cannot end before it starts' });
    }
  });
export type InvitationInput = z.infer<typeof InvitationInput>;

/** An invitation as its organization's admins and landlords see it (never its token). */
export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  propertyId: z.string().nullable(),
  leaseStart: z.string().nullable(),
  leaseEnd: z.string().nullable(),
  status: InvitationStatus,
  expiresAt: Timestamp,
  invitedBy: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Invitation = z.infer<typeof Invitation>;

export const InvitationList = z.object({ invitations: z.array(Invitation) });
export const InvitationParams = z.strictObject({ id: Id });

export const InvitationToken = z
  .string({ error: 'An invitation token is required' })
  .regex(INVITATION_TOKEN_PATTERN, { error: 'That invitation link is not valid' });
export const InvitationTokenParams = z.strictObject({ token: InvitationToken });
export const AcceptInvitationInput = z.strictObject({ token: InvitationToken });

/** What the public invitation page may know: nothing about the invitee, nothing else about the organization. */
export const PublicInvitation = z.object({
  organizationName: z.string(),
  role: Role,
  inviterName: z.string(),
  status: InvitationStatus,
});
export type PublicInvitation = z.infer<typeof PublicInvitation>;

export const AcceptInvitationResult = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  role: Role,
});
