import * as z from 'zod';
import { INVITATION_STATUSES, INVITATION_TOKEN_PATTERN } from '../core/invitations.js';
import { ROLES } from '../core/roles.js';
import { Id, IsoDate, optionalLine, Timestamp } from './common.js';
import { MAX_ABS_CENTS, moneyField } from './money.js';
import { Role } from './roles.js';

export const InvitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

const Email = z
  .string({ error: 'An email address is required' })
  .trim()
  .max(254, { error: 'That email address is too long' })
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((email) => email.toLowerCase());

const rent = () => moneyField({ min: 0, max: MAX_ABS_CENTS });

/**
 * Invite a person. A TENANT invitation names the property they rent and the lease's terms (monthly rent, deposit,
 * unit, dates), which the lease made at acceptance carries; other roles name no property and no terms.
 */
export const InvitationInput = z
  .strictObject({
    email: Email,
    role: z.enum(ROLES, { error: 'Choose a role: ADMIN, LANDLORD, PROPERTY_MANAGER or TENANT' }),
    propertyId: Id.nullish(),
    unitLabel: optionalLine('Unit', 40).nullish(),
    /** Cents after parsing; a decimal with at most 2 places on the wire, as a lease's. */
    monthlyRent: rent().nullish(),
    securityDeposit: rent().nullish(),
    leaseStart: IsoDate.nullish(),
    leaseEnd: IsoDate.nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.role === 'TENANT' && !value.propertyId) {
      ctx.addIssue({ code: 'custom', path: ['propertyId'], message: 'Choose the property the tenant rents' });
    }
    if (value.role === 'TENANT' && value.propertyId && !(value.monthlyRent && value.monthlyRent > 0)) {
      ctx.addIssue({ code: 'custom', path: ['monthlyRent'], message: 'Enter the monthly rent, more than $0' });
    }
    const terms = [value.unitLabel, value.monthlyRent, value.securityDeposit, value.leaseStart, value.leaseEnd];
    if (value.role !== 'TENANT' && (value.propertyId || terms.some((t) => t !== undefined && t !== null))) {
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
  unitLabel: z.string().nullable(),
  /** Decimals; null for an invitation that is not a tenant's (or one sent before invitations carried rent). */
  monthlyRent: z.number().nullable(),
  securityDeposit: z.number().nullable(),
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
